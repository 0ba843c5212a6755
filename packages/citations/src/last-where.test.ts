import { lastWhere } from './last-where';

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
