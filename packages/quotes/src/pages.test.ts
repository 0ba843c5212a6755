import { finishOpinion, groupMarks, SeriesPages, seriesFor, type RawMark } from './pages';

const raw = (labels: Array<number | string>, citationIndex: number | null = 1, stars = 1): RawMark[] =>
  labels.map((l, k) => ({ offset: k * 10, label: String(l), citationIndex, stars, inFootnote: false }));

/** The labels of each series, as they come out of the grouping. */
function grouped(marks: RawMark[]): string[] {
  const { marks: out, series } = groupMarks(marks);
  return series.map((_, s) => out.filter((m) => m.series === s).map((m) => m.label).join(' '));
}

describe('groupMarks: one series per reporter', () => {
  const cases: Array<[string, RawMark[], string[]]> = [
    ['one reporter', raw([650, 651, 652, 653]), ['650 651 652 653']],
    // State v. Dyous in CAP's Fastcase volume: A.3d and Conn. App. labels, both citation-index 1.
    ['two reporters with the same citation-index, interleaved', raw([1005, 267, 1006, 268, 269, 1007]), ['1005 1006 1007', '267 268 269']],
    // People v. A.V.: 11 Cal. App. 5th 697 and 217 Cal. Rptr. 3d 704 count through the same numbers.
    ['two reporters whose numbers overlap', raw([701, 707, 702, 703, 708, 704, 709, 705, 710]), ['701 702 703 704 705', '707 708 709 710']],
    // 100 A.3d 1112: the source has no labels for 1119 and 1120.
    ['a reporter whose labels skip missing pages', raw([1117, 1118, 1121, 1122, 1123]), ['1117 1118 1121 1122 1123']],
    ['a jump past the step, with nothing interleaved, is still one reporter', raw([10, 11, 12, 30, 31]), ['10 11 12 30 31']],
    ['citation indexes keep reporters apart', [...raw([5, 6], 1), ...raw([90], 2)], ['5 6', '90']],
    ['without citation indexes, two stars are the second reporter', [...raw([5, 6], null, 1), ...raw([90, 91], null, 2)], ['5 6', '90 91']],
  ];
  it.each(cases)('%s', (_name, marks, expected) => {
    marks.forEach((m, k) => (m.offset = k * 10));
    expect(grouped(marks)).toEqual(expected);
  });

  it('puts a footnote label with its reporter without extending the series', () => {
    const marks = [...raw([1005, 267, 1006, 268]), { offset: 100, label: '1006', citationIndex: 1, stars: 1, inFootnote: true }];
    const { marks: out } = groupMarks(marks);
    expect(out[4].series).toBe(out[0].series);
  });
});

describe('SeriesPages and seriesFor', () => {
  // `first page text *1005 second page text *1006 third` and a footnote whose marker is on 1005.
  const text = 'first page text second page text third\n\nA note that runs on.';
  const op = finishOpinion(
    text,
    [
      { offset: text.indexOf('second'), label: '1005', citationIndex: 1, stars: 1, inFootnote: false },
      { offset: text.indexOf('third'), label: '1006', citationIndex: 1, stars: 1, inFootnote: false },
      { offset: text.indexOf('A note'), label: '267', citationIndex: 2, stars: 1, inFootnote: false },
      { offset: text.indexOf('runs on'), label: '1006', citationIndex: 1, stars: 1, inFootnote: true },
    ],
    [{ offset: text.indexOf(' text third'), label: '1', target: null }],
    [{ start: text.indexOf('A note'), end: text.length, label: '1', id: null }],
  );
  it('finds the series of the cited reporter by its first page', () => {
    expect(seriesFor(op, '1004')).toBe(0);
    expect(seriesFor(op, '266')).toBe(1);
    expect(seriesFor(op, '500')).toBe(-1);
    expect(seriesFor(op, '___')).toBe(-1);
    // Head matter of more than FIRST_LABEL_REACH pages left out of the source: the citation index says.
    expect(seriesFor(op, '990')).toBe(-1);
    expect(seriesFor(op, '990', 1)).toBe(0);
    expect(seriesFor(op, '990', 2)).toBe(-1);
  });
  it('gives the page of any character, the first page before the first label', () => {
    const pages = new SeriesPages(op, 0, '1004');
    expect(pages.pageAt(0)).toBe('1004');
    expect(pages.pageAt(text.indexOf('second'))).toBe('1005');
    expect(pages.pageAt(text.indexOf('third'))).toBe('1006');
    // The footnote: its marker's page, then the label inside it.
    expect(pages.pageAt(text.indexOf('A note'))).toBe('1005');
    expect(pages.pageAt(text.indexOf('runs on'))).toBe('1006');
    expect(pages.pagesOf(0, text.indexOf('third') + 3)).toEqual(['1004', '1005', '1006']);
    expect(pages.pagesOf(text.indexOf('A note'), text.length)).toEqual(['1005', '1006']);
  });
});
