/**
 * The annotated brief: prints figures, asserts nothing.
 *   npx tsx scripts/bench/annotate.ts [--runs N]
 *
 * A 50-page brief with footnotes and tracked changes, written by LibreOffice Writer (the
 * .docx) and exported by it to PDF (tests/src/annotate-fixtures.ts), every citation with a
 * verdict, about 290 of them findings. For each format, the median and slowest of N runs
 * (default 7, after one warm-up) of:
 *   - annotating: the .docx comments or the PDF highlights, written out whole (the target:
 *     under 2 s for a 50-page brief);
 *   - the whole copy as GET /api/documents/:id/annotated makes it the first time: reading the
 *     upload again with its page positions (in the reader's worker thread), then annotating.
 * Also CPU time per annotation and the process's peak RSS. Without LibreOffice (soffice) the
 * .docx comes from the `docx` library and the PDF from pdf-lib (reading's fixtures), and the
 * script says so.
 */
import os from 'node:os';
import { existsSync } from 'node:fs';
import { findCitations } from '@citecheck/citations';
import { annotateDocument, type CitationToAnnotate } from '@citecheck/annotate';
import { closeReader, readDocument, toCitationInput } from '@citecheck/reading';
import { briefPages, textPdf } from '@citecheck/reading/fixtures';
import { Document, FootnoteReferenceRun, Packer, Paragraph, TextRun } from 'docx';
import { fodt, hasLibreOffice, longBrief, toDocx, toPdf, verdictFor } from '../../tests/src/annotate-fixtures';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 7;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Without LibreOffice: 50 pages from the `docx` library, with a footnote on every page. */
async function fallbackDocx(): Promise<Buffer> {
  const pages = briefPages(50);
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  pages.forEach((_, i) => (footnotes[i + 1] = { children: [new Paragraph(`See Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019) (note ${i + 1}).`)] }));
  const children = pages.flatMap((page, i) => page.paragraphs.map((text, k) => new Paragraph({ children: [new TextRun(text), ...(k === 0 ? [new FootnoteReferenceRun(i + 1)] : [])] })));
  return Packer.toBuffer(new Document({ footnotes, sections: [{ children }] }));
}

async function measure(label: string, bytes: Buffer): Promise<void> {
  const read = await readDocument(bytes, { layout: true });
  const { text, positions } = toCitationInput(read);
  const citations: CitationToAnnotate[] = findCitations(text, { positions }).map((c) => ({ text: c.text, start: c.start, end: c.end, fullStart: c.fullStart, type: c.type, caseName: c.caseName, ...verdictFor(c) }));
  const pages = read.fileType === 'pdf' ? read.layout!.length : 'n/a (Word paginates)';
  const checkedAt = new Date();

  const first = await annotateDocument(bytes, { document: read, citations, checkedAt }); // warm-up
  const annotate: number[] = [];
  const cpu: number[] = [];
  const whole: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await annotateDocument(bytes, { document: read, citations, checkedAt });
    annotate.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);

    const begun = performance.now();
    const again = await readDocument(bytes, { layout: true });
    await annotateDocument(bytes, { document: again, citations, checkedAt });
    whole.push(performance.now() - begun);
  }
  console.log(
    [
      `${label}: ${(bytes.length / 1024).toFixed(0)} KB, pages ${pages}, ${citations.length} citations, ${first.placed.length} findings marked, ${first.unplaced.length} unplaced`,
      `  annotate: median ${ms(median(annotate))}, slowest ${ms(Math.max(...annotate))} (CPU median ${ms(median(cpu))}) over ${runs} runs (target: < 2000 ms)`,
      `  read again with positions + annotate (a first download): median ${ms(median(whole))}, slowest ${ms(Math.max(...whole))}`,
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  console.log(`cores: ${os.availableParallelism()}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, node ${process.version}`);
  let docx: Buffer;
  let pdf: Buffer;
  if (hasLibreOffice()) {
    docx = await toDocx(fodt(longBrief(50)), 'long.fodt');
    pdf = await toPdf(docx, 'long.docx');
    console.log('briefs: a 50-page brief with footnotes and tracked changes, written by LibreOffice (.docx) and exported by it (PDF)');
  } else {
    console.log(`briefs: no LibreOffice at ${existsSync('/usr/bin/soffice') ? 'its path' : '/usr/bin/soffice'}; a 50-page .docx from the docx library and a 50-page PDF from pdf-lib instead`);
    docx = await fallbackDocx();
    pdf = Buffer.from(await textPdf(briefPages(50).map((p) => p.paragraphs), { pageNumbers: true, footnotes: briefPages(50).map(() => ['1 See Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019).']) }));
  }
  await measure('.docx', docx);
  await measure('PDF', pdf);
  clearInterval(sampler);
  console.log(`peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  await closeReader();
}

void main();
