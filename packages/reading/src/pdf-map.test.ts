import { PDFDocument, StandardFonts } from 'pdf-lib';
import { briefPages, textPdf } from '../test/fixtures';
import { toCitationInput } from './citation-input';
import { pdfBoxes, pdfTextMap } from './pdf-map';
import { closeReader, readDocument } from './read';
import { mapReaderText } from './text-map';

// pdf.js runs in the reader's worker threads (it cannot load its own worker inside Jest's module system).
const readPdf = (data: Uint8Array) => readDocument(data, { layout: true });
afterAll(() => closeReader());

/** Every word of the reader's text maps to the same characters on the page it was read from. */
async function expectEveryWordMaps(data: Uint8Array): Promise<void> {
  const document = await readPdf(data);
  const { text, positions } = toCitationInput(document);
  const map = pdfTextMap(document.layout!);
  const mapper = mapReaderText(text, map);
  for (const m of text.matchAll(/\S+/g)) {
    const range = mapper.locate(m.index, m.index + m[0].length);
    expect(range).not.toBeNull();
    const chars = map.chars.slice(range!.from, range!.to + 1);
    // A hyphen the reader removed when it re-joined a word is the only difference allowed.
    expect(chars.replace(/-/g, '')).toBe(m[0].replace(/-/g, ''));
    const paragraph = positions.filter((p) => p.offset <= m.index).at(-1)!;
    for (const box of pdfBoxes(map, range!)) {
      expect(map.pages[box.page].number).toBe(paragraph.page);
      expect(box.left).toBeLessThan(box.right);
      expect(box.top).toBeLessThan(box.bottom);
    }
  }
}

describe('pdfTextMap', () => {
  it('positions cross the thread only when asked for', async () => {
    const data = await textPdf([['One line of text, 550 U.S. 544.']]);
    expect((await readDocument(data)).layout).toBeUndefined();
    const layout = (await readDocument(data, { layout: true })).layout!;
    expect(layout).toHaveLength(1);
    expect(layout[0]).toMatchObject({ number: 1, width: 612, height: 792 });
    expect(layout[0].items.map((i) => i.text).join(' ')).toContain('550 U.S. 544');
  });

  it('maps every word of a brief with headers, page numbers, pleading numbers and footnotes', async () => {
    const pages = briefPages(3).map((p) => p.paragraphs);
    const data = await textPdf(pages, { header: 'Case No. 1:22-cv-1461 Document 21 Page {page} of 3', pageNumbers: true, pleading: true, footnotes: [['1 See 550 U.S. 544, 570.'], [], ['2 Id. at 556.']] });
    await expectEveryWordMaps(data);
  });

  it('maps a word hyphenated across a line end to both of its pieces', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    const page = pdf.addPage([612, 792]);
    page.drawText('The Court applied the rule of Bell Atl. Corp. v. Twom-', { x: 90, y: 700, size: 12, font });
    page.drawText('bly, 550 U.S. 544 (2007), to the claims before it.', { x: 90, y: 676, size: 12, font });
    const document = await readPdf(await pdf.save());
    const { text } = toCitationInput(document);
    expect(text).toContain('Twombly, 550 U.S. 544');
    const map = pdfTextMap(document.layout!);
    const start = text.indexOf('Bell');
    const range = mapReaderText(text, map).locate(start, text.indexOf('544') + 3)!;
    const boxes = pdfBoxes(map, range);
    expect(boxes).toHaveLength(2);
    // The first line's box starts at "Bell" and runs to the end of the line; the second starts at the margin.
    expect(boxes[0].left).toBeGreaterThan(200);
    expect(boxes[1].left).toBeCloseTo(90, 0);
    expect(boxes[0].bottom).toBeLessThan(boxes[1].top + 12);
    // Layout coordinates are top-down: the first line (y = 700 from the bottom) is 92 points from the top.
    expect(boxes[0].top).toBeGreaterThan(792 - 700 - 12);
    expect(boxes[0].bottom).toBeLessThan(792 - 700 + 6);
  });
});
