/**
 * Fixed-window request counters per key: one interface, two places to keep the counts.
 *
 * - `MemoryRateLimiter` keeps them in this process, with a bounded number of keys. It is
 *   what one process needs (embedded mode): no store write on every request.
 * - `StoreRateLimiter` keeps them in the service's store, so every replica of a service counts
 *   against the same limit (distributed mode: N replicas behind a load balancer must not
 *   allow N times the configured limit to whoever spreads requests over them).
 *
 * `createRateLimiter` picks one by mode; services never construct either directly.
 *
 *   const limiter = createRateLimiter(ports, config.MODE, { name: 'login-ip', limit: 10, windowMs: 60_000 });
 *   if (!(await limiter.hit(`login:${ip}`))) throw tooManyRequests();
 */
import { DuplicateKeyError, type Clock, type Collection, type Ports, type Store } from './ports';

export interface RateLimitOptions {
  /** Requests allowed per key per window. */
  limit: number;
  windowMs: number;
  /** Keys kept at most in memory (default 10,000). */
  maxKeys?: number;
}

export interface RateLimiter {
  /** Counts one request for `key`; false when the key is over its limit in this window. */
  hit(key: string): Promise<boolean>;
  /** True when `key` has used up its limit in this window, without counting a request. */
  isBlocked(key: string): Promise<boolean>;
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Counts in memory. A window starts at a key's first hit. Memory stays bounded by evicting,
 * oldest-used first, the windows that have expired, and past `maxKeys` the least recently
 * used live ones. A key that is being hammered is always recently used, so a flood of other
 * keys cannot reset its count (dropping every counter at once would hand an attacker a fresh
 * limit for the price of enough distinct keys).
 */
export class MemoryRateLimiter implements RateLimiter {
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

  async hit(key: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    this.windows.delete(key);
    if (!window || this.expired(window, now)) window = { startedAt: now, count: 0 };
    window.count += 1;
    this.windows.set(key, window);
    this.evict(now);
    return window.count <= this.options.limit;
  }

  async isBlocked(key: string): Promise<boolean> {
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

/** Where a shared limiter reports that its store failed and came back (a pino logger fits). */
export interface LimitLogger {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** One window's count in the store: `<limiter>|<key>|<window start, epoch ms>`. */
export interface RateWindowRecord {
  id: string;
  count: number;
  /** ISO time the window ends; the record is dropped a while after (RATE_WINDOW_KEEP_MS). */
  endsAt: string;
}

export const RATE_LIMIT_COLLECTION = 'rate_limits';
/** How long past its end a window's record is kept: none is read after its end, so briefly. */
export const RATE_WINDOW_KEEP_MS = 60_000;

/** The collection spec, the same wherever it is opened (MongoDB allows one TTL per collection). */
export function rateLimitCollection(store: Store): Collection<RateWindowRecord> {
  return store.collection<RateWindowRecord>({ name: RATE_LIMIT_COLLECTION, indexes: [{ fields: ['endsAt'], expireAfterMs: RATE_WINDOW_KEEP_MS }] });
}

export interface StoreRateLimitOptions extends RateLimitOptions {
  /** Tells this limiter's records from the other limiters' of the service (`login-ip`). */
  name: string;
}

/**
 * Counts in the store, shared by every replica that opens the same store. Windows are fixed
 * on the epoch (start = now rounded down to `windowMs`), so all replicas agree on which one a
 * request falls in without talking to each other; a window's record is created by whichever
 * replica counts first and incremented atomically after that (`update` with `$inc`). Two
 * replicas counting the first request of a window at once both try the insert; the loser gets
 * DuplicateKeyError and increments the record the winner made.
 *
 * When the store fails, this neither refuses everyone (a database hiccup must not turn every
 * sign-in or form into a 429) nor lets everything through: it counts in this process until
 * the store answers again, which is the per-replica protection there was before the counts
 * were shared. The outage is logged as an error once, and its end once.
 */
export class StoreRateLimiter implements RateLimiter {
  private readonly records: Collection<RateWindowRecord>;
  private readonly fallback: MemoryRateLimiter;
  private degraded = false;

  constructor(
    store: Store,
    private readonly options: StoreRateLimitOptions,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly logger?: LimitLogger,
  ) {
    if (!options.name || options.name.includes('|')) throw new Error(`a store rate limiter needs a name without "|", got "${options.name}"`);
    this.records = rateLimitCollection(store);
    this.fallback = new MemoryRateLimiter(options, clock);
  }

  async hit(key: string): Promise<boolean> {
    try {
      const count = await this.increment(key);
      this.recovered();
      return count <= this.options.limit;
    } catch (error) {
      this.failed(error);
      return this.fallback.hit(key);
    }
  }

  async isBlocked(key: string): Promise<boolean> {
    try {
      const record = await this.records.get(this.window(key).id);
      this.recovered();
      return (record?.count ?? 0) >= this.options.limit;
    } catch (error) {
      this.failed(error);
      return this.fallback.isBlocked(key);
    }
  }

  private window(key: string): { id: string; endsAt: string } {
    const now = this.clock.now().getTime();
    const start = now - (now % this.options.windowMs);
    return { id: `${this.options.name}|${key}|${start}`, endsAt: new Date(start + this.options.windowMs).toISOString() };
  }

  /** The window's count after this request. */
  private async increment(key: string): Promise<number> {
    const { id, endsAt } = this.window(key);
    // Increment, else create. An insert that loses the race to another replica's finds the
    // record on the next increment; only a record deleted in between (swept, long after its
    // window) could fail a round again, so a few rounds settle every race.
    for (let round = 0; round < 3; round += 1) {
      const counted = await this.records.update(id, { $inc: { count: 1 } });
      if (counted) return counted.count;
      try {
        await this.records.insert({ id, count: 1, endsAt });
        return 1;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    throw new Error(`rate limit window ${id} could be neither created nor counted`);
  }

  private failed(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.logger?.error({ err: error, limiter: this.options.name }, 'rate limit store failed: counting in this process until it answers');
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.logger?.info({ limiter: this.options.name }, 'rate limit store answers again: counting shared');
  }
}

/** Where a service's limits are counted: `distributed` shares them through the store. */
export type LimitMode = 'embedded' | 'distributed';

/**
 * The limiter a service uses: in memory in embedded mode (one process sees every request),
 * in the store in distributed mode (several replicas must add up to one limit). `name` must be
 * unique among the service's limiters.
 */
export function createRateLimiter(
  ports: Pick<Ports, 'store' | 'clock' | 'logger'>,
  mode: LimitMode | undefined,
  options: StoreRateLimitOptions,
): RateLimiter {
  return mode === 'distributed' ? new StoreRateLimiter(ports.store, options, ports.clock, ports.logger) : new MemoryRateLimiter(options, ports.clock);
}
