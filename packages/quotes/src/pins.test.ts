import { pinCovers, pinPages } from './pins';

describe('pinPages', () => {
  it.each([
    ['1006', [[1006, 1006]]],
    ['1006-07', [[1006, 1007]]],
    ['1006–1007', [[1006, 1007]]],
    ['99-101', [[99, 101]]],
    ['1006, 1008', [[1006, 1006], [1008, 1008]]],
    ['556 & n.3', [[556, 556]]],
    ['570 n.14', [[570, 570]]],
    ['570 nn.14-15', [[570, 570]]],
    ['12 (plurality opinion)', [[12, 12]]],
    ['*3', null],
    ['¶ 12', null],
    ['passim', null],
    ['', null],
    [null, null],
    ['1007-06', null],
  ] as Array<[string | null, Array<[number, number]> | null]>)('%s', (pin, expected) => {
    expect(pinPages(pin)).toEqual(expected);
  });
  it('pinCovers: any page of the passage in any range', () => {
    expect(pinCovers([[1006, 1007]], ['1005', '1006'])).toBe(true);
    expect(pinCovers([[1006, 1006]], ['1007'])).toBe(false);
    expect(pinCovers([[1, 9]], ['xii'])).toBe(false);
  });
});
