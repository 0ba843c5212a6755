/** Drawing a read's progress for a terminal: pure, so the CLI owns the cursor and the tests own the output. */

export interface ProgressBarInput {
  pagesRead: number;
  totalPages: number;
  ocrPages: number;
}

/**
 * A one-line progress bar, e.g. `[##########----------]  50%  5/10 pages (3 OCR)`.
 * `width` is the number of cells inside the brackets (at least 1).
 *
 * @example renderProgressBar({ pagesRead: 5, totalPages: 10, ocrPages: 0 }, 10) // '[#####-----]  50%  5/10 pages'
 */
export function renderProgressBar({ pagesRead, totalPages, ocrPages }: ProgressBarInput, width = 30): string {
  const cells = Math.max(1, Math.floor(width));
  const total = Math.max(0, Math.floor(totalPages));
  const read = Math.min(Math.max(0, Math.floor(pagesRead)), total);
  const ratio = total === 0 ? 0 : read / total;
  const filled = Math.round(ratio * cells);
  const percent = String(Math.round(ratio * 100)).padStart(3, ' ');
  const ocr = ocrPages > 0 ? ` (${ocrPages} OCR)` : '';
  const pages = total === 0 ? 'starting' : `${read}/${total} page${total === 1 ? '' : 's'}${ocr}`;
  return `[${'#'.repeat(filled)}${'-'.repeat(cells - filled)}] ${percent}%  ${pages}`;
}
