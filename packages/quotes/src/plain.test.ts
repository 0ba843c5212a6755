import { parseOpinionPlainText, scanPlainText } from './plain';

describe('star pagination in plain text', () => {
  const cases: Array<[string, string, string, string[]]> = [
    ['a label between words', 'the act of killing Victim *651 was not premeditated', 'the act of killing Victim was not premeditated', ['651@was']],
    ['in brackets', 'the court [*12] held that', 'the court held that', ['12@held']],
    ['a second reporter, two stars', 'one *5 two **90 three *6 four', 'one two three four', ['5@two', '90@three', '6@four']],
    ['Columbia style', 'a rule *Page 500 of law', 'a rule of law', ['500@of']],
    ['at a line start', 'end of line\n*44 next page', 'end of line\nnext page', ['44@next']],
    // A star and a number that do not continue the sequence are something else.
    ['not a label: going backwards', 'text *20 more *7 and', 'text more *7 and', ['20@more']],
    ['not a label: a leap', 'text *20 more *90 and', 'text more *90 and', ['20@more']],
    ['not a label: inside a word or an expression', 'a 5*6 b x*3 c', 'a 5*6 b x*3 c', []],
  ];
  it.each(cases)('%s', (_name, input, text, marks) => {
    const out = scanPlainText(input, new Map());
    expect(out.text).toBe(text);
    expect(out.marks.map((m) => `${m.label}@${out.text.slice(m.offset).trimStart().split(/\s/)[0]}`)).toEqual(marks);
  });
  it('reads a plain_text field as an opinion (form feeds end paragraphs)', () => {
    const op = parseOpinionPlainText('We reverse\r\nand remand *655 for proceedings.\fNext.');
    expect(op.text).toBe('We reverse\nand remand for proceedings.\n\nNext.');
    expect(op.marks).toEqual([{ offset: 'We reverse\nand remand '.length, label: '655', series: 0 }]);
  });
});
