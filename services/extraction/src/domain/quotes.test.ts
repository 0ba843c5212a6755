/** The brief's quotations as `citations.extracted` carries them: tied to a citation by its id, with the case and pins. */
import { findCitations } from '@citecheck/citations';
import { citationsExtractedSchema } from '@citecheck/proto';
import { toExtractedCitations } from './extract';
import { toExtractedQuotes } from './quotes';

it('ties each quotation to its citation id, the case and the pin; a short form to its full citation', () => {
  const text =
    'A court "may not weigh the credibility of witnesses." Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019). ' +
    'And "the buyer\'s delay did not forfeit its claim." Id. at 1322.';
  const citations = findCitations(text);
  let n = 0;
  const extracted = toExtractedCitations(citations, () => `doc.c${++n}`);
  const quotes = toExtractedQuotes(text, citations, extracted);
  expect(quotes.map((q) => [q.text, q.citationId, q.target?.caseKey, q.target?.cites[0].pin])).toEqual([
    ['may not weigh the credibility of witnesses.', 'doc.c1', '925 F.3d 1320', '1321'],
    ["the buyer's delay did not forfeit its claim.", 'doc.c2', '925 F.3d 1320', '1322'],
  ]);
  // The event's schema accepts them as they are.
  expect(() => citationsExtractedSchema.parse({ documentId: 'doc', sessionId: null, citations: extracted, pageCount: 1, ocrUsed: false, ocrPages: 0, stats: { llmCalls: 0, courtListenerCalls: 0, llmTokensUsed: 0, processingTimeMs: 1, ocrUsed: false }, warnings: [], quotes })).not.toThrow();
});

it('a block quotation the reader saw indented is tied to the citation after it', () => {
  const intro = 'The court of appeals put it plainly:';
  const block = 'A district court must view the evidence in the light most favorable to the nonmoving party, and it may not weigh the credibility of witnesses.';
  const after = 'Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019).';
  const text = [intro, block, after].join('\n\n');
  const citations = findCitations(text);
  const extracted = toExtractedCitations(citations, () => 'doc.c1');
  const start = text.indexOf(block);
  const quotes = toExtractedQuotes(text, citations, extracted, [{ start, end: start + block.length }]);
  expect(quotes).toEqual([expect.objectContaining({ kind: 'block', citationId: 'doc.c1', text: block })]);
});
