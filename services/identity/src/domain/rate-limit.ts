/**
 * A fixed-window rate limiter kept in memory. It is per process: in distributed mode with
 * several identity replicas each replica counts on its own, so the effective limit is the
 * configured one times the replica count. Good enough to stop a script hammering one pod;
 * a shared limiter (Redis) would be needed for a hard global limit.
 *
 *   const limiter = new RateLimiter({ limit: 10, windowMs: 60_000 }, clock);
 *   if (!limiter.hit(`login:ip:${ip}`)) throw tooManyRequests();
 */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

interface Window {
  startedAt: number;
  count: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly clock: { now(): Date },
  ) {}

  /** Counts one request for `key`; false when the key is over its limit in this window. */
  hit(key: string): boolean {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.options.windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count += 1;
    return window.count <= this.options.limit;
  }

  /** True when `key` is already over its limit, without counting a request. */
  isBlocked(key: string): boolean {
    const window = this.windows.get(key);
    if (!window) return false;
    if (this.clock.now().getTime() - window.startedAt >= this.options.windowMs) return false;
    return window.count >= this.options.limit;
  }

  /** Drops expired windows now and then, so a flood of distinct keys does not grow memory forever. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.options.windowMs) this.windows.delete(key);
    }
  }
}
