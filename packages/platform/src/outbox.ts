/**
 * The outbox: work that must reach the outside world (an e-mail, a webhook) is recorded in the
 * service's own store before anyone tries to send it, keyed by an id the caller chooses (so a
 * repeated request adds nothing), and marked sent only once the outside world accepted it. A
 * record is claimed by a conditional update that moves its next attempt one lease into the
 * future: a process that dies mid-send leaves the record to be retried once the lease runs
 * out, which is how a restart resumes unsent work.
 *
 *   const outbox = new Outbox<Mail>(store, { name: 'outbox' });
 *   await outbox.enqueue({ id: messageId, to, subject }, clock.now());
 *   const sender = new OutboxSender(outbox, (mail) => provider.send(mail), clock, logger, options);
 *   sender.start(); sender.kick();
 */
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { outboxMetrics, type OutboxMetrics } from './domain-metrics';
import { DuplicateKeyError, type Clock, type Collection, type Filter, type IndexSpec, type Store, type Stored, type Update } from './ports';

/** Where a record is on its way out. */
export interface DeliveryState {
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** What the outbox stores: the caller's fields and the delivery state, side by side. */
export type OutboxRecord<T extends Stored> = T & DeliveryState;

export interface OutboxSpec<T extends Stored> {
  /** The collection's name in the service's store. */
  name: string;
  /** Indexes on the caller's own fields (the outbox adds the one it needs). */
  indexes?: IndexSpec<OutboxRecord<T>>[];
}

export class Outbox<T extends Stored> {
  readonly records: Collection<OutboxRecord<T>>;

  constructor(store: Store, spec: OutboxSpec<T>) {
    this.records = store.collection<OutboxRecord<T>>({
      name: spec.name,
      indexes: [{ fields: ['status', 'nextAttemptAt'] }, ...(spec.indexes ?? [])],
    });
  }

  /** Records an item; false when its id is already there (a repeated request). */
  async enqueue(item: T, now: Date): Promise<boolean> {
    const state: DeliveryState = { status: 'pending', attempts: 0, nextAttemptAt: now.toISOString(), lastError: null, createdAt: now.toISOString(), sentAt: null };
    try {
      await this.records.insert({ ...item, ...state });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  async due(now: Date, limit: number): Promise<OutboxRecord<T>[]> {
    return this.records.find(this.where({ status: 'pending', nextAttemptAt: { $lte: now.toISOString() } }), { sort: { nextAttemptAt: 1 }, limit });
  }

  /** Takes a record for one attempt; null when another sender took it first. */
  async claim(record: OutboxRecord<T>, now: Date, leaseMs: number): Promise<OutboxRecord<T> | null> {
    return this.records.update(
      record.id,
      this.change({ $inc: { attempts: 1 }, $set: { nextAttemptAt: new Date(now.getTime() + leaseMs).toISOString() } }),
      this.where({ status: 'pending', attempts: record.attempts }),
    );
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.records.update(id, this.change({ $set: { status: 'sent', sentAt: now.toISOString(), lastError: null } }));
  }

  /** Records a failed attempt: retried at `retryAt`, or failed for good when it is null. */
  async markFailedAttempt(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.records.update(
      id,
      this.change(retryAt ? { $set: { lastError: error, nextAttemptAt: retryAt.toISOString() } } : { $set: { lastError: error, status: 'failed' } }),
    );
  }

  async backlog(): Promise<number> {
    return this.records.count(this.where({ status: 'pending' }));
  }

  // Conditions and changes on the delivery fields, which every OutboxRecord<T> has whatever T
  // is; TypeScript cannot see that through the generic intersection.
  private where(filter: Filter<DeliveryState>): Filter<OutboxRecord<T>> {
    return filter as Filter<OutboxRecord<T>>;
  }

  private change(update: Update<DeliveryState>): Update<OutboxRecord<T>> {
    return update as Update<OutboxRecord<T>>;
  }
}

/** Exponential backoff from `baseMs`, capped at `maxMs`. */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before attempt `attempt + 1` after `attempt` failed attempts (attempt >= 1), with up
 * to 20% random jitter so an outage of the outside service does not end in a synchronized burst.
 */
export function retryDelayMs(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = options.baseMs * 2 ** Math.max(0, attempt - 1);
  const capped = Math.min(exponential, options.maxMs);
  return Math.round(capped * (1 + 0.2 * random()));
}

export interface OutboxSenderOptions {
  /** What is sent, for the logs ('mail'). */
  what: string;
  pollMs: number;
  maxAttempts: number;
  backoff: BackoffOptions;
  /** How long a claimed record is left alone before another attempt may take it. */
  leaseMs: number;
  batchSize?: number;
  /** Where the backlog and failed attempts are reported (`outboxMetrics`, labelled `what`). */
  metrics?: Registry;
}

/**
 * The sending loop: takes due records, sends each, marks it sent, or schedules a retry with
 * backoff (and gives up after `maxAttempts`, leaving the record `failed` with its last error).
 * `kick()` runs it at once after a new record; a timer also runs it every `pollMs`, which
 * picks up retries and whatever an earlier process left unsent.
 */
export class OutboxSender<T extends Stored> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly outbox: Outbox<T>,
    private readonly send: (record: OutboxRecord<T>) => Promise<void>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: OutboxSenderOptions,
  ) {
    this.metrics = options.metrics ? outboxMetrics(options.metrics, options.what, () => outbox.backlog()) : null;
  }

  private readonly metrics: OutboxMetrics | null;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the timer and waits for the pass in flight, so no send is cut off mid-way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a pass now (or right after the one in flight). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runUntilQuiet().finally(() => {
      this.running = null;
    });
  }

  private async runUntilQuiet(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.runOnce();
      } catch (error) {
        this.logger.error({ err: error }, `${this.options.what} delivery pass failed`);
      }
    } while (this.again && !this.stopped);
  }

  /** One pass over the due records; returns how many were sent. */
  async runOnce(): Promise<number> {
    let sent = 0;
    const due = await this.outbox.due(this.clock.now(), this.options.batchSize ?? 50);
    for (const candidate of due) {
      const record = await this.outbox.claim(candidate, this.clock.now(), this.options.leaseMs);
      if (!record) continue;
      try {
        await this.send(record);
        await this.outbox.markSent(record.id, this.clock.now());
        sent += 1;
      } catch (error) {
        const reason = (error as Error).message;
        const giveUp = record.attempts >= this.options.maxAttempts;
        const retryAt = giveUp ? null : new Date(this.clock.now().getTime() + retryDelayMs(record.attempts, this.options.backoff));
        await this.outbox.markFailedAttempt(record.id, reason, retryAt);
        const { what } = this.options;
        this.metrics?.failures.inc({ what, final: String(giveUp) });
        this.logger.warn({ id: record.id, attempts: record.attempts, retryAt, err: error }, giveUp ? `${what} delivery failed for good` : `${what} delivery failed, will retry`);
      }
    }
    return sent;
  }
}
