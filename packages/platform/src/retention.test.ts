import { createSqliteStore } from './adapters/sqlite-store';
import { processedEvents } from './idempotency';
import { documentLeases } from './lease';
import { StoreRateLimiter } from './rate-limit';
import { sweepTransient } from './retention';

test('old processed-event marks, long-expired leases and ended rate-limit windows go; recent ones stay', async () => {
  const store = createSqliteStore({ dir: ':memory:', service: 'retention' });
  try {
    const processed = processedEvents(store);
    await processed.mark('c', 'old', new Date('2025-01-01T00:00:00Z'));
    await processed.mark('c', 'recent', new Date('2025-01-20T00:00:00Z'));
    const then = { now: () => new Date('2025-01-19T00:00:00Z') };
    await documentLeases(store, { clock: then, owner: 'gone', ttlMs: 1000 }).acquire('doc-old');
    await documentLeases(store, { clock: { now: () => new Date('2025-01-20T23:00:00Z') }, owner: 'live', ttlMs: 60_000 }).acquire('doc-live');

    const limit = { name: 'login-ip', limit: 5, windowMs: 60_000 };
    await new StoreRateLimiter(store, limit, { now: () => new Date('2025-01-20T23:57:30Z') }).hit('ended');
    const current = new StoreRateLimiter(store, limit, { now: () => new Date('2025-01-20T23:59:30Z') });
    await current.hit('current');

    const removed = await sweepTransient(store, { now: () => new Date('2025-01-21T00:00:00Z') });
    expect(removed).toEqual({ processed_events: 1, leases: 1, rate_limits: 1 });
    expect(await current.isBlocked('current')).toBe(false);
    for (let i = 0; i < 4; i += 1) await current.hit('current');
    expect(await current.isBlocked('current')).toBe(true);
    expect(await processed.seen('c', 'old')).toBe(false);
    expect(await processed.seen('c', 'recent')).toBe(true);
    expect(await documentLeases(store, { clock: then, owner: 'other', ttlMs: 1000 }).acquire('doc-live')).toBe(false);
  } finally {
    await store.close();
  }
});
