/** The citation cap counted batch by batch, and the finder's threads: off the event loop, within a time budget. */
import { isDocumentError } from '@citecheck/reading';
import { batchCitationCounts, exceedsCitationLimit } from '../domain/extract';
import { CitationFinder } from './citation-finder';

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

it('stops at the first batch past the limit', () => {
  expect(exceedsCitationLimit(flood(50, 200), 500, 3000)).toBe(true);
  expect(exceedsCitationLimit(flood(3, 200), 600, 3000)).toBe(false);
});

describe('CitationFinder', () => {
  const finders: CitationFinder[] = [];
  const finder = (options: ConstructorParameters<typeof CitationFinder>[0] = {}) => {
    const made = new CitationFinder(options);
    finders.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(finders.map((f) => f.close()));
  });

  it('finds citations with their sentences on a thread, and says when there are too many', async () => {
    const f = finder();
    const text = 'First point. Plaintiffs rely on Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). Then more.';
    const found = await f.find({ text, positions: [] }, { limit: 10, batchChars: 10_000 });
    expect(found.tooMany).toBe(false);
    if (!found.tooMany) {
      expect(found.citations.map((c) => c.normalized)).toEqual(['556 U.S. 662']);
      expect(found.citations[0].context).toBe('Plaintiffs rely on Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).');
    }
    await expect(f.find({ text: flood(3, 200), positions: [] }, { limit: 500, batchChars: 3000 })).resolves.toEqual({ tooMany: true });
  }, 60_000);

  it('stops a document past its time budget with extract-timeout, and the next one still runs', async () => {
    const f = finder({ timeoutMs: 50 });
    f.warm();
    // Thousands of citations: far more than 50 ms of work.
    const slow = f.find({ text: flood(20, 150), positions: [] }, { limit: 10_000, batchChars: 10_000 });
    const error: unknown = await slow.catch((e: unknown) => e);
    expect(isDocumentError(error) && error.code).toBe('extract-timeout');
    const quick = finder({ timeoutMs: 30_000 });
    await expect(quick.find({ text: 'See 550 U.S. 544 (2007).', positions: [] }, { limit: 10, batchChars: 10_000 })).resolves.toMatchObject({ tooMany: false });
  }, 60_000);

  it('keeps the event loop free while it works, and stops at the caller’s cancel', async () => {
    const f = finder({ timeoutMs: 60_000 });
    // The thread loaded first (a small document), so the window below is the work's.
    await f.find({ text: 'See 550 U.S. 544 (2007).', positions: [] }, { limit: 10, batchChars: 10_000 });
    const stop = new AbortController();
    // 15,000 citations: seconds of work, still running when it is cancelled (read-aborted says so).
    const work = f.find({ text: flood(100, 150), positions: [] }, { limit: 100_000, batchChars: 10_000, signal: stop.signal });
    // A 10 ms timer keeps firing while the thread works: the loop is never held for long (on
    // the loop, the same work would be one gap as long as all of it). Generous for a busy machine.
    let last = Date.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 10);
    await new Promise((r) => setTimeout(r, 300));
    stop.abort();
    const error: unknown = await work.catch((e: unknown) => e);
    clearInterval(timer);
    expect(isDocumentError(error) && error.code).toBe('read-aborted');
    expect(longestGap).toBeLessThan(250);
  }, 60_000);
});
