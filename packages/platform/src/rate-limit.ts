/**
 * A fixed-window request counter per key, kept in memory with a bounded number of keys.
 * It is per process: with several replicas each counts on its own, so the effective limit
 * is the configured one times the replica count. Good enough to stop a script hammering one
 * pod; a hard global limit would need a shared store.
 *
 *   const limiter = new RateLimiter({ limit: 10, windowMs: 60_000 }, clock);
 *   if (!limiter.hit(`login:${ip}`)) throw tooManyRequests();
 *
 * Memory stays bounded by evicting, oldest-used first, the windows that have expired, and
 * past `maxKeys` the least recently used live ones. A key that is being hammered is always
 * recently used, so a flood of other keys cannot reset its count (dropping every counter at
 * once would hand an attacker a fresh limit for the price of enough distinct keys).
 */
import type { Clock } from './ports';

export interface RateLimitOptions {
  /** Requests allowed per key per window. */
  limit: number;
  windowMs: number;
  /** Keys kept at most (default 10,000). */
  maxKeys?: number;
}

interface Window {
  startedAt: number;
  count: number;
}

export class RateLimiter {
  // A Map iterates in insertion order; every hit re-inserts its key, so the first entries
  // are the least recently used.
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /** Counts one request for `key`; false when the key is over its limit in this window. */
  hit(key: string): boolean {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    this.windows.delete(key);
    if (!window || this.expired(window, now)) window = { startedAt: now, count: 0 };
    window.count += 1;
    this.windows.set(key, window);
    this.evict(now);
    return window.count <= this.options.limit;
  }

  /** True when `key` has used up its limit in this window, without counting a request. */
  isBlocked(key: string): boolean {
    const window = this.windows.get(key);
    if (!window || this.expired(window, this.clock.now().getTime())) return false;
    return window.count >= this.options.limit;
  }

  /** How many keys are held (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private expired(window: Window, now: number): boolean {
    return now - window.startedAt >= this.options.windowMs;
  }

  private evict(now: number): void {
    for (const [key, window] of this.windows) {
      if (this.windows.size <= this.maxKeys && !this.expired(window, now)) break;
      this.windows.delete(key);
    }
  }
}
