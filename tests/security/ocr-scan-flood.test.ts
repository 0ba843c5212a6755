/**
 * Finding 4, a 2,000-page scan holds a reader for minutes, free, repeatably.
 * - fails before: readDocument OCR'd every scanned page whatever the plan (no maxOcrPages);
 * - fails before: read workers took documents first come, first served, so one uploader's
 *   queue of scans held every worker while another uploader's brief waited behind all of them;
 * - fails before: a document stopped by a limit gave its report back, so the attack was free;
 * - fails before: an accepted document could not be cancelled (see the cancel tests below);
 * - fails before: the OCR pool recognised pages first come, first served, so a bystander's
 *   scanned page waited behind every page an attacker's scans had queued before it.
 */
import { PDFDocument } from 'pdf-lib';
import { closeReader, configureReader, readDocument } from '../../packages/reading/src';
import { briefPages, scannedPdf, simpleDocx } from '../../packages/reading/test/fixtures';
import { OCR_PAGE_LIMITS, ocrPageLimit, tooManyOcrPagesMessage } from '../../proto/src';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFsBlobs, createLogger, createSqliteStore, processedEvents, type Bus } from '@citecheck/platform';
import { createEvent } from '../../proto/src';
import { Cancellations } from '../../services/extraction/src/app/cancel-extraction';
import { extractDocument } from '../../services/extraction/src/app/extract-document';
import { jobsCollection } from '../../services/extraction/src/store/jobs';
import { cancelDocument } from '../../services/ingest/src/app/cancel-document';
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

it('recognises a bystander’s scanned page right after the pages in progress, not after an attacker’s queued pages', async () => {
  await closeReader();
  // One OCR worker makes the order plain; four readers let every document send its pages at once.
  configureReader({ workers: 4, ocrWorkers: 1 });
  const attackScan = await scannedPdf(briefPages(8).map((page) => page.paragraphs), { dpi: 150 });
  const bystanderScan = await scannedPdf([briefPages(1)[0].paragraphs], { dpi: 150 });
  // Pages of the attacker's scans recognised so far, by document.
  const attackPagesRead = [0, 0, 0];
  const attackerTotal = () => attackPagesRead.reduce((a, b) => a + b, 0);
  const stop = new AbortController();
  const attacks = attackPagesRead.map((_, i) =>
    readDocument(attackScan, {
      owner: 'attacker',
      signal: stop.signal,
      onProgress: (p) => (attackPagesRead[i] = p.pagesRead),
    }).catch(() => undefined),
  );
  try {
    // The attack is under way: its first page has been recognised and its next pages are queued.
    const deadline = Date.now() + 60_000;
    while (attackerTotal() < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(attackerTotal()).toBeGreaterThanOrEqual(1);
    const before = attackerTotal();
    const bystander = await readDocument(bystanderScan, { owner: 'bystander' });
    const during = attackerTotal() - before;
    expect(bystander.ocrPages).toEqual([1]);
    // Fair: the page in progress (and perhaps one more that finished as the bystander's was
    // rendered). First come, first served: every page the three scans had queued (six or so).
    expect(during).toBeLessThanOrEqual(2);
    expect(attackerTotal()).toBeLessThan(3 * 8); // the attack was still in flight throughout
  } finally {
    stop.abort();
    await Promise.all(attacks);
    await closeReader();
    configureReader({});
  }
}, 180_000);

it('keeps the report of a document a limit stopped, and gives back one that did no work', () => {
  expect(['too-many-ocr-pages', 'too-many-citations', 'read-timeout', 'read-memory'].map(failureKeepsReport)).toEqual([true, true, true, true]);
  expect(['read-failed', 'upload_failed', 'pdf-corrupt', 'file-invalid-type'].map(failureKeepsReport)).toEqual([false, false, false, false]);
});

describe('cancel', () => {
  /**
   * fails before: there was no way to stop a document once accepted: a scan held its reader
   * until it was done or the time budget ran out.
   */
  it('stops a scan in OCR when its uploader cancels it', async () => {
    await closeReader();
    configureReader({});
    const store = createSqliteStore({ dir: ':memory:', service: 'extraction' });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-cancel-'));
    const blobs = createFsBlobs({ dataDir, namespace: 'ingest' });
    const progress: string[] = [];
    const bus: Bus = {
      publish: async (_topic, _key, event) => void progress.push(String((event.payload as { step?: string }).step)),
      subscribe: async () => ({ close: async () => undefined }),
      close: async () => undefined,
    };
    const cancels = new Cancellations();
    try {
      const scan = await blankScan(60);
      await blobs.put('uploads/scan', scan);
      const event = createEvent(
        'document.uploaded',
        { documentId: 'scan', sessionId: 's', userId: 'u', filename: 'scan.pdf', fileType: 'pdf', size: scan.length, blobKey: 'uploads/scan', uploadedAt: new Date().toISOString(), userEmail: 'a@firm.test', ipAddress: '', userType: 'enterprise' },
        'scan',
      );
      const started = Date.now();
      const extraction = extractDocument(
        { bus, blobs, clock: { now: () => new Date() }, logger: createLogger('extraction', 'silent'), jobs: jobsCollection(store), processed: processedEvents(store), model: null, chunkChars: 12_000, readTimeoutMs: 120_000, cancels },
        event,
        { topic: 'document.uploaded', key: 'scan', attempt: 1 },
      );
      // Cancel once OCR is under way.
      while (!progress.includes('OCR') && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
      cancels.cancel('scan');
      const result = await extraction;
      expect(result).toMatchObject({ type: 'pipeline.failed', payload: { code: 'read-aborted', message: 'Reading this document was cancelled.' } });
      expect(failureKeepsReport('read-aborted')).toBe(true);
    } finally {
      await store.close();
      await blobs.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('lets only the uploader cancel, and only while the document is in progress', async () => {
    const published: string[] = [];
    const bus = { publish: async (topic: string) => void published.push(topic) } as unknown as Bus;
    const stages: Record<string, { userId: string; stage: string }> = { mine: { userId: 'u-1', stage: 'uploaded' }, done: { userId: 'u-1', stage: 'validated' } };
    const store = { document: async (id: string) => stages[id] ?? null } as unknown as Parameters<typeof cancelDocument>[0]['store'];
    const user = (id: string) => ({ id, name: 'n', email: 'e@x.test', isVerified: true, userType: 'free' as const, reportLimit: 5, passwordSession: false });
    await expect(cancelDocument({ bus, store }, null, 'mine')).rejects.toMatchObject({ status: 401 });
    await expect(cancelDocument({ bus, store }, user('u-2'), 'mine')).rejects.toMatchObject({ status: 404 });
    await expect(cancelDocument({ bus, store }, user('u-1'), 'done')).rejects.toMatchObject({ status: 409 });
    expect(published).toEqual([]);
    await expect(cancelDocument({ bus, store }, user('u-1'), 'mine')).resolves.toEqual({ success: true, message: 'Cancelling' });
    expect(published).toEqual(['document.cancelled']);
  });
});
