/**
 * Block quotations as the reader sees them: a .docx paragraph set in past the body's left
 * indent (directly or by a quotation style), a PDF paragraph whose every line is inset from the
 * page's margin. toCitationInput hands their offsets on as `blocks` (for @citecheck/quotes).
 */
import { closeReader, readDocument, toCitationInput } from './index';
import * as fixtures from '../test/fixtures';

afterAll(() => closeReader());

const INTRO = 'The Court of Appeals explained the standard for a motion to dismiss as follows:';
const QUOTE =
  'To survive a motion to dismiss, a complaint must contain sufficient factual matter, accepted as true, to state a claim to relief that is plausible on its face. A claim has facial plausibility when the plaintiff pleads factual content that allows the court to draw the reasonable inference that the defendant is liable for the misconduct alleged.';
const AFTER = 'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). The complaint here falls short of that standard in every respect that matters.';

const blockTexts = (input: ReturnType<typeof toCitationInput>): string[] => input.blocks.map((b) => input.text.slice(b.start, b.end));

describe('.docx', () => {
  it('a paragraph indented past the body is a block; body paragraphs and list items are not', async () => {
    const buffer = await fixtures.docxWithIndents([{ text: INTRO }, { text: QUOTE, indent: 720 }, { text: AFTER }, { text: 'First, the complaint names no act of the defendant.', list: true }]);
    const input = toCitationInput(await readDocument(buffer, { filename: 'brief.docx' }));
    expect(blockTexts(input)).toEqual([QUOTE]);
  });

  it('a paragraph in a quotation style is a block', async () => {
    const buffer = await fixtures.docxWithIndents([{ text: INTRO }, { text: QUOTE, quoteStyle: true }, { text: AFTER }]);
    expect(blockTexts(toCitationInput(await readDocument(buffer, { filename: 'brief.docx' })))).toEqual([QUOTE]);
  });

  it('a brief indented throughout has no blocks', async () => {
    const buffer = await fixtures.docxWithIndents([{ text: INTRO, indent: 720 }, { text: QUOTE, indent: 720 }, { text: AFTER, indent: 720 }]);
    expect(toCitationInput(await readDocument(buffer, { filename: 'brief.docx' })).blocks).toEqual([]);
  });
});

describe('text PDFs', () => {
  it('a paragraph whose every line is inset is a block; a first-line indent is not', async () => {
    const pdf = await fixtures.textPdf([[INTRO, QUOTE, AFTER]], { blockQuotes: [QUOTE] });
    const input = toCitationInput(await readDocument(pdf));
    expect(blockTexts(input)).toEqual([QUOTE]);
  });
});
