/**
 * Finding 4, a 2,000-page scan holds a reader for minutes, free, repeatably.
 * - fails before: readDocument OCR'd every scanned page whatever the plan (no maxOcrPages);
 * - fails before: read workers took documents first come, first served, so one uploader's
 *   queue of scans held every worker while another uploader's brief waited behind all of them;
 * - fails before: a document stopped by a limit gave its report back, so the attack was free.
 */
import { PDFDocument } from 'pdf-lib';
import { closeReader, configureReader, readDocument } from '../../packages/reading/src';
import { simpleDocx } from '../../packages/reading/test/fixtures';
import { OCR_PAGE_LIMITS, ocrPageLimit, tooManyOcrPagesMessage } from '../../proto/src';
import { failureKeepsReport } from '../../services/ingest/src/domain/charging';

afterAll(async () => {
  await closeReader();
  configureReader({});
});

/** Pages with no text layer: every one goes to OCR. */
async function blankScan(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}

it('stops a scan at its plan’s OCR page cap, naming the number', async () => {
  expect(ocrPageLimit('free')).toBe(OCR_PAGE_LIMITS.free);
  expect(ocrPageLimit(undefined)).toBe(OCR_PAGE_LIMITS.free);
  expect(OCR_PAGE_LIMITS.free).toBeLessThan(OCR_PAGE_LIMITS.premium);
  let ocrPages = 0;
  const reading = readDocument(await blankScan(40), {
    maxOcrPages: 2,
    tooManyOcrPagesMessage: tooManyOcrPagesMessage(2),
    onProgress: (p) => (ocrPages = Math.max(ocrPages, p.ocrPages)),
  });
  await expect(reading).rejects.toMatchObject({ code: 'too-many-ocr-pages', message: expect.stringContaining('more than 2 scanned pages') });
  expect(ocrPages).toBeLessThan(10);
}, 60_000);

it('starts the next document of the uploader with the fewest in hand, not the oldest', async () => {
  await closeReader();
  configureReader({ workers: 1 });
  const brief = await simpleDocx(['A brief citing 550 U.S. 544 (2007).']);
  const finished: string[] = [];
  const read = (owner: string, name: string) => readDocument(brief, { owner }).then(() => void finished.push(name));
  // The attacker's three documents are queued first; the lawyer's comes last.
  await Promise.all([read('attacker', 'a1'), read('attacker', 'a2'), read('attacker', 'a3'), read('lawyer', 'l1')]);
  expect(finished.indexOf('l1')).toBe(1);
}, 60_000);

it('keeps the report of a document a limit stopped, and gives back one that did no work', () => {
  expect(['too-many-ocr-pages', 'too-many-citations', 'read-timeout', 'read-memory'].map(failureKeepsReport)).toEqual([true, true, true, true]);
  expect(['read-failed', 'upload_failed', 'pdf-corrupt', 'file-invalid-type'].map(failureKeepsReport)).toEqual([false, false, false, false]);
});
