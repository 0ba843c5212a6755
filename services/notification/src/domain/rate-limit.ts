/**
 * A fixed-window counter per key, in memory and per process (several replicas each count on
 * their own). It keeps a script from turning the support form into a mail cannon.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: { now(): Date },
  ) {}

  hit(key: string): boolean {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size > 10_000) this.windows.clear();
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.limit;
  }
}
