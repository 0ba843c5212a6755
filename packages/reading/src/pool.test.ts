/**
 * The pool of read workers: threads are reused across documents, documents queue when every
 * thread is busy, and a document that runs out of time or memory costs only its own thread.
 */
import { closeReader, configureReader, readDocument } from './index';
import { readerStats } from './read';
import * as fixtures from '../test/fixtures';

afterEach(async () => {
  await closeReader();
  configureReader({});
});

const pages = (count: number, cites = 2): Promise<Uint8Array> => fixtures.textPdf(fixtures.briefPages(count, cites).map((page) => page.paragraphs));

it('reads one document after another on the same warm worker', async () => {
  configureReader({ workers: 2 });
  const pdf = fixtures.handMadePdf();
  for (let i = 0; i < 3; i++) {
    const document = await readDocument(pdf);
    expect(document.pages[0].paragraphs.map((p) => p.text)).toEqual(['Ashcroft v. Iqbal, 556 U.S. 662 (2009).']);
  }
  expect(readerStats()).toEqual({ workers: 1, busy: 0, queued: 0 });
});

it('queues documents while every worker is busy, then reads them all', async () => {
  configureReader({ workers: 2 });
  const pdf = await pages(20);
  const reads = Array.from({ length: 5 }, () => readDocument(pdf));
  expect(readerStats()).toEqual({ workers: 2, busy: 2, queued: 3 });
  const documents = await Promise.all(reads);
  expect(documents.map((d) => d.pages.length)).toEqual([20, 20, 20, 20, 20]);
  expect(readerStats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
}, 60_000);

it('a document out of time is stopped without touching the one beside it, and its worker is replaced', async () => {
  configureReader({ workers: 2 });
  const long = await pages(400);
  const short = await pages(10);
  const slow = readDocument(long, { timeoutMs: 500 });
  const quick = readDocument(short, { timeoutMs: 60_000 });
  await expect(slow).rejects.toMatchObject({ code: 'read-timeout' });
  expect((await quick).pages).toHaveLength(10);
  expect(readerStats().workers).toBeLessThanOrEqual(2);
  expect((await readDocument(short)).pages).toHaveLength(10);
}, 60_000);

it('a document queued behind others can be aborted before it starts', async () => {
  configureReader({ workers: 1 });
  const pdf = await pages(50);
  const first = readDocument(pdf);
  const controller = new AbortController();
  const second = readDocument(pdf, { signal: controller.signal });
  expect(readerStats()).toMatchObject({ busy: 1, queued: 1 });
  controller.abort();
  await expect(second).rejects.toMatchObject({ code: 'read-aborted' });
  expect(readerStats()).toMatchObject({ busy: 1, queued: 0 });
  expect((await first).pages).toHaveLength(50);
}, 60_000);

it('a worker that runs out of heap fails its document with read-memory and is replaced', async () => {
  // Mammoth's model of 45,000 paragraphs needs far more than 96 MB; a worker loads in about 40.
  configureReader({ workers: 1, maxHeapMb: 96 });
  const large = await fixtures.manyParagraphsDocx(45_000);
  await expect(readDocument(large, { timeoutMs: 60_000 })).rejects.toMatchObject({ code: 'read-memory' });
  const document = await readDocument(fixtures.handMadePdf(), { timeoutMs: 60_000 });
  expect(document.pages[0].paragraphs).toHaveLength(1);
}, 90_000);

it('closeReader() fails a document in flight with read-aborted; the next read starts a new pool', async () => {
  const reading = readDocument(await pages(200));
  await closeReader();
  await expect(reading).rejects.toMatchObject({ code: 'read-aborted' });
  expect(readerStats()).toEqual({ workers: 0, busy: 0, queued: 0 });
  expect((await readDocument(fixtures.handMadePdf())).pages).toHaveLength(1);
}, 60_000);

/** Thread ids of this process at nice 10 (Linux: each thread has its own nice value). */
function lowPriorityThreads(): Set<number> {
  return new Set([...fixtures.threadNiceValues()].filter(([, nice]) => nice === 10).map(([tid]) => tid));
}

(process.platform === 'linux' ? it : it.skip)('reads a scan at lower priority from its first scanned page, then replaces that thread', async () => {
  configureReader({ workers: 1, ocrWorkers: 1 });
  const before = lowPriorityThreads();
  const scan = await fixtures.scannedPdf([fixtures.briefPages(1)[0].paragraphs, fixtures.briefPages(1)[0].paragraphs], { dpi: 100 });
  let duringOcr = 0;
  await readDocument(scan, {
    onProgress: (p) => {
      if (p.ocrPages > 0) duringOcr = Math.max(duringOcr, [...lowPriorityThreads()].filter((tid) => !before.has(tid)).length);
    },
  });
  // The reader and the tesseract thread.
  expect(duringOcr).toBe(2);
  // The next document gets a fresh reader at normal priority; only the idle tesseract thread stays low.
  const text = await readDocument(fixtures.handMadePdf());
  expect(text.pages).toHaveLength(1);
  const deadline = Date.now() + 5000;
  while ([...lowPriorityThreads()].filter((tid) => !before.has(tid)).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect([...lowPriorityThreads()].filter((tid) => !before.has(tid))).toHaveLength(1);
}, 120_000);

/** Starts reading a six-page scan for `owner` and resolves once its first page is in OCR. */
async function scanInOcr(owner: string): Promise<{ scanning: Promise<unknown>; pagesRead: () => number }> {
  const page = fixtures.briefPages(1)[0].paragraphs;
  const scan = await fixtures.scannedPdf([page, page, page, page, page, page], { dpi: 100 });
  let pagesRead = 0;
  let inOcr = false;
  const scanning = readDocument(scan, { owner, onProgress: (p) => ((pagesRead = p.pagesRead), (inOcr ||= p.ocrPages > 0)) });
  const deadline = Date.now() + 60_000;
  while (!inOcr && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return { scanning, pagesRead: () => pagesRead };
}

it('a scan in OCR does not hold a reader: another owner\'s text document beside it is read at once', async () => {
  configureReader({ workers: 1, ocrWorkers: 1 });
  const scan = await scanInOcr('scanner');
  const text = await readDocument(await pages(2), { owner: 'reader' });
  expect(text.pages).toHaveLength(2);
  // Read while the scan was still being recognised, on a second thread.
  expect(scan.pagesRead()).toBeLessThan(6);
  expect(readerStats().workers).toBeLessThanOrEqual(2);
  await scan.scanning;
}, 120_000);

// Failed before the per-owner bound: the owner's second document took a new thread beside the
// scan, so scans from one owner could lower and hold every thread the pool may start.
it('an owner whose scans hold as many OCR threads as the pool has readers waits for one to end; others do not', async () => {
  configureReader({ workers: 1, ocrWorkers: 1 });
  const scan = await scanInOcr('scanner');
  let ownersNextDone = false;
  const ownersNext = readDocument(await pages(2), { owner: 'scanner' }).then((document) => ((ownersNextDone = true), document));
  const othersText = await readDocument(await pages(2), { owner: 'reader' });
  expect(othersText.pages).toHaveLength(2);
  expect(ownersNextDone).toBe(false);
  expect(scan.pagesRead()).toBeLessThan(6);
  await scan.scanning;
  expect((await ownersNext).pages).toHaveLength(2);
}, 120_000);
