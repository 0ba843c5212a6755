import { IdSet } from './id-set';

describe('IdSet', () => {
  it.each([
    ['small ids', [0, 1, 7, 8, 65_535 * 8]],
    ['ids that grow the bitmap', [70_000_000, 1]],
    ['ids past 2^32, which a 32-bit shift would fold onto small ones', [2 ** 32 + 5, 2 ** 40]],
  ])('%s', (_what, ids) => {
    const set = new IdSet();
    for (const id of ids) set.add(id);
    for (const id of ids) set.add(id);
    expect(ids.map((id) => set.has(id))).toEqual(ids.map(() => true));
    expect(set.size).toBe(ids.length);
    for (const id of ids) expect(set.has(id + 1) && !ids.includes(id + 1)).toBe(false);
    expect(set.has(5)).toBe(ids.includes(5));
  });
});
