import { buildParagraphs, groupIntoLines, joinLines, layoutPages, removeRunningHeadersAndFooters, stripMarginLineNumbers, type Line, type PageLines, type TextItem } from './layout';

const item = (text: string, x: number, y: number, height = 12, width = text.length * 6): TextItem => ({ text, x, y, width, height });
const line = (text: string, x: number, y: number, height = 12, right = x + 430): Line => ({ text, x, y, height, right });

describe('joinLines', () => {
  it.each([
    [['Bell Atl. Corp. v. Twom-', 'bly, 550 U.S. 544'], 'Bell Atl. Corp. v. Twombly, 550 U.S. 544'],
    [['see 550 U.S.', '544, 570 (2007)'], 'see 550 U.S. 544, 570 (2007)'],
    [['Bell-', 'Atlantic'], 'Bell-Atlantic'],
    [['No. 12-', '345'], 'No. 12-345'],
    [['an em dash--', 'then text'], 'an em dash-- then text'],
    [['soft\u00ad', 'hyphen'], 'softhyphen'],
    [['  spaced  ', '', 'out  '], 'spaced out'],
  ])('%j → %s', (lines, expected) => {
    expect(joinLines(lines)).toBe(expected);
  });
});

describe('stripMarginLineNumbers', () => {
  const body = [item('Plaintiff alleges', 100, 90), item('that the contract', 100, 114)];
  it('removes a rising column of numbers in the left margin', () => {
    const numbers = Array.from({ length: 28 }, (_, i) => item(String(i + 1), 50, 90 + i * 24, 10, 10));
    expect(stripMarginLineNumbers([...numbers, ...body], 612)).toEqual(body);
  });
  it.each([
    ['too few to be numbering', Array.from({ length: 4 }, (_, i) => item(String(i + 1), 50, 90 + i * 24, 10, 10))],
    ['numbers in the text column', Array.from({ length: 8 }, (_, i) => item(String(i + 1), 300, 90 + i * 24, 10, 10))],
    ['not counting upward', [9, 3, 7, 1, 8, 2].map((n, i) => item(String(n), 50, 90 + i * 24, 10, 10))],
  ])('keeps %s', (_, numbers) => {
    const items = [...numbers, ...body];
    expect(stripMarginLineNumbers(items, 612)).toEqual(items);
  });
});

describe('groupIntoLines', () => {
  it('joins items on one baseline left to right, with spaces only across gaps', () => {
    const lines = groupIntoLines([item('544', 160, 100, 12, 18), item('550 U.S.', 100, 100, 12, 50), item('(2007)', 178, 100.5, 12, 30)]);
    expect(lines.map((l) => l.text)).toEqual(['550 U.S. 544(2007)']);
  });
  it('drops raised, smaller footnote reference marks', () => {
    const lines = groupIntoLines([item('Twombly, 550 U.S. 544 (2007).', 100, 100, 12, 160), item('3', 261, 95, 7, 4), item('Next line', 100, 124)]);
    expect(lines.map((l) => l.text)).toEqual(['Twombly, 550 U.S. 544 (2007).', 'Next line']);
  });
  it('keeps separate lines apart even when single-spaced', () => {
    expect(groupIntoLines([item('one', 100, 100), item('two', 100, 114)]).map((l) => l.text)).toEqual(['one', 'two']);
  });
});

describe('removeRunningHeadersAndFooters', () => {
  const page = (number: number, extra: Line[] = []): PageLines => ({
    number,
    width: 612,
    height: 792,
    lines: [
      line(`Case 1:23-cv-01234 Document 12 Filed 01/01/24 Page ${number} of 4`, 90, 40, 9),
      line('Body text that stays.', 90, 300),
      line(String(number), 300, 770, 11),
      ...extra,
    ],
  });
  it('removes a recurring header (numbers ignored) and page numbers', () => {
    const pages = removeRunningHeadersAndFooters([1, 2, 3, 4].map((n) => page(n)));
    expect(pages.map((p) => p.lines.map((l) => l.text))).toEqual([1, 2, 3, 4].map(() => ['Body text that stays.']));
  });
  it.each([
    ['Page 3 of 9', true],
    ['- 12 -', true],
    ['iv', true],
    ['550 U.S. 544', false],
  ])('a lone edge line %s is a page number: %s', (text, removed) => {
    const [single] = removeRunningHeadersAndFooters([{ number: 1, width: 612, height: 792, lines: [line('Body', 90, 300), line(text, 300, 770)] }]);
    expect(single.lines.some((l) => l.text === text)).toBe(!removed);
  });
  it('keeps a header-like line that occurs on only one page of several', () => {
    const pages = removeRunningHeadersAndFooters([page(1, [line('IN THE UNITED STATES DISTRICT COURT', 90, 70)]), page(2), page(3)]);
    expect(pages[0].lines.map((l) => l.text)).toContain('IN THE UNITED STATES DISTRICT COURT');
  });
});

describe('buildParagraphs', () => {
  it.each<[string, Line[], { text: string; kind: string; indented?: true }[]]>([
    [
      'first-line indents in double spacing',
      [line('First paragraph starts', 126, 100, 12, 520), line('and ends here.', 90, 124, 12, 200), line('Second one starts', 126, 148, 12, 520), line('and ends.', 90, 172, 12, 150)],
      [
        { text: 'First paragraph starts and ends here.', kind: 'body' },
        { text: 'Second one starts and ends.', kind: 'body' },
      ],
    ],
    [
      'a centred heading and a block quote',
      [
        line('ARGUMENT', 270, 100, 12, 340),
        line('The court held that', 126, 124, 12, 520),
        line('the rule applies:', 90, 148, 12, 520),
        line('A quoted rule that runs', 126, 172, 12, 480),
        line('over two lines.', 126, 186, 12, 300),
        line('After the quote.', 90, 210, 12, 200),
      ],
      [
        { text: 'ARGUMENT', kind: 'body' },
        { text: 'The court held that the rule applies:', kind: 'body' },
        { text: 'A quoted rule that runs over two lines.', kind: 'body', indented: true },
        { text: 'After the quote.', kind: 'body' },
      ],
    ],
    [
      'block paragraphs separated by blank space, with a footnote in smaller type',
      [
        line('One line paragraph that fills', 90, 100, 12, 520),
        line('the width.', 90, 114, 12, 520),
        line('Another paragraph.', 90, 150, 12, 520),
        line('1 See Conley v. Gibson, 355 U.S.', 90, 700, 9, 520),
        line('41 (1957).', 90, 711, 9, 150),
      ],
      [
        { text: 'One line paragraph that fills the width.', kind: 'body' },
        { text: 'Another paragraph.', kind: 'body' },
        { text: '1 See Conley v. Gibson, 355 U.S. 41 (1957).', kind: 'footnote' },
      ],
    ],
  ])('%s', (_, lines, expected) => {
    expect(buildParagraphs(lines)).toEqual(expected);
  });
});

describe('layoutPages', () => {
  it('keeps pleading numbers from gluing onto a citation', () => {
    const items = [
      ...Array.from({ length: 10 }, (_, i) => item(String(i + 1), 50, 100 + i * 24, 10, 10)),
      item('See Twombly,', 126, 100, 12, 70),
      item('550 U.S. 544 (2007).', 90, 124, 12, 110),
    ];
    const [page] = layoutPages([{ number: 1, width: 612, height: 792, items }]);
    expect(page.paragraphs).toEqual([{ text: 'See Twombly, 550 U.S. 544 (2007).', kind: 'body' }]);
  });
});
