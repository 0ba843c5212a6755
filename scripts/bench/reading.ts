/**
 * Reading benchmarks: prints figures, asserts nothing.
 *   npx tsx scripts/bench/reading.ts
 * - a 1-page text PDF read twice in a fresh process: the first read starts the reader's worker,
 *   the second shows the latency once it is warm (target: well under 200 ms)
 * - a generated 100-page text PDF (target: the whole document in under 2 s)
 * - a generated scanned PDF through the OCR pool (target: under 2 s per letter-size page)
 *   (OCR_PAGES=0 skips it)
 * - peak resident memory of the process (worker threads included)
 */
import os from 'node:os';
import { findCitations } from '@citecheck/citations';
import { closeReader, readDocument, toCitationInput } from '@citecheck/reading';
import { PDF_LIMITS } from '@citecheck/reading/pdf';
import { briefPages, scannedPdf, textPdf } from '@citecheck/reading/fixtures';

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, (performance.now() - start) / 1000];
}

async function main(): Promise<void> {
  console.log(`cores: ${os.availableParallelism()}, node ${process.version}`);

  const onePage = await textPdf([briefPages(1)[0].paragraphs]);
  const [, first] = await timed(() => readDocument(onePage));
  const [, second] = await timed(() => readDocument(onePage));
  console.log(`text PDF, 1 page: first read in the process ${(first * 1000).toFixed(0)} ms, second ${(second * 1000).toFixed(0)} ms`);

  const textBrief = briefPages(100);
  const text = await textPdf(textBrief.map((page) => page.paragraphs), { pageNumbers: true, header: 'Case 1:23-cv-01234 Document 12 Page {page} of 100' });
  await readDocument(text); // first read loads the worker's modules from disk
  for (let run = 1; run <= 3; run++) {
    const cpuBefore = process.cpuUsage();
    const [document, seconds] = await timed(() => readDocument(text));
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `text PDF, 100 pages: ${seconds.toFixed(2)} s, ${(document.pages.length / seconds).toFixed(0)} pages/s ` +
        `(${((cpu.user + cpu.system) / 1e6).toFixed(2)} CPU s)`,
    );
  }

  const pages = Number(process.env.OCR_PAGES ?? 10);
  if (pages <= 0) return void console.log(`peak memory (rss): ${mb(peakRss)}`);
  const scannedBrief = briefPages(pages);
  const scanned = await scannedPdf(scannedBrief.map((page) => page.paragraphs));
  await readDocument(await scannedPdf([scannedBrief[0].paragraphs])); // start the OCR pool
  const cpuBefore = process.cpuUsage();
  const [document, seconds] = await timed(() => readDocument(scanned));
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const { text: joined, positions } = toCitationInput(document);
  const found = new Set(findCitations(joined, { positions }).map((c) => `${c.normalized}@${c.documentPage}`));
  const expected = scannedBrief.flatMap((page, i) => page.cites.map((cite) => `${cite}@${i + 1}`));
  const recall = expected.filter((key) => found.has(key)).length / expected.length;
  console.log(
    `scanned PDF, ${pages} letter pages read at ${PDF_LIMITS.ocrDpi} dpi: ${seconds.toFixed(1)} s, ${(seconds / pages).toFixed(2)} s per page ` +
      `(pool of ${os.availableParallelism()}; ${(cpuSeconds / pages).toFixed(2)} CPU s per page, all threads), ` +
      `citation recall ${(recall * 100).toFixed(1)}% with page`,
  );
  console.log(`peak memory (rss): ${mb(peakRss)}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    clearInterval(sampler);
    await closeReader();
  });
