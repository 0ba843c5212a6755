import { lastAtMost, lastWhere } from './last-where';

describe('lastWhere', () => {
  const ends = [3, 7, 7, 12, 20];
  it.each([
    [0, -1],
    [3, 0],
    [6, 0],
    [7, 2],
    [11, 2],
    [12, 3],
    [19, 3],
    [20, 4],
    [99, 4],
  ])('the last end at or before %i is at index %i', (p, expected) => {
    expect(lastWhere(ends.length, (k) => ends[k] <= p)).toBe(expected);
  });

  it('is -1 for an empty list', () => {
    expect(lastWhere(0, () => true)).toBe(-1);
  });
});

describe('lastAtMost', () => {
  it('answers as lastWhere does for "at most" over a sorted list, duplicates and bounds included', () => {
    const sorted = [3, 7, 7, 12, 20];
    for (let value = -1; value <= 21; value++) expect(lastAtMost(sorted, value)).toBe(lastWhere(sorted.length, (k) => sorted[k] <= value));
    expect(lastAtMost(Int32Array.from(sorted), 7)).toBe(2);
    expect(lastAtMost([], 5)).toBe(-1);
  });
});
