import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqliteStore } from './adapters/sqlite-store';
import type { Store } from './ports';
import { failingStore } from './testing/failing-store';
import { createRateLimiter, MemoryRateLimiter, rateLimitCollection, StoreRateLimiter } from './rate-limit';

function clockAt(start = 0) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

async function hits(limiter: { hit(key: string): Promise<boolean> }, key: string, times: number): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await limiter.hit(key));
  return answers;
}

describe('MemoryRateLimiter', () => {
  it('allows `limit` hits per key per window, then refuses until the window ends', async () => {
    const clock = clockAt();
    const limiter = new MemoryRateLimiter({ limit: 2, windowMs: 1000 }, clock);
    expect(await hits(limiter, 'k', 3)).toEqual([true, true, false]);
    expect(await limiter.hit('other')).toBe(true);
    expect(await limiter.isBlocked('k')).toBe(true);
    expect(await limiter.isBlocked('other')).toBe(false);
    clock.advance(1000);
    expect(await limiter.isBlocked('k')).toBe(false);
    expect(await limiter.hit('k')).toBe(true);
  });

  it('keeps a hammered key blocked while a flood of other keys arrives', async () => {
    // The support form's limiter used to clear every counter past 10,000 keys: 10,001
    // distinct throw-away keys gave the attacker's real key a fresh limit.
    const limiter = new MemoryRateLimiter({ limit: 3, windowMs: 60_000 }, clockAt());
    await hits(limiter, 'victim@firm.test', 3);
    for (let i = 0; i < 25_000; i += 1) {
      await limiter.hit(`junk-${i}`);
      if (i % 1000 === 0) expect(await limiter.hit('victim@firm.test')).toBe(false);
    }
    expect(await limiter.hit('victim@firm.test')).toBe(false);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
  });

  it('holds at most maxKeys, dropping the least recently used first', async () => {
    const limiter = new MemoryRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 3 }, clockAt());
    for (const key of ['a', 'b', 'c']) await limiter.hit(key);
    await limiter.hit('a'); // a is now the most recently used
    await limiter.hit('d'); // evicts b
    expect(limiter.size).toBe(3);
    expect(await limiter.isBlocked('a')).toBe(true);
    expect(await limiter.isBlocked('b')).toBe(false);
    expect(await limiter.isBlocked('c')).toBe(true);
  });

  it('lets expired windows go as new keys arrive', async () => {
    const clock = clockAt();
    const limiter = new MemoryRateLimiter({ limit: 1, windowMs: 1000 }, clock);
    for (let i = 0; i < 100; i += 1) await limiter.hit(`old-${i}`);
    clock.advance(1000);
    await limiter.hit('new');
    expect(limiter.size).toBe(1);
  });
});

describe('StoreRateLimiter', () => {
  let dir: string;
  let stores: Store[];
  /** A replica's store: its own connection to the one database file every replica shares. */
  const replicaStore = () => {
    const store = createSqliteStore({ dir, service: 'limits' });
    stores.push(store);
    return store;
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'citecheck-limits-'));
    stores = [];
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds up the hits of two replicas sharing one store: 2 on A and 2 on B, the 4th is refused', async () => {
    const clock = clockAt(Date.parse('2025-03-01T12:00:00Z'));
    const options = { name: 'login-ip', limit: 3, windowMs: 60_000 };
    const a = new StoreRateLimiter(replicaStore(), options, clock);
    const b = new StoreRateLimiter(replicaStore(), options, clock);
    expect(await hits(a, 'login:203.0.113.9', 2)).toEqual([true, true]);
    expect(await b.isBlocked('login:203.0.113.9')).toBe(false);
    expect(await hits(b, 'login:203.0.113.9', 2)).toEqual([true, false]);
    expect(await a.isBlocked('login:203.0.113.9')).toBe(true);
    expect(await a.hit('login:203.0.113.9')).toBe(false);
    // Another key, and another limiter of the service on the same key, count apart.
    expect(await b.hit('login:198.51.100.1')).toBe(true);
    expect(await new StoreRateLimiter(stores[0], { ...options, name: 'register-ip' }, clock).hit('login:203.0.113.9')).toBe(true);
    // The next window starts afresh on every replica.
    clock.advance(60_000);
    expect(await a.isBlocked('login:203.0.113.9')).toBe(false);
    expect(await hits(b, 'login:203.0.113.9', 3)).toEqual([true, true, true]);
    expect(await a.hit('login:203.0.113.9')).toBe(false);
  });

  it('counts many concurrent first hits of a window exactly, across replicas', async () => {
    const clock = clockAt(Date.parse('2025-03-01T12:00:00Z'));
    const options = { name: 'burst', limit: 7, windowMs: 60_000 };
    const replicas = [replicaStore(), replicaStore(), replicaStore()].map((store) => new StoreRateLimiter(store, options, clock));
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => replicas[i % 3].hit('k')));
    expect(answers.filter(Boolean)).toHaveLength(7);
    const records = await rateLimitCollection(stores[0]).find({});
    expect(records.map((r) => r.count)).toEqual([60]);
  });

  it('counts in this process while the store fails, logs the outage once, and shares again when it answers', async () => {
    const clock = clockAt(Date.parse('2025-03-01T12:00:00Z'));
    const failing = failingStore(replicaStore());
    const logged: string[] = [];
    const logger = {
      error: (_: object, message: string) => void logged.push(`error: ${message}`),
      info: (_: object, message: string) => void logged.push(`info: ${message}`),
    };
    const limiter = new StoreRateLimiter(failing.store, { name: 'support', limit: 2, windowMs: 60_000 }, clock, logger);
    expect(await limiter.hit('k')).toBe(true);
    failing.down = true;
    expect(await hits(limiter, 'k', 3)).toEqual([true, true, false]);
    expect(await limiter.isBlocked('k')).toBe(true);
    expect(logged).toEqual(['error: rate limit store failed: counting in this process until it answers']);
    failing.down = false;
    // The shared count saw one hit before the outage.
    expect(await limiter.hit('k')).toBe(true);
    expect(await limiter.hit('k')).toBe(false);
    expect(logged[1]).toBe('info: rate limit store answers again: counting shared');
    expect(logged).toHaveLength(2);
  });

  it('refuses a name that could run into another limiter\'s keys', () => {
    expect(() => new StoreRateLimiter(replicaStore(), { name: 'a|b', limit: 1, windowMs: 1000 }, clockAt())).toThrow(/without "\|"/);
  });

  it('is what distributed mode gets; embedded mode counts in memory and writes nothing', async () => {
    const store = replicaStore();
    const ports = { store, clock: clockAt(), logger: undefined as never };
    const embedded = createRateLimiter(ports, 'embedded', { name: 'x', limit: 1, windowMs: 1000 });
    const distributed = createRateLimiter(ports, 'distributed', { name: 'y', limit: 1, windowMs: 1000 });
    expect(embedded).toBeInstanceOf(MemoryRateLimiter);
    expect(distributed).toBeInstanceOf(StoreRateLimiter);
    await embedded.hit('k');
    expect(await rateLimitCollection(store).count()).toBe(0);
    await distributed.hit('k');
    expect(await rateLimitCollection(store).count()).toBe(1);
  });
});
