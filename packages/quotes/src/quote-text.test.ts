import { CITATION_GAP, ELLIPSIS_GAP, parseQuoteText, type QuoteItem } from './quote-text';

const show = (it: QuoteItem) => (it.kind === 'word' ? (it.marker ? `<${it.word}>` : it.word) : it.kind === 'wild-word' ? `[${it.word}]` : `[${it.words.join(' ')}]{0..${it.max}}`);
const read = (text: string, options?: Parameters<typeof parseQuoteText>[1]) =>
  parseQuoteText(text, options).segments.map((s) => `${s.gapBefore ? `(${s.gapBefore}) ` : ''}${s.items.map(show).join(' ')}`);

describe('parseQuoteText: a quotation as a lawyer reads it', () => {
  it.each([
    ['plain words', 'The court held that a plea must be knowing.', ['the court held that a plea must be knowing']],
    ['an ellipsis, each way of writing it', 'a plea . . . must be . . . . knowing ... and … voluntary', [`a plea`, `(${ELLIPSIS_GAP}) must be`, `(${ELLIPSIS_GAP}) knowing`, `(${ELLIPSIS_GAP}) and`, `(${ELLIPSIS_GAP}) voluntary`]],
    ['a leading or trailing ellipsis leaves one segment', '. . . must be knowing . . .', ['must be knowing']],
    ['asterisks for omitted paragraphs', 'first part * * * second part', ['first part', `(${ELLIPSIS_GAP}) second part`]],
    ['a capital changed in brackets, a word altered in brackets', '[T]he court agree[d] with open[ing]', ['[the] court [agreed] with [opening]']],
    ['words put in brackets stand for some words, or none', 'when [the defendant] said [the defendant’s] plan', ['when [the defendant]{0..5} said [the defendants]{0..5} plan']],
    ['[sic] and (emphasis) notes in brackets are not words', 'the defendent [sic] was [emphasis added] present', ['the defendent was present']],
    ['an omission in brackets is an ellipsis of a citation’s length', 'the rule [citation omitted] applies', ['the rule', `(${CITATION_GAP}) applies`]],
    ['a bracketed ellipsis', 'the rule [...] applies', ['the rule', `(${ELLIPSIS_GAP}) applies`]],
    ['footnote numbers and star labels may stand for nothing', 'the rule.3 applies *1006 here', ['the rule <3> applies <1006> here']],
  ])('%s', (_name, text, expected) => {
    expect(read(text)).toEqual(expected);
  });
  it('(citations omitted) / (cleaned up): a citation may have stood between two sentences', () => {
    expect(read('A plea must be knowing. It must also be voluntary.', { citationsOmitted: true })).toEqual(['a plea must be knowing', `(${CITATION_GAP}) it must also be voluntary`]);
  });
  it('counts the words to compare (not markers, not bracketed changes)', () => {
    expect(parseQuoteText('[T]he rule.3 . . . applies [to him]').wordCount).toBe(2);
  });
});
