import { PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts, decodePDFRawStream, degrees, type PDFPage } from 'pdf-lib';
import { findCitations } from '@citecheck/citations';
import { closeReader, readDocument, toCitationInput, type ReadDocument } from '@citecheck/reading';
import { encryptedPdf, scannedPdf } from '@citecheck/reading/fixtures';
import { readWithPdfjs } from '../test/verify';
import { AnnotateError } from './errors';
import type { CitationToAnnotate } from './findings';
import { annotatePdf } from './pdf';

afterAll(() => closeReader());

const CHECKED = new Date('2023-06-22T15:30:00Z');
const INVALID = { isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' } } as const;
const VALID = { isValid: true, validationDetails: 'Exact citation and case name match' } as const;

/**
 * Where a citation was drawn, in PDF user space: the line's origin and direction, and the
 * advance along it where the case name, the citation and its end are.
 */
interface Drawn {
  text: string;
  page: number;
  line: string;
  /** The advance of a prefix of the line. */
  advance: (prefix: string) => number;
  origin: [number, number];
  /** Unit vector of the writing direction; "up" is it turned a quarter left. */
  dir: [number, number];
  name: number;
  start: number;
  end: number;
}

/**
 * A brief whose lines are drawn at known places, upright as the reader sees each page: on a
 * page turned by /Rotate the text is drawn turned the same way (as a scanner or a word
 * processor does), so it reads left to right on screen. `at` gives user space from the
 * displayed page's coordinates (x from the left, y from the top), written out by hand for each
 * rotation, independently of the annotator's own transform.
 */
async function drawnBrief(pages: { rotation?: 0 | 90 | 180 | 270; crop?: [number, number, number, number]; lines: string[] }[]): Promise<{ bytes: Uint8Array; drawn: Drawn[] }> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const drawn: Drawn[] = [];
  // What the page shows: pdf-lib draws glyph after glyph without kerning, so widths are summed letter by letter.
  const width = (text: string) => [...text].reduce((sum, ch) => sum + font.widthOfTextAtSize(ch, 12), 0);
  pages.forEach((spec, p) => {
    const page = pdf.addPage([612, 792]);
    const rotation = spec.rotation ?? 0;
    if (rotation) page.setRotation(degrees(rotation));
    const [x0, y0, x1, y1] = spec.crop ?? [0, 0, 612, 792];
    if (spec.crop) page.setCropBox(x0, y0, x1 - x0, y1 - y0);
    const at = (vx: number, vy: number): [number, number] =>
      rotation === 0 ? [x0 + vx, y1 - vy] : rotation === 90 ? [x0 + vy, y0 + vx] : rotation === 180 ? [x1 - vx, y0 + vy] : [x1 - vy, y1 - vx];
    const angle = (rotation * Math.PI) / 180;
    const dir: [number, number] = [Math.round(Math.cos(angle)), Math.round(Math.sin(angle))];
    spec.lines.forEach((line, i) => {
      const origin = at(72, 100 + i * 24);
      page.drawText(line, { x: origin[0], y: origin[1], size: 12, font, rotate: degrees(rotation) });
      for (const m of line.matchAll(/(?:([A-Z]\w+), )?(\d+ (?:F\.3d|U\.S\.|F\. Supp\. 2d) \d+)/g)) {
        const name = width(line.slice(0, m.index));
        const start = width(line.slice(0, m.index + m[0].length - m[2].length));
        drawn.push({ text: m[2], page: p + 1, line, advance: width, origin, dir, name, start, end: start + width(m[2]) });
      }
    });
  });
  return { bytes: await pdf.save(), drawn };
}

/** A point in a drawn line's own frame: advance along the writing direction, height above the baseline. */
function inLine(d: Drawn, x: number, y: number): [number, number] {
  const dx = x - d.origin[0];
  const dy = y - d.origin[1];
  return [dx * d.dir[0] + dy * d.dir[1], -dx * d.dir[1] + dy * d.dir[0]];
}

async function citationsOf(bytes: Uint8Array, verdict: (text: string) => Pick<CitationToAnnotate, 'isValid' | 'validationDetails'>) {
  const document = await readDocument(bytes, { layout: true });
  const input = toCitationInput(document);
  const citations: CitationToAnnotate[] = findCitations(input.text, { positions: input.positions }).map((c) => ({
    text: c.text,
    start: c.start,
    end: c.end,
    fullStart: c.fullStart,
    type: c.type,
    caseName: c.caseName,
    ...verdict(c.text),
  }));
  return { document, text: input.text, citations };
}

/** The page's content streams, decoded, in order. */
function contents(page: PDFPage): string {
  const value = page.node.lookup(PDFName.of('Contents'));
  const streams = value instanceof PDFArray ? value.asArray().map((ref) => page.node.context.lookup(ref)) : [value];
  return streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
}

describe('annotatePdf', () => {
  it('highlights each finding over the words where they were drawn, on upright, rotated and cropped pages, with a note; page content unchanged', async () => {
    const { bytes, drawn } = await drawnBrief([
      { lines: ['The complaint states a claim. See 550 U.S. 544, 570 (2007).', 'Tolling applies. Varghese, 925 F.3d 1339 (11th Cir. 2019).'] },
      { rotation: 90, lines: ['Others agree. Petersen, 905 F. Supp. 2d 121 (D.D.C. 2012).'] },
      { rotation: 180, crop: [20, 30, 560, 740], lines: ['And Miller, 174 F.3d 366 (2d Cir. 1999).'] },
      { rotation: 270, lines: ['Last, 556 U.S. 662 (2009), is real.'] },
    ]);
    const fabricated = new Set(['925 F.3d 1339', '905 F. Supp. 2d 121', '174 F.3d 366']);
    const { document, text, citations } = await citationsOf(bytes, (t) => (fabricated.has(t) ? INVALID : VALID));
    const result = await annotatePdf(bytes, { text, layout: document.layout, citations, checkedAt: CHECKED });
    expect(result.unplaced).toEqual([]);
    expect(result.placed.map((p) => p.citation.text).sort()).toEqual([...fabricated].sort());

    const pages = await readWithPdfjs(result.bytes);
    const original = await readWithPdfjs(bytes);
    const highlights = pages.flatMap((p) => p.annotations.filter((a) => a.subtype === 'Highlight').map((a) => ({ ...a, page: p.number })));
    expect(highlights).toHaveLength(3);
    for (const cite of fabricated) {
      const at = drawn.find((d) => d.text === cite)!;
      // The highlight starts where the engine says the case name does (its fullStart), found in the drawn line.
      const c = citations.find((x) => x.text === cite)!;
      const named = text.slice(c.fullStart, c.end);
      const nameAt = at.advance(at.line.slice(0, at.line.indexOf(named)));
      const onPage = highlights.filter((h) => h.page === at.page);
      expect(onPage).toHaveLength(1);
      const [mine] = onPage;
      expect(mine.contents).toContain(cite);
      expect(mine.contents).toContain('Possible hallucination - citation not found');
      expect(mine.title).toBe('CiteCheck');
      expect(mine.hasPopup).toBe(true);
      // The quadrilateral covers the drawn words, from the case name on, and not much more.
      const q = mine.quadPoints!;
      const corners = [0, 2, 4, 6].map((k) => inLine(at, q[k], q[k + 1]));
      const along = corners.map(([a]) => a);
      const up = corners.map(([, b]) => b);
      expect(Math.min(...along)).toBeGreaterThan(nameAt - 1);
      expect(Math.min(...along)).toBeLessThan(nameAt + 1);
      expect(Math.max(...along)).toBeGreaterThan(at.end - 1);
      expect(Math.max(...along)).toBeLessThan(at.end + 1);
      expect(Math.min(...up)).toBeGreaterThan(-6);
      expect(Math.min(...up)).toBeLessThan(0);
      expect(Math.max(...up)).toBeGreaterThan(8);
      expect(Math.max(...up)).toBeLessThan(14);
    }
    // The valid ones carry nothing; the summary is a note on page 1.
    expect(pages[0].annotations.filter((a) => a.subtype === 'Text').map((a) => a.contents)).toEqual([expect.stringMatching(/^CiteCheck checked this document on June 22, 2023: 5 citations, 2 valid, 3 invalid/)]);
    // What pdf.js draws for each page is what it drew before.
    expect(pages.map((p) => p.contentHash)).toEqual(original.map((p) => p.contentHash));

    const before = await PDFDocument.load(bytes);
    const after = await PDFDocument.load(result.bytes);
    after.getPages().forEach((page, i) => expect(contents(page)).toBe(contents(before.getPages()[i])));
  });

  it('keeps the annotations a page already has', async () => {
    const { bytes } = await drawnBrief([{ lines: ['Tolling applies. Varghese, 925 F.3d 1339 (11th Cir. 2019).'] }]);
    const pdf = await PDFDocument.load(bytes);
    const link = pdf.context.register(pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [90, 690, 200, 710], Border: [0, 0, 0], A: { S: 'URI', URI: 'https://example.com' } }));
    pdf.getPages()[0].node.set(PDFName.of('Annots'), pdf.context.obj([link]));
    const withLink = await pdf.save();
    const { document, text, citations } = await citationsOf(withLink, () => INVALID);
    const result = await annotatePdf(withLink, { text, layout: document.layout, citations, checkedAt: CHECKED });
    const [page] = await readWithPdfjs(result.bytes);
    expect(page.annotations.map((a) => a.subtype).sort()).toEqual(['Highlight', 'Link', 'Popup', 'Popup', 'Text']);
  });

  it('highlights citations on a scanned page from the OCR word boxes', async () => {
    // One line per paragraph: the scan draws the first line of the page 90 points from the top, 126 from the left.
    const bytes = await scannedPdf([['Tolling applies. See 925 F.3d 1339 (11th Cir. 2019).', 'The Court held so in 550 U.S. 544 (2007).']]);
    const { document, text, citations } = await citationsOf(bytes, (t) => (t === '925 F.3d 1339' ? INVALID : VALID));
    expect(document.ocrPages).toEqual([1]);
    expect(citations.map((c) => c.text)).toContain('925 F.3d 1339');
    const result = await annotatePdf(bytes, { text, layout: document.layout, citations, checkedAt: CHECKED });
    const [page] = await readWithPdfjs(result.bytes);
    const highlight = page.annotations.find((a) => a.subtype === 'Highlight')!;
    expect(highlight.contents).toContain('925 F.3d 1339');
    const [left, bottom, right, top] = highlight.rect;
    // The first line's baseline is 792 - 90 = 702 in user space; "See " starts the citation about 120 points in.
    expect(bottom).toBeGreaterThan(702 - 8);
    expect(top).toBeLessThan(702 + 16);
    expect(left).toBeGreaterThan(126 + 60);
    expect(right).toBeLessThan(126 + 60 + 140);
    expect(right - left).toBeGreaterThan(50);
  });

  it('refuses a password-protected PDF with its own message', async () => {
    const document: Pick<ReadDocument, 'layout'> = { layout: [{ number: 1, width: 612, height: 792, items: [] }] };
    await expect(annotatePdf(encryptedPdf(), { text: '', layout: document.layout, citations: [], checkedAt: CHECKED })).rejects.toMatchObject({
      code: 'pdf-encrypted',
      message: 'This PDF is password-protected, so an annotated copy cannot be made. Please remove the password and upload it again.',
    });
  });

  it('refuses when no finding can be placed, and without the page positions', async () => {
    const { bytes } = await drawnBrief([{ lines: ['Tolling applies. Varghese, 925 F.3d 1339 (11th Cir. 2019).'] }]);
    const { document, citations } = await citationsOf(bytes, () => INVALID);
    await expect(annotatePdf(bytes, { text: 'Text that is not on the page at all, 123 F.4th 456.', layout: document.layout, citations: citations.map((c) => ({ ...c, start: 38, end: 50 })), checkedAt: CHECKED })).rejects.toThrow(AnnotateError);
    await expect(annotatePdf(bytes, { text: '', layout: undefined, citations, checkedAt: CHECKED })).rejects.toMatchObject({ code: 'pdf-layout-missing' });
  });
});
