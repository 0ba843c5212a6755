/**
 * A token bucket counted in citations: CourtListener's citation-lookup quota is per citation
 * (60 a minute by default), not per request. A batch larger than the bucket waits until the
 * bucket is full and then overdraws it, so the next batch waits for the debt: the long-run
 * rate stays at the limit without splitting batches.
 *
 * The quota is the token's, not the process's: validation autoscales to several replicas
 * sharing one token, each with a bucket of its own. With a `shared` quota (a counter every
 * replica updates atomically, kept in validation's store) a batch also needs room in the
 * current minute of the shared count, so all replicas together stay within the limit.
 *
 * The client paces every HTTP request with one of these too, counted in requests.
 */

/**
 * A per-minute citation budget shared by every process using one token. `take` counts
 * `count` citations into the minute `now` falls in if they fit (a batch larger than the whole
 * budget fits an unused minute) and resolves to 0, or leaves the count alone and resolves to
 * the milliseconds until the next minute.
 */
export interface SharedQuota {
  take(count: number, perMinute: number, now: number): Promise<number>;
}
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class CitationThrottle {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock = systemClock,
    private readonly shared?: SharedQuota,
  ) {
    if (!(perMinute > 0)) throw new RangeError('perMinute must be positive');
    this.tokens = perMinute;
    this.last = clock.now();
  }

  /** Resolves when `count` citations may be sent. Callers are served in arrival order. */
  acquire(count: number): Promise<void> {
    const turn = this.queue.then(() => this.take(count));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async take(count: number): Promise<void> {
    const need = Math.min(count, this.perMinute);
    for (;;) {
      this.refill();
      if (this.tokens >= need) {
        const wait = this.shared ? await this.shared.take(count, this.perMinute, this.clock.now()) : 0;
        if (wait > 0) {
          // Other replicas used this minute's quota: wait for the next one.
          await this.clock.sleep(wait);
          continue;
        }
        this.tokens -= count;
        return;
      }
      await this.clock.sleep(Math.ceil(((need - this.tokens) * 60_000) / this.perMinute));
    }
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.perMinute, this.tokens + ((now - this.last) * this.perMinute) / 60_000);
    this.last = now;
  }
}
