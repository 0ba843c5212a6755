/**
 * CourtListener's citation quota belongs to the token, which every validation replica uses:
 * two replicas (two throttles over one store, as two pods over one MongoDB) together send at
 * most the limit a minute, where each alone would have sent the whole limit.
 */
import { CitationThrottle, type Clock } from '@citecheck/caselaw';
import { createSqliteStore, type Store } from '@citecheck/platform';
import { storeQuota } from './caselaw';

/** Time that moves only when someone sleeps: whoever waits longest decides the clock. */
function fakeClock(start: number): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

let store: Store;
beforeEach(() => (store = createSqliteStore({ dir: ':memory:', service: 'validation' })));
afterEach(async () => store.close());

test('two replicas share one minute’s quota: the second batch waits for the next minute', async () => {
  const start = Date.UTC(2026, 4, 1, 12, 0, 5);
  const clocks = [fakeClock(start), fakeClock(start)];
  const [a, b] = clocks.map((clock) => new CitationThrottle(60, clock, storeQuota(store)));
  await a.acquire(40);
  expect(clocks[0].slept).toEqual([]);
  // Replica b's own bucket is full, but only 20 of the minute's 60 are left.
  await b.acquire(40);
  expect(clocks[1].slept).toEqual([55_000]);
  // The next minute has room for it.
  await b.acquire(15);
  expect(clocks[1].slept).toEqual([55_000]);
});

test('each replica alone (no shared quota) would have sent the limit twice in one minute', async () => {
  const start = Date.UTC(2026, 4, 1, 12, 0, 5);
  const clocks = [fakeClock(start), fakeClock(start)];
  const [a, b] = clocks.map((clock) => new CitationThrottle(60, clock));
  await a.acquire(40);
  await b.acquire(40);
  expect(clocks.flatMap((c) => c.slept)).toEqual([]);
});

test('a batch over the whole limit waits for an unused minute, then goes', async () => {
  const clock = fakeClock(Date.UTC(2026, 4, 1, 12, 0, 30));
  const quota = storeQuota(store);
  expect(await quota.take(10, 60, clock.now())).toBe(0);
  expect(await quota.take(250, 60, clock.now())).toBe(30_000);
  expect(await quota.take(250, 60, clock.now() + 30_000)).toBe(0);
});

test('a store that fails leaves each replica to its own limit, not stuck', async () => {
  const broken = { collection: () => ({ update: async () => Promise.reject(new Error('not primary')) }) } as unknown as Store;
  expect(await storeQuota(broken).take(10, 60, Date.now())).toBe(0);
});
