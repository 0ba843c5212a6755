import { RateLimiter } from './rate-limit';

function clockAt(start = 0) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('RateLimiter', () => {
  it('allows `limit` hits per key per window, then refuses until the window ends', () => {
    const clock = clockAt();
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000 }, clock);
    expect([limiter.hit('k'), limiter.hit('k'), limiter.hit('k')]).toEqual([true, true, false]);
    expect(limiter.hit('other')).toBe(true);
    expect(limiter.isBlocked('k')).toBe(true);
    expect(limiter.isBlocked('other')).toBe(false);
    clock.advance(1000);
    expect(limiter.isBlocked('k')).toBe(false);
    expect(limiter.hit('k')).toBe(true);
  });

  it('keeps a hammered key blocked while a flood of other keys arrives', () => {
    // The support form's limiter used to clear every counter past 10,000 keys: 10,001
    // distinct throw-away keys gave the attacker's real key a fresh limit.
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, clockAt());
    for (let i = 0; i < 3; i += 1) limiter.hit('victim@firm.test');
    for (let i = 0; i < 25_000; i += 1) {
      limiter.hit(`junk-${i}`);
      if (i % 1000 === 0) expect(limiter.hit('victim@firm.test')).toBe(false);
    }
    expect(limiter.hit('victim@firm.test')).toBe(false);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
  });

  it('holds at most maxKeys, dropping the least recently used first', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 3 }, clockAt());
    for (const key of ['a', 'b', 'c']) limiter.hit(key);
    limiter.hit('a'); // a is now the most recently used
    limiter.hit('d'); // evicts b
    expect(limiter.size).toBe(3);
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.isBlocked('b')).toBe(false);
    expect(limiter.isBlocked('c')).toBe(true);
  });

  it('lets expired windows go as new keys arrive', () => {
    const clock = clockAt();
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000 }, clock);
    for (let i = 0; i < 100; i += 1) limiter.hit(`old-${i}`);
    clock.advance(1000);
    limiter.hit('new');
    expect(limiter.size).toBe(1);
  });
});
