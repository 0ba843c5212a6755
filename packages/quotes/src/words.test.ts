import { MARKER, tokenize } from './words';

const words = (t: string) => {
  const w = tokenize(t);
  return w.words.map((x, i) => ((w.flags[i] & MARKER) !== 0 ? `<${x}>` : x));
};

describe('tokenize: words as a lawyer compares them', () => {
  it.each([
    ['case and punctuation do not count', 'The Court, held: “No.”', ['the', 'court', 'held', 'no']],
    ['apostrophe styles', "the court's and the court’s", ['the', 'courts', 'and', 'the', 'courts']],
    ['a hyphenated word is one word', 'well-known rule', ['wellknown', 'rule']],
    ['a word broken at a line end is one word', 'the con-\n  cerned party', ['the', 'concerned', 'party']],
    ['a capital after a line-end hyphen is a dash, not a broken word', 'Smith-\nJones', ['smith', 'jones']],
    ['soft hyphens are invisible', 'con\u00adcerned', ['concerned']],
    ['accents are folded', 'Vallée and Peña', ['vallee', 'and', 'pena']],
    ['numbers keep their digits', '1,000 acres and 3.5 miles', ['1000', 'acres', 'and', '35', 'miles']],
    ['footnote numbers glued to the text are markers', 'the commitment.1 On appeal, law.”23 Next', ['the', 'commitment', '<1>', 'on', 'appeal', 'law', '<23>', 'next']],
    ['a number glued to a word is a marker', 'the commitment12 was', ['the', 'commitment', '<12>', 'was']],
    ['superscript digits are markers', 'the rule² applies', ['the', 'rule', '<2>', 'applies']],
    ['star-page labels are markers', 'the court *1006 held', ['the', 'court', '<1006>', 'held']],
    ['numbers after a space are words', 'within 30 days of Rule 12(b)(6)', ['within', '30', 'days', 'of', 'rule', '12', 'b', '6']],
    ['a quoter’s brackets inside a word do not split it', '[T]he open[ing] of ‘[i]nvolves', ['the', 'opening', 'of', 'involves']],
  ])('%s', (_name, text, expected) => {
    expect(words(text)).toEqual(expected);
  });
  it('gives each word its place in the text', () => {
    const w = tokenize('  Hello,  world');
    expect([...w.starts]).toEqual([2, 10]);
    expect([...w.ends]).toEqual([7, 15]);
  });
});
