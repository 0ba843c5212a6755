/**
 * Whether a failed document still costs its report. A report is charged once the work is
 * accepted: a document that made the readers work until a limit stopped it (its plan's OCR
 * pages, the citation cap, the time or memory budget, a PDF's drawing budget, the uploader's cancel) keeps its charge, so the same
 * oversized upload cannot be repeated for free. Failures that did no work worth charging for
 * (our own fault, a file refused on sight) give the report back.
 */
const CHARGED_FAILURES = new Set(['too-many-ocr-pages', 'too-many-citations', 'read-timeout', 'read-memory', 'read-aborted', 'extract-timeout', 'pdf-too-complex']);

export function failureKeepsReport(code: string): boolean {
  return CHARGED_FAILURES.has(code);
}
