/**
 * The annotated brief, round trip, on briefs a real word processor made and on public court
 * filings:
 *
 * - .docx (LibreOffice Writer's own OOXML, from tests/src/annotate-fixtures.ts): the brief
 *   modelled on the one sanctioned in Mata v. Avianca, the landing page's sample filing, and a
 *   50-page brief with footnotes and tracked changes. Every flagged citation has exactly one
 *   comment on its own words (a citation in a footnote: on the footnote's mark, naming it); every
 *   part but document.xml keeps its bytes and document.xml differs only by comment markup; the
 *   reader reads the copy as the original; and LibreOffice opens the copy and exports it to PDF
 *   with every comment in it (read back there with pdf.js).
 * - PDF: the same briefs exported by LibreOffice, and public filings (freelawproject/doctor's
 *   RECAP documents and scans, when scripts/annotate/build-filings.ts has collected them): every
 *   flagged citation has exactly one highlight where pdf.js's own text positions put its words,
 *   and every page's content draws exactly as before.
 *
 * Needs LibreOffice (`soffice`); without it the suite says SKIPPED and why.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { findCitations } from '@citecheck/citations';
import { annotateDocument, type CitationToAnnotate } from '@citecheck/annotate';
import { commentRanges, commentsOf, expectOnlyCommentMarkup, readWithPdfjs, unzipAll, type PdfjsPage } from '@citecheck/annotate/testing';
import { closeReader, readDocument, toCitationInput } from '@citecheck/reading';
import { PDFArray, PDFDocument, PDFName, decodePDFRawStream, type PDFRawStream } from 'pdf-lib';
import { announceSkip } from '@citecheck/platform/testing';
import { fodt, hasLibreOffice, longBrief, mataBrief, sampleFilingBrief, toDocx, toPdf, verdictFor, type FodtBrief } from './annotate-fixtures';

jest.setTimeout(600_000);
afterAll(() => closeReader());

const CHECKED = new Date('2023-06-22T00:00:00Z');
const strip = (s: string) => s.replace(/\s+/g, '');
/** Whether a comment's first line names this citation: `Label: [Name, ]text` or `Label: text (Name)` (an Id. or supra). */
const names = (comment: string, text: string) => {
  const first = comment.split('\n')[0];
  return first.endsWith(text) || first.includes(`${text} (`);
};
const FILINGS_DIR = process.env.CITECHECK_FILINGS_DIR || path.join(homedir(), '.cache', 'citecheck', 'filings');

interface Checked {
  citations: (CitationToAnnotate & { paragraphKind: string | null; documentPage: number | null })[];
  flagged: number;
}

async function citationsOf(bytes: Buffer): Promise<{ text: string; read: Awaited<ReturnType<typeof readDocument>>; checked: Checked }> {
  const read = await readDocument(bytes, { layout: true });
  const { text, positions } = toCitationInput(read);
  const citations = findCitations(text, { positions }).map((c) => ({
    text: c.text, start: c.start, end: c.end, fullStart: c.fullStart, type: c.type, caseName: c.caseName, paragraphKind: c.paragraphKind, documentPage: c.documentPage, ...verdictFor(c),
  }));
  const flagged = citations.filter((c) => c.isValid === false || (c.isValid === null && c.type === 'case')).length;
  return { text, read, checked: { citations, flagged } };
}

const figures: string[] = [];

/** Annotates a .docx and checks it as the suite's header says; answers the comments. */
async function roundTripDocx(label: string, original: Buffer): Promise<void> {
  const { read, checked } = await citationsOf(original);
  expect(checked.flagged).toBeGreaterThan(0);
  const started = Date.now();
  const result = await annotateDocument(original, { document: read, citations: checked.citations, checkedAt: CHECKED });
  const ms = Date.now() - started;
  expect(result.unplaced).toEqual([]);
  expect(result.placed).toHaveLength(checked.flagged);

  const before = await unzipAll(original);
  const after = await unzipAll(result.bytes);
  const changed = new Set(['word/document.xml', 'word/comments.xml', 'word/_rels/document.xml.rels', '[Content_Types].xml']);
  for (const entry of before) {
    const twin = after.find((e) => e.name === entry.name);
    expect(twin).toBeDefined();
    if (!changed.has(entry.name)) expect({ part: entry.name, same: twin!.raw.equals(entry.raw) }).toEqual({ part: entry.name, same: true });
  }
  const documentXml = (list: typeof before) => list.find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
  expectOnlyCommentMarkup(documentXml(before), documentXml(after));
  // Word's relationships and content types gain the comments part and nothing else.
  const rels = (list: typeof before) => list.find((e) => e.name === 'word/_rels/document.xml.rels')!.data.toString('utf8');
  expect(rels(after).replace(/<Relationship Id="rId\d+" Type="[^"]+\/comments" Target="comments.xml"\/>/, '')).toBe(rels(before));

  // One comment per flagged citation on its own words (in a note: on the note's mark, naming it).
  const comments = commentsOf(after.find((e) => e.name === 'word/comments.xml')!.data.toString('utf8'));
  const ranges = commentRanges(documentXml(after));
  expect(comments).toHaveLength(checked.flagged + 1);
  for (const comment of comments) expect(ranges.get(comment.id)).toMatchObject({ starts: 1, ends: 1, references: 1 });
  const flagged = result.placed.map((p) => p.citation as Checked['citations'][number]);
  for (const text of new Set(flagged.map((c) => c.text))) {
    const inBody = flagged.filter((c) => c.text === text && c.paragraphKind === 'body').length;
    const inNotes = flagged.filter((c) => c.text === text && c.paragraphKind !== 'body').length;
    const onWords = comments.filter((c) => strip(ranges.get(c.id)!.text).includes(strip(text)) && names(c.text, text));
    const onMarks = comments.filter((c) => /^\[(footnote|endnote) \d+\]$/.test(ranges.get(c.id)!.text) && /^In (footnote|endnote) \d+: /.test(c.text) && names(c.text, text));
    expect({ text, onWords: onWords.length, onMarks: onMarks.length }).toEqual({ text, onWords: inBody, onMarks: inNotes });
  }

  // The reader reads the copy as it read the original.
  expect(toCitationInput(await readDocument(result.bytes)).text).toBe(toCitationInput(read).text);

  // LibreOffice opens the copy and exports it to PDF with every comment in it.
  const exported = await readWithPdfjs(await toPdf(result.bytes, 'annotated.docx'));
  const notes = exported.flatMap((p) => p.annotations.filter((a) => a.subtype === 'Text').map((a) => a.contents));
  expect(notes).toHaveLength(comments.length);
  for (const comment of comments) expect(notes).toContain(comment.text);
  figures.push(`${label}: ${checked.citations.length} citations, ${result.placed.length} comments placed in ${ms} ms; LibreOffice exported all ${notes.length} comments (summary included) to PDF`);
}

/** Words of each page as pdf.js reads them, white space left out, with the item each character is in. */
function pageStream(page: PdfjsPage): { chars: string; item: number[] } {
  const chars: string[] = [];
  const item: number[] = [];
  page.items.forEach((it, i) => {
    for (const ch of it.str) {
      if (/\s/.test(ch)) continue;
      chars.push(ch);
      item.push(i);
    }
  });
  return { chars: chars.join(''), item };
}

const overlaps = (a: number[], b: number[]) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Annotates a PDF and checks it against pdf.js's own reading of the page. */
async function roundTripPdf(label: string, original: Buffer, options: { located?: number } = {}): Promise<void> {
  const { read, checked } = await citationsOf(original);
  expect(checked.flagged).toBeGreaterThan(0);
  const started = Date.now();
  const result = await annotateDocument(original, { document: read, citations: checked.citations, checkedAt: CHECKED });
  const ms = Date.now() - started;
  expect(result.unplaced).toEqual([]);
  expect(result.placed).toHaveLength(checked.flagged);

  const before = await readWithPdfjs(original);
  const after = await readWithPdfjs(result.bytes);
  // Every page draws exactly as it did, and its content streams are the same bytes.
  expect(after.map((p) => p.contentHash)).toEqual(before.map((p) => p.contentHash));
  const pdfBefore = await PDFDocument.load(original, { ignoreEncryption: true });
  const pdfAfter = await PDFDocument.load(result.bytes);
  pdfAfter.getPages().forEach((page, i) => expect(contents(page)).toEqual(contents(pdfBefore.getPages()[i])));
  // The page's own annotations are all still there.
  after.forEach((page, i) => {
    const kept = before[i].annotations.map((a) => a.subtype).sort();
    const now = page.annotations.filter((a) => !['Highlight', 'Popup'].includes(a.subtype) && !(a.subtype === 'Text' && a.contents.startsWith('CiteCheck checked'))).map((a) => a.subtype).sort();
    expect(now).toEqual(kept.filter((s) => s !== 'Popup'));
  });

  const highlights = after.flatMap((p) => p.annotations.filter((a) => a.subtype === 'Highlight').map((a) => ({ ...a, page: p.number })));
  expect(highlights).toHaveLength(checked.flagged);
  // Where pdf.js puts each flagged citation's words: one highlight there, carrying its finding.
  let located = 0;
  const used = new Set<unknown>();
  const flagged = result.placed.map((p) => p.citation as Checked['citations'][number]);
  for (const key of new Set(flagged.map((c) => `${c.documentPage}|${c.text}`))) {
    const [pageNumber, text] = [Number(key.split('|')[0]), key.slice(key.indexOf('|') + 1)];
    const wanted = flagged.filter((c) => c.documentPage === pageNumber && c.text === text).length;
    const page = after[pageNumber - 1];
    const { chars, item } = pageStream(page);
    const boxes: number[][] = [];
    for (let at = chars.indexOf(strip(text)); at >= 0; at = chars.indexOf(strip(text), at + 1)) {
      const spanned = [...new Set(item.slice(at, at + strip(text).length))].map((i) => page.items[i]);
      boxes.push([Math.min(...spanned.map((s) => s.x)), Math.min(...spanned.map((s) => s.y - s.height)), Math.max(...spanned.map((s) => s.x + s.width)), Math.max(...spanned.map((s) => s.y))]);
    }
    const mine = highlights.filter((h) => h.page === pageNumber && names(h.contents, text));
    expect({ key, highlights: mine.length }).toEqual({ key, highlights: wanted });
    // The text layer has it otherwise (a scan, a word broken across lines) or also where the reader
    // leaves text out (a running footer): counted as not located.
    if (boxes.length !== wanted) continue;
    for (const box of boxes) {
      const over = mine.filter((h) => !used.has(h) && overlaps(h.view!, box));
      expect({ key, box, overlapping: over.length }).toEqual({ key, box, overlapping: 1 });
      used.add(over[0]);
      located++;
    }
  }
  if (options.located !== undefined) expect(located).toBeGreaterThanOrEqual(options.located);
  figures.push(`${label}: ${read.layout!.length} pages${read.ocrUsed ? ` (OCR: ${read.ocrPages.join(',')})` : ''}, ${checked.citations.length} citations, ${result.placed.length} highlights in ${ms} ms, ${located} of them checked against pdf.js's own text positions; page content unchanged`);
}

function contents(page: ReturnType<PDFDocument['getPages']>[number]): string[] {
  const value = page.node.lookup(PDFName.of('Contents'));
  const streams = value instanceof PDFArray ? value.asArray().map((ref) => page.node.context.lookup(ref)) : value ? [value] : [];
  return streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('base64'));
}

const describeWithLibreOffice = hasLibreOffice() ? describe : (announceSkip('SKIPPED: annotate round trip (no LibreOffice at /usr/bin/soffice; apt-get install -y libreoffice-writer-nogui)'), describe.skip);

describeWithLibreOffice('the annotated brief, round trip', () => {
  afterAll(() => {
    console.log(['annotated brief round trips:', ...figures.map((f) => `  ${f}`)].join('\n'));
    figures.length = 0;
  });

  const briefs: [string, () => FodtBrief][] = [
    ['Mata v. Avianca brief (test text)', mataBrief],
    ['sample filing', sampleFilingBrief],
    ['50-page brief with footnotes and tracked changes', () => longBrief(50)],
  ];
  const made = new Map<string, Promise<Buffer>>();
  const docx = (name: string, brief: () => FodtBrief) => {
    if (!made.has(name)) made.set(name, toDocx(fodt(brief()), 'brief.fodt'));
    return made.get(name)!;
  };

  it.each(briefs)('%s as LibreOffice writes it in .docx', async (name, brief) => {
    await roundTripDocx(`${name} (.docx)`, await docx(name, brief));
  });

  it.each(briefs)('%s as LibreOffice exports it to PDF', async (name, brief) => {
    const pdf = await toPdf(await docx(name, brief), 'brief.docx');
    // The text layer is Writer's own: every flagged citation is found there by pdf.js too.
    const { checked } = await citationsOf(pdf);
    await roundTripPdf(`${name} (PDF)`, pdf, { located: checked.flagged });
  });
});

const filings = existsSync(FILINGS_DIR) ? readdirSync(FILINGS_DIR).filter((f) => f.endsWith('.pdf')).sort() : [];
const describeFilings = filings.length ? describe : (announceSkip(`SKIPPED: annotate round trip on public filings (none in ${FILINGS_DIR}; npx tsx scripts/annotate/build-filings.ts)`), describe.skip);

describeFilings('the annotated brief on public court filings', () => {
  afterAll(() => console.log(['annotated public filings:', ...figures.map((f) => `  ${f}`)].join('\n')));

  it.each(filings.length ? filings : ['none'])('%s', async (file) => {
    const bytes = readFileSync(path.join(FILINGS_DIR, file));
    const { checked } = await citationsOf(bytes);
    if (checked.flagged === 0) return void figures.push(`${file}: no citation with a finding, nothing to annotate`);
    await roundTripPdf(file, bytes);
  });
});
