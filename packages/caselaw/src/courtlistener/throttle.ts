/**
 * A token bucket counted in citations: CourtListener's citation-lookup quota is per citation
 * (60 a minute by default), not per request. A batch larger than the bucket waits until the
 * bucket is full and then overdraws it, so the next batch waits for the debt: the long-run
 * rate stays at the limit without splitting batches.
 */
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
