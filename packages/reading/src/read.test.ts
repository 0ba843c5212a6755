/** readDocument end to end on generated documents (text layer only; OCR is in ocr.test.ts). */
import { findCitations } from '@citecheck/citations';
import { closeReader, DocumentError, readDocument, toCitationInput, type ReadProgress } from './index';
import * as fixtures from '../test/fixtures';

afterAll(() => closeReader());

const HEADER = 'Case 1:23-cv-01234-ABC Document 12 Filed 01/01/24 Page {page} of 5';

describe('text PDFs', () => {
  it('finds every citation on its page, with headers, page numbers and pleading numbers removed', async () => {
    const brief = fixtures.briefPages(5);
    const footnotes = [['1 See Conley v. Gibson, 355 U.S. 41 (1957) (pleading standard).'], [], [], [], []];
    const pdf = await fixtures.textPdf(
      brief.map((page) => page.paragraphs),
      { header: HEADER, pageNumbers: true, pleading: true, footnotes },
    );
    const progress: ReadProgress[] = [];
    const document = await readDocument(pdf, { onProgress: (p) => progress.push(p) });

    expect(document.ocrUsed).toBe(false);
    expect(document.pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
    const all = document.pages.flatMap((p) => p.paragraphs);
    expect(all.map((p) => p.index)).toEqual(all.map((_, i) => i));
    expect(all.some((p) => /Document 12|Filed 01/.test(p.text))).toBe(false);
    // Each body paragraph is exactly what was written: no glued line numbers, no lost words.
    expect(document.pages.map((p) => p.paragraphs.filter((q) => q.kind === 'body').map((q) => q.text))).toEqual(brief.map((p) => p.paragraphs));
    expect(document.pages[0].paragraphs.filter((p) => p.kind === 'footnote').map((p) => p.text)).toEqual(footnotes[0]);

    const found = findCitations(toCitationInput(document).text, { positions: toCitationInput(document).positions });
    const cases = found.filter((c) => c.type === 'case' && c.form === 'full');
    expect(cases.map((c) => [c.normalized, c.documentPage])).toEqual([
      ...brief.flatMap((page, i) => page.cites.map((cite) => [cite, i + 1]).concat(i === 0 ? [['355 U.S. 41', 1]] : [])),
    ]);

    expect(progress.at(-1)).toMatchObject({ progress: 100, pagesRead: 5, totalPages: 5, isActive: false });
    const reads = progress.map((p) => p.pagesRead);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
  });

  it('keeps the caller’s event loop answering while a 500-page PDF is read', async () => {
    const pdf = await fixtures.textPdf(fixtures.briefPages(500, 2).map((page) => page.paragraphs), { pageNumbers: true });
    let worst = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 10);
    try {
      const document = await readDocument(pdf, { timeoutMs: 120_000 });
      expect(document.pages).toHaveLength(500);
    } finally {
      clearInterval(ticker);
    }
    expect(worst).toBeLessThan(200);
  }, 120_000);

  // A warm reader reads a few hundred text pages a second, so these need a long document.
  it('stops at its time budget', async () => {
    const pdf = await fixtures.textPdf(fixtures.briefPages(500, 2).map((page) => page.paragraphs));
    const started = performance.now();
    await expect(readDocument(pdf, { timeoutMs: 100 })).rejects.toMatchObject({ code: 'read-timeout' });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await readDocument(fixtures.handMadePdf())).pages).toHaveLength(1);
  });

  it('stops when the caller aborts', async () => {
    const pdf = await fixtures.textPdf(fixtures.briefPages(500, 2).map((page) => page.paragraphs));
    const controller = new AbortController();
    const reading = readDocument(pdf, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(reading).rejects.toEqual(new DocumentError('read-aborted'));
  });
});

describe('.docx', () => {
  it('finds citations in footnotes, tagged as footnotes, and in flattened tables', async () => {
    const { buffer, footnoteCites, bodyCites } = await fixtures.docxWithFootnotes();
    const document = await readDocument(buffer, { filename: 'Opposition.docx' });
    expect(document.pages.map((p) => p.number)).toEqual([null]);
    const { text, positions } = toCitationInput(document);
    const cases = findCitations(text, { positions }).filter((c) => c.type === 'case' && c.form === 'full');
    expect(cases.filter((c) => c.paragraphKind === 'footnote').map((c) => c.normalized)).toEqual(footnoteCites);
    expect(cases.filter((c) => c.paragraphKind === 'body').map((c) => c.normalized)).toEqual(bodyCites);
    // Footnote reference marks are not glued into body text.
    expect(document.pages[0].paragraphs[1].text).toBe(
      'The complaint must contain sufficient factual matter, accepted as true, to state a claim to relief that is plausible on its face. The point stands.',
    );
  });
});

describe('.docx pages', () => {
  it('numbers pages where the document breaks them explicitly; a footnote takes its reference’s page', async () => {
    const buffer = await fixtures.docxWithPageBreaks(
      [
        ['Introduction.', `See ${fixtures.CASES[0]}.`],
        [`Argument. See ${fixtures.CASES[1]}.`],
        ['Conclusion, with a note.', `Also ${fixtures.CASES[2]}.`],
      ],
      `See ${fixtures.CASES[3]}.`,
    );
    const document = await readDocument(buffer, { filename: 'brief.docx' });
    const { text, positions } = toCitationInput(document);
    const cases = findCitations(text, { positions }).filter((c) => c.type === 'case' && c.form === 'full');
    expect(cases.map((c) => [c.normalized, c.documentPage, c.paragraphKind])).toEqual([
      [fixtures.citationOf(fixtures.CASES[0]), 1, 'body'],
      [fixtures.citationOf(fixtures.CASES[1]), 2, 'body'],
      [fixtures.citationOf(fixtures.CASES[2]), 3, 'body'],
      [fixtures.citationOf(fixtures.CASES[3]), 3, 'footnote'],
    ]);
    // Paragraphs are still numbered in reading order across the document.
    expect(cases.map((c) => c.paragraph)).toEqual([1, 2, 4, 5]);
  });

  it('leaves the page unknown (paragraph only) when the document has no explicit page break', async () => {
    const document = await readDocument(await fixtures.simpleDocx(['One.', `See ${fixtures.CASES[0]}.`]), { filename: 'brief.docx' });
    const { text, positions } = toCitationInput(document);
    const [cite] = findCitations(text, { positions }).filter((c) => c.type === 'case');
    expect([cite.documentPage, cite.paragraph]).toEqual([null, 1]);
  });
});

describe('.txt (CLI)', () => {
  const text = Buffer.from('See Twombly,\n550 U.S. 544 (2007).\n\n\r\nSecond para-\ngraph.\n');
  it('is read when accepted, split on blank lines', async () => {
    const document = await readDocument(text, { accept: ['pdf', 'docx', 'txt'] });
    expect(document.pages).toEqual([
      {
        number: null,
        paragraphs: [
          { index: 0, text: 'See Twombly, 550 U.S. 544 (2007).', kind: 'body' },
          { index: 1, text: 'Second paragraph.', kind: 'body' },
        ],
      },
    ]);
  });
  it('is refused by default, like any other type the upload rules do not allow', async () => {
    await expect(readDocument(text)).rejects.toMatchObject({ code: 'file-invalid-type' });
  });
});
