import { DeletedTextRun, Document, ExternalHyperlink, FootnoteReferenceRun, InsertedTextRun, Packer, Paragraph, TextRun } from 'docx';
import { findCitations } from '@citecheck/citations';
import { closeReader, readDocument, toCitationInput } from '@citecheck/reading';
import { commentRanges, commentsOf, expectOnlyCommentMarkup, unzipAll } from '../test/verify';
import { annotateDocx } from './docx';
import { AnnotateError } from './errors';
import type { CitationToAnnotate } from './findings';

afterAll(() => closeReader());

const CHECKED = new Date('2023-06-22T15:30:00Z');
const tracked = { author: 'Associate', date: '2023-03-01T10:00:00Z' };

/** A brief with the places a citation can be: a plain run, a run with formatting split mid-run, a hyperlink, a tracked insertion, a footnote. */
async function brief(): Promise<Buffer> {
  return Packer.toBuffer(
    new Document({
      footnotes: {
        1: { children: [new Paragraph({ children: [new TextRun('See also Shaboon v. Egyptair, 2013 IL App (1st) 111279-U (Ill. App. Ct. 2013).')] })] },
        2: { children: [new Paragraph('Accord Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).')] },
      },
      sections: [
        {
          children: [
            new Paragraph({ heading: 'Heading1', children: [new TextRun({ text: 'ARGUMENT', bold: true })] }),
            new Paragraph({
              children: [
                new TextRun('The complaint states a claim. Bell Atl. Corp. v. Twombly, 550 U.S. 544, 570 (2007). Tolling applies. '),
                new TextRun({ text: 'Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019)', italics: true }),
                new TextRun(', so held.'),
                new FootnoteReferenceRun(1),
              ],
            }),
            new Paragraph({
              children: [
                new TextRun('Others agree. '),
                new ExternalHyperlink({ link: 'https://example.com/petersen', children: [new TextRun('Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012)')] }),
                new TextRun('; '),
                new DeletedTextRun({ text: 'Conley v. Gibson, 355 U.S. 41 (1957); ', id: 1, ...tracked }),
                new InsertedTextRun({ text: 'Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999)', id: 2, ...tracked }),
                new TextRun('.'),
                new FootnoteReferenceRun(2),
              ],
            }),
          ],
        },
      ],
    }),
  );
}

const VERDICTS: Record<string, Pick<CitationToAnnotate, 'isValid' | 'validationDetails' | 'checkedAgainst'>> = {
  '550 U.S. 544': { isValid: true, validationDetails: 'Exact citation and case name match' },
  '925 F.3d 1339': { isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' }, checkedAgainst: 'CourtListener bulk data of 2026-10-31' },
  '905 F. Supp. 2d 121': { isValid: false, validationDetails: { message: 'This page probably falls inside Stand-in v. Neighbour, 905 F. Supp. 2d 98 (D.D.C. 2012)', suggestion: 'No case starts at this page; check the citation' } },
  '174 F.3d 366': { isValid: true, validationDetails: { message: 'Citation and case name match, but check the year: decided 1998, cited as 1999' } },
  '2013 IL App (1st) 111279-U': { isValid: null, validationDetails: { message: 'Unverified: public-domain citations are not checked', suggestion: 'Check it against the court’s website' } },
  '556 U.S. 662': { isValid: true, validationDetails: 'Exact citation and case name match' },
};

async function citationsOf(buffer: Buffer) {
  const document = await readDocument(buffer);
  const input = toCitationInput(document);
  const found = findCitations(input.text, { positions: input.positions });
  const citations: CitationToAnnotate[] = found.map((c) => ({
    text: c.text,
    start: c.start,
    end: c.end,
    fullStart: c.fullStart,
    type: c.type,
    caseName: c.caseName,
    ...(VERDICTS[c.text] ?? { isValid: null, validationDetails: 'Statutes and regulations are listed, not verified' }),
  }));
  return { text: input.text, citations };
}

describe('annotateDocx', () => {
  it('puts one comment on each finding\'s own words (in a hyperlink, in a tracked insertion), on a footnote\'s mark for one in the footnote, and changes nothing else', async () => {
    const original = await brief();
    const { text, citations } = await citationsOf(original);
    const result = annotateDocx(original, { text, citations, checkedAt: CHECKED });
    expect(result.unplaced).toEqual([]);
    expect(result.placed.map((p) => p.citation.text).sort()).toEqual(['174 F.3d 366', '2013 IL App (1st) 111279-U', '905 F. Supp. 2d 121', '925 F.3d 1339'].sort());

    const before = await unzipAll(original);
    const after = await unzipAll(result.bytes);
    // The footnotes part is not among them: a citation in a note is commented on at the note's mark in the body.
    const changed = new Set(['word/document.xml', 'word/comments.xml', 'word/_rels/document.xml.rels', '[Content_Types].xml']);
    // Every other part is the same, byte for byte, compressed bytes included.
    for (const entry of before) {
      const twin = after.find((e) => e.name === entry.name)!;
      expect(twin).toBeDefined();
      if (changed.has(entry.name)) continue;
      expect(twin.raw.equals(entry.raw)).toBe(true);
    }
    expect(after.map((e) => e.name)).toEqual([...before.map((e) => e.name), ...(before.some((e) => e.name === 'word/comments.xml') ? [] : ['word/comments.xml'])]);
    expectOnlyCommentMarkup(before.find((e) => e.name === 'word/document.xml')!.data.toString('utf8'), after.find((e) => e.name === 'word/document.xml')!.data.toString('utf8'));

    const comments = commentsOf(after.find((e) => e.name === 'word/comments.xml')!.data.toString('utf8'));
    const ranges = commentRanges(after.find((e) => e.name === 'word/document.xml')!.data.toString('utf8'));
    expect(comments).toHaveLength(5); // four findings and the summary
    for (const comment of comments) {
      expect(comment.author).toBe('CiteCheck');
      expect(comment.date).toBe('2023-06-22T15:30:00Z');
      expect(ranges.get(comment.id)).toMatchObject({ starts: 1, ends: 1, references: 1 });
    }
    // Each finding's comment covers its words (in a footnote: the note's mark) and says the verdict's own message and suggestion.
    for (const { citation } of result.placed) {
      const where = citation.text.startsWith('2013 IL') ? '[footnote 1]' : citation.text;
      const matching = comments.filter((c) => ranges.get(c.id)!.text.includes(where) && c.text.includes(citation.text));
      expect(matching).toHaveLength(1);
      const details = citation.validationDetails as { message: string; suggestion?: string };
      expect(matching[0].text).toContain(details.message);
      if (details.suggestion) expect(matching[0].text).toContain(`Suggestion: ${details.suggestion}`);
    }
    const varghese = comments.find((c) => ranges.get(c.id)!.text.includes('925 F.3d 1339'))!;
    expect(ranges.get(varghese.id)!.text).toBe('Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339');
    expect(varghese.text).toBe(
      [
        'Invalid: Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339',
        'Possible hallucination - citation not found',
        'Suggestion: Check formatting',
        'Checked against CourtListener bulk data of 2026-10-31.',
      ].join('\n'),
    );
    // The summary on the first paragraph, with the report's totals.
    const shaboon = comments.find((c) => ranges.get(c.id)!.text === '[footnote 1]')!;
    expect(shaboon.text.split('\n')[0]).toBe('In footnote 1: Not verified: Shaboon v. Egyptair, 2013 IL App (1st) 111279-U');
    const summary = comments.find((c) => ranges.get(c.id)!.text === 'ARGUMENT')!;
    expect(summary.text).toMatch(/^CiteCheck checked this document on June 22, 2023: 6 citations, 3 valid, 2 invalid, 1 not verified/);
    expect(summary.text).toContain('Comments mark 2 invalid citations, 1 citation to check (year, court or pin cite), 1 case not verified, each on its own words.');

    // The reader reads the annotated copy as the original: same text, so the same citations.
    const again = toCitationInput(await readDocument(result.bytes));
    expect(again.text).toBe(text);
  });

  it('keeps a run\'s formatting on both sides of a split, and the spaces at the split', async () => {
    const original = await brief();
    const { text, citations } = await citationsOf(original);
    const result = annotateDocx(original, { text, citations, checkedAt: CHECKED });
    const xml = (await unzipAll(result.bytes)).find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
    // The plain run holding "... Tolling applies. " and Twombly is split where nothing starts (Twombly is valid): it stays whole.
    expect(xml).toContain('The complaint states a claim. Bell Atl. Corp. v. Twombly, 550 U.S. 544, 570 (2007). Tolling applies. ');
    // The italic run holding Varghese is split after "1339": both halves italic, the space-keeping attribute on each.
    expect(xml).toMatch(/<w:r><w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">Varghese v\. China Southern Airlines Co\., Ltd\., 925 F\.3d 1339<\/w:t><\/w:r><w:commentRangeEnd w:id="\d+"\/><w:r><w:commentReference w:id="\d+"\/><\/w:r><w:r><w:rPr><w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve"> \(11th Cir\. 2019\)<\/w:t><\/w:r>/);
  });

  it('puts the reference after a tracked insertion or a hyperlink the citation ends in, so the change keeps only its own runs', async () => {
    const original = await brief();
    const { text, citations } = await citationsOf(original);
    const xml = (await unzipAll(annotateDocx(original, { text, citations, checkedAt: CHECKED }).bytes)).find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
    const insertion = /<w:ins\b[\s\S]*?<\/w:ins>/.exec(xml.slice(xml.indexOf('Miller') - 400))![0];
    expect(insertion).toContain('<w:commentRangeEnd');
    expect(insertion).not.toContain('<w:commentReference');
    expect(xml).toMatch(/<\/w:ins><w:r><w:commentReference w:id="\d+"\/><\/w:r>/);
    expect(xml).toMatch(/<\/w:hyperlink><w:r><w:commentReference w:id="\d+"\/><\/w:r>/);
  });

  it('adds its comments after the document\'s own, with ids of their own', async () => {
    const { CommentRangeStart, CommentRangeEnd, CommentReference } = await import('docx');
    const original = await Packer.toBuffer(
      new Document({
        comments: { children: [{ id: 0, author: 'Partner', date: new Date('2023-02-01T00:00:00Z'), children: [new Paragraph('Tighten this.')] }] },
        sections: [
          {
            children: [
              new Paragraph({ children: [new CommentRangeStart(0), new TextRun('Intro.'), new CommentRangeEnd(0), new TextRun({ children: [new CommentReference(0)] })] }),
              new Paragraph('Tolling applies. Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019).'),
            ],
          },
        ],
      }),
    );
    const { text, citations } = await citationsOf(original);
    const result = annotateDocx(original, { text, citations, checkedAt: CHECKED });
    const after = await unzipAll(result.bytes);
    const comments = commentsOf(after.find((e) => e.name === 'word/comments.xml')!.data.toString('utf8'));
    expect(comments.map((c) => c.author)).toEqual(['Partner', 'CiteCheck', 'CiteCheck']);
    expect(new Set(comments.map((c) => c.id)).size).toBe(3);
    expect(comments[0]).toMatchObject({ id: '0', text: 'Tighten this.' });
    // No new part, relationship or content type: the document had comments already.
    expect(after.map((e) => e.name)).toEqual((await unzipAll(original)).map((e) => e.name));
  });

  it('marks valid citations too when asked', async () => {
    const original = await brief();
    const { text, citations } = await citationsOf(original);
    const result = annotateDocx(original, { text, citations, checkedAt: CHECKED, includeValid: true });
    expect(result.placed.filter((p) => p.finding.kind === 'valid').map((p) => p.citation.text).sort()).toEqual(['550 U.S. 544', '556 U.S. 662']);
  });

  it('annotates a quotation found near its citation on its own words, and one it cannot find in the citation\'s comment', async () => {
    const original = await Packer.toBuffer(
      new Document({ sections: [{ children: [new Paragraph('The drafters did not intend “to extinguish claims the passenger could not bring.” Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339, 1345 (11th Cir. 2019).')] }] }),
    );
    const { text, citations } = await citationsOf(original);
    const varghese = citations.find((c) => c.text.startsWith('925'))!;
    Object.assign(varghese, { isValid: true, validationDetails: 'Exact citation and case name match' });
    varghese.quotes = [
      { text: 'to extinguish claims the passenger could not bring.', status: 'altered', message: 'The opinion reads “to extinguish claims the passenger was barred from bringing.”' },
      { text: 'a sentence the brief never quotes', status: 'not-found', message: 'Not found in the opinion' },
      { text: 'Tolling applies', status: 'verified', message: 'Found' },
    ];
    const result = annotateDocx(original, { text, citations, checkedAt: CHECKED });
    const after = await unzipAll(result.bytes);
    const comments = commentsOf(after.find((e) => e.name === 'word/comments.xml')!.data.toString('utf8'));
    const ranges = commentRanges(after.find((e) => e.name === 'word/document.xml')!.data.toString('utf8'));
    const quote = comments.find((c) => ranges.get(c.id)!.text === 'to extinguish claims the passenger could not bring.')!;
    expect(quote.text).toContain('The opinion reads');
    const cite = comments.find((c) => c.text.startsWith('Quotation: Varghese'))!;
    expect(ranges.get(cite.id)!.text).toBe('Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339');
    expect(cite.text).toContain('Quotation “a sentence the brief never quotes”: Not found in the opinion');
    expect(cite.text).not.toContain('Tolling');
  });

  it('refuses with a clear error, and writes nothing, when no finding can be found in the document', async () => {
    const original = await brief();
    const { citations } = await citationsOf(original);
    const other = 'An entirely different text where none of these citations appear at all.';
    expect(() => annotateDocx(original, { text: other, citations: citations.map((c) => ({ ...c, start: 3, end: 12 })), checkedAt: CHECKED })).toThrow(AnnotateError);
    try {
      annotateDocx(original, { text: other, citations: citations.map((c) => ({ ...c, start: 3, end: 12 })), checkedAt: CHECKED });
    } catch (error) {
      expect((error as AnnotateError).code).toBe('positions-unmapped');
      expect((error as AnnotateError).message).toMatch(/could not be found/);
    }
  });

  it('lists a finding it cannot place in the summary rather than guess', async () => {
    const original = await brief();
    const { text, citations } = await citationsOf(original);
    citations.push({ text: '999 F.4th 1', start: 0, end: 0, type: 'case', isValid: false, validationDetails: 'Possible hallucination - citation not found' });
    const result = annotateDocx(original, { text, citations, checkedAt: CHECKED });
    expect(result.unplaced.map((p) => p.citation.text)).toEqual(['999 F.4th 1']);
    const comments = commentsOf((await unzipAll(result.bytes)).find((e) => e.name === 'word/comments.xml')!.data.toString('utf8'));
    expect(comments[0].text).toContain('1 finding could not be placed on the citation\'s words in this copy:\nInvalid: 999 F.4th 1 — Possible hallucination - citation not found');
  });

  it('refuses a part too large to parse on the caller\'s thread, before inflating it', async () => {
    const { patchDocx } = await import('@citecheck/reading/fixtures');
    const { MAX_PART_BYTES } = await import('./docx');
    const original = await brief();
    // Declared larger than the cap (the reader's own inspection would catch a lying size).
    const big = await patchDocx(original, (entries) => entries.map((e) => (e.name === 'word/document.xml' ? { ...e, raw: { compressed: Buffer.from([3, 0]), declaredSize: MAX_PART_BYTES + 1, crc: 0 } } : e)));
    expect(() => annotateDocx(big, { text: '', citations: [], checkedAt: CHECKED })).toThrow(expect.objectContaining({ code: 'docx-too-large' }));
  });

  it('refuses a damaged file', () => {
    expect(() => annotateDocx(Buffer.from('PK\u0003\u0004 not really a zip'), { text: '', citations: [], checkedAt: CHECKED })).toThrow(expect.objectContaining({ code: 'docx-corrupt' }));
  });
});
