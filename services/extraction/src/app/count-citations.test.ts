/** The citation cap counted batch by batch, giving the event loop a turn between batches. */
import { batchCitationCounts, exceedsCitationLimit } from '../domain/extract';
import { exceedsCitationLimitYielding } from './count-citations';

/** `lines` lines of `perLine` distinct citations each. */
const flood = (lines: number, perLine: number) =>
  Array.from({ length: lines }, (_, line) => Array.from({ length: perLine }, (_, i) => `${line * perLine + i + 1} U.S. ${i + 2};`).join(' ')).join('\n');

it.each<[string, string, number, number[]]>([
  ['empty text', '', 100, []],
  ['one batch', 'See 550 U.S. 544 (2007) and 556 U.S. 662 (2009).', 1000, [2]],
  // Each line is about 2,600 characters: a 3,000-character batch is cut back to one line.
  ['cut at line ends', flood(3, 200), 3000, [200, 200, 200]],
])('counts batch by batch: %s', (_name, text, batchChars, counts) => {
  expect([...batchCitationCounts(text, batchChars)]).toEqual(counts);
});

it('stops at the first batch past the limit, with a turn for the event loop after every batch before it', async () => {
  const text = flood(50, 200);
  let pauses = 0;
  const pause = async () => void (pauses += 1);
  await expect(exceedsCitationLimitYielding(text, 500, 3000, pause)).resolves.toBe(true);
  expect(pauses).toBe(2); // 200 and 400 are within the limit; 600 is past it
  pauses = 0;
  await expect(exceedsCitationLimitYielding(flood(3, 200), 600, 3000, pause)).resolves.toBe(false);
  expect(pauses).toBe(3);
  expect(exceedsCitationLimit(text, 500, 3000)).toBe(true);
  expect(exceedsCitationLimit(flood(3, 200), 600, 3000)).toBe(false);
});

it('lets other work run while it counts (the real pause)', async () => {
  let otherWorkRan = false;
  setImmediate(() => (otherWorkRan = true));
  let ranBeforeDone = false;
  await exceedsCitationLimitYielding(flood(5, 200), 10_000, 3000).then(() => (ranBeforeDone = otherWorkRan));
  expect(ranBeforeDone).toBe(true);
});
