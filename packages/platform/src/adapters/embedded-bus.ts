/**
 * The embedded Bus: Kafka's semantics inside one Node process, durable in SQLite.
 *
 * Every published message is appended to a log table in `<dir>/bus.sqlite` before `publish`
 * resolves. Each (topic, consumer group) has a committed offset in the same file, moved
 * only after a handler resolves, so a message published before a shutdown or a kill -9 is
 * delivered after restart, and a message whose handler was cut off is delivered again
 * (at-least-once; consumers are idempotent).
 *
 * Inside a group, messages of one key are handled one at a time, in publish order (a "lane"
 * per key, as a Kafka partition would give); different keys run concurrently up to
 * `concurrency`. Because lanes complete out of order, the committed offset is a low-water
 * mark plus the set of messages acknowledged above it (table `acked`), the same
 * bookkeeping a Kafka client does for out-of-order processing.
 *
 * Members of a group share the work: each key is routed to one member by hash. Two groups
 * each see every message. A handler that throws is retried in place with capped exponential
 * backoff (the lane waits, which keeps the key's order); after `maxAttempts` failures, and the
 * retry budget if one is set (retry.ts; none by default in embedded mode), the message goes
 * to `<topic>.dlq` with the error and is committed.
 *
 * Group commit (`GroupCommit` in sqlite.ts): every write (appends, committed offsets,
 * acknowledgements, dead letters) made in one turn of the event loop goes into one transaction
 * at the end of the turn. `publish` resolves only after its transaction has committed, so a
 * message is as durable as before when its publisher goes on; an offset written a turn late
 * can only mean a redelivery after a crash, which at-least-once allows. Twenty uploads publish
 * thousands of progress messages: one fsync per turn instead of one per message is most of
 * what the bus used to cost them. Committed offsets, and messages of `transientTopics`, need
 * no fsync at all: losing the last of them to a power cut means a redelivery, or a progress
 * bar that skips a step.
 *
 * A publish in this process wakes the consumers of its topic once it is committed; a slow poll
 * (`pollMs`) picks up messages written by other processes (the CLI, a test harness). One
 * consumer group should live in one process: groups are not coordinated across processes.
 */
import { deadLetterTopic, type EventEnvelope } from '@citecheck/proto';
import type { Logger } from 'pino';
import type { Bus, EventHandler, SubscribeOptions, Subscription } from '../ports';
import { DEFAULT_MAX_BACKOFF_MS, isFinalAttempt, retryWaitMs, type RetryPolicy } from '../retry';
import { GroupCommit, openSqlite, type SqliteDatabase, type Synchronous } from './sqlite';

export interface EmbeddedBusOptions {
  /** Directory for `bus.sqlite`, or ':memory:' for a bus that forgets everything on close. */
  dir: string;
  /** How often to look for messages written by other processes (default 500 ms). */
  pollMs?: number;
  /** Keys handled at the same time per consumer group (default 16). */
  concurrency?: number;
  /** Messages older than this are deleted from the log (default 7 days, Kafka's default retention). */
  retentionMs?: number;
  synchronous?: Synchronous;
  /**
   * Topics whose messages may be lost on a power cut, never when the process is killed
   * (progress for browsers, which the progress service keeps for replay): appended without an
   * fsync when nothing durable shares their turn.
   */
  transientTopics?: readonly string[];
  /** Keep retrying a failing handler this long after the message's first attempt (retry.ts; default 0: attempts alone). */
  retryBudgetMs?: number;
  /** Longest wait between two attempts (default 30 s). */
  maxBackoffMs?: number;
  logger?: Logger;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 200;
/** Messages fetched ahead of the slowest lane; bounds memory on a large backlog. */
const MAX_BUFFERED = 1000;
const FETCH_BATCH = 200;

interface Message {
  seq: number;
  topic: string;
  key: string;
  value: string;
}

export function createEmbeddedBus(options: EmbeddedBusOptions): Bus {
  return new EmbeddedBus(options);
}

class EmbeddedBus implements Bus {
  readonly db: SqliteDatabase;
  readonly logger?: Logger;
  readonly concurrency: number;
  readonly retryBudgetMs: number;
  readonly maxBackoffMs: number;
  private readonly groups = new Map<string, GroupConsumer>();
  private readonly timer: NodeJS.Timeout;
  private readonly retentionTimer: NodeJS.Timeout;
  private closed = false;
  private readonly transientTopics: ReadonlySet<string>;
  /** Every write goes through it (see the header). */
  readonly commits: GroupCommit;
  private readonly insert;
  /** Statements reused on every call (preparing one costs more than running it). */
  readonly statements;

  constructor(private readonly options: EmbeddedBusOptions) {
    this.db = openSqlite(options.dir, 'bus.sqlite', options.synchronous);
    this.logger = options.logger;
    this.retryBudgetMs = Math.max(0, options.retryBudgetMs ?? 0);
    this.maxBackoffMs = options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    this.transientTopics = new Set(options.transientTopics ?? []);
    this.concurrency = Math.max(1, options.concurrency ?? 16);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, -- AUTOINCREMENT: a seq is never reused after retention deletes
        topic TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
        headers TEXT, published_at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS messages_by_topic ON messages (topic, seq);
      CREATE TABLE IF NOT EXISTS offsets (
        topic TEXT NOT NULL, grp TEXT NOT NULL, committed INTEGER NOT NULL,
        PRIMARY KEY (topic, grp)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS acked (
        topic TEXT NOT NULL, grp TEXT NOT NULL, seq INTEGER NOT NULL,
        PRIMARY KEY (topic, grp, seq)) WITHOUT ROWID;
    `);
    this.insert = this.db.prepare<[string, string, string, string | null, number]>(
      'INSERT INTO messages (topic, key, value, headers, published_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.commits = new GroupCommit(this.db, (error) => this.logger?.error({ err: error }, 'bus commit failed'));
    this.statements = {
      fetch: this.db.prepare<[string, number, number]>('SELECT seq, topic, key, value FROM messages WHERE topic = ? AND seq > ? ORDER BY seq LIMIT ?'),
      message: this.db.prepare<[number]>('SELECT key, value FROM messages WHERE seq = ?'),
      saveOffset: this.db.prepare<[string, string, number]>(
        'INSERT INTO offsets (topic, grp, committed) VALUES (?, ?, ?) ON CONFLICT (topic, grp) DO UPDATE SET committed = excluded.committed',
      ),
      dropAcked: this.db.prepare<[string, string, number]>('DELETE FROM acked WHERE topic = ? AND grp = ? AND seq <= ?'),
      ack: this.db.prepare<[string, string, number]>('INSERT OR IGNORE INTO acked (topic, grp, seq) VALUES (?, ?, ?)'),
    };
    this.prune();
    // unref: a quiet bus must not keep the process alive on its own.
    this.timer = setInterval(() => this.groups.forEach((g) => g.wake()), options.pollMs ?? 500).unref();
    this.retentionTimer = setInterval(() => this.prune(), 60 * 60 * 1000).unref();
  }

  private prune(): void {
    const cutoff = Date.now() - (this.options.retentionMs ?? 7 * 24 * 60 * 60 * 1000);
    this.db.prepare('DELETE FROM messages WHERE published_at < ?').run(cutoff);
  }

  /** Appends to the log; call it inside a write given to `commits`. */
  append(topic: string, key: string, value: string, headers: Record<string, unknown> | null): void {
    this.insert.run(topic, key, value, headers ? JSON.stringify(headers) : null, Date.now());
  }

  wakeTopic(topic: string): void {
    for (const group of this.groups.values()) if (group.topic === topic) group.wake();
  }

  async publish(topic: string, key: string, event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    if (!topic || typeof key !== 'string') throw new Error('publish needs a topic and a string key');
    const value = JSON.stringify(event);
    await this.commits.write(() => this.append(topic, key, value, null), !this.transientTopics.has(topic));
    this.wakeTopic(topic);
  }

  async subscribe(topic: string, group: string, handler: EventHandler, options: SubscribeOptions = {}): Promise<Subscription> {
    if (this.closed) throw new Error('bus is closed');
    const id = `${topic}\u0000${group}`;
    let consumer = this.groups.get(id);
    if (consumer?.isStopping) {
      // Its last member just left: let it drain, then start afresh from the committed
      // offset, so two consumers never run the same key at once.
      await consumer.stop();
      consumer = this.groups.get(id);
    }
    if (!consumer) {
      // The group reads its committed offset from the file: what a previous member committed
      // must be there first.
      this.commits.flush();
      consumer = new GroupConsumer(
        this,
        topic,
        group,
        () => {
          if (this.groups.get(id) === consumer) this.groups.delete(id);
        },
        options.fromBeginning ?? true,
      );
      this.groups.set(id, consumer);
    }
    return consumer.join(handler, options);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.retentionTimer);
    await Promise.all([...this.groups.values()].map((g) => g.stop()));
    await this.commits.close();
    this.db.close();
  }
}

interface Member {
  handler: EventHandler;
  retry: RetryPolicy;
  inFlight: Set<Promise<unknown>>;
}

interface Lane {
  queue: Message[];
  done: Promise<void>;
}

/** FNV-1a: a stable spread of keys over the members of a group. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

class GroupConsumer {
  private members: Member[] = [];
  private committed: number;
  private fetchedUpTo: number;
  /** Fetched messages not yet committed, in seq order; true once handled. */
  private readonly outstanding = new Map<number, boolean>();
  /** Seqs above `committed` already handled (lanes finish out of order). */
  private readonly acked: Set<number>;
  private readonly lanes = new Map<string, Lane>();
  private readonly sleepers = new Set<() => void>();
  private readonly slotWaiters: (() => void)[] = [];
  private running = 0;
  private stopping = false;
  private stopped?: Promise<void>;
  private fetchScheduled = false;

  constructor(
    private readonly bus: EmbeddedBus,
    readonly topic: string,
    private readonly group: string,
    private readonly onStopped: () => void,
    fromBeginning: boolean,
  ) {
    const db = bus.db;
    const row = db.prepare('SELECT committed FROM offsets WHERE topic = ? AND grp = ?').get(topic, group) as { committed: number } | undefined;
    // A new group starts at the beginning of the log (Kafka's fromBeginning): events published
    // before a service first subscribed are not lost; or, when asked, after the last one.
    const end = () => (db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM messages WHERE topic = ?').get(topic) as { seq: number }).seq;
    this.committed = row?.committed ?? (fromBeginning ? 0 : end());
    this.fetchedUpTo = this.committed;
    this.acked = new Set(
      (db.prepare('SELECT seq FROM acked WHERE topic = ? AND grp = ?').all(topic, group) as { seq: number }[]).map((r) => r.seq),
    );
  }

  join(handler: EventHandler, options: SubscribeOptions): Subscription {
    const member: Member = {
      handler,
      retry: {
        maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
        backoffMs: Math.max(0, options.backoffMs ?? DEFAULT_BACKOFF_MS),
        maxBackoffMs: this.bus.maxBackoffMs,
        budgetMs: this.bus.retryBudgetMs,
      },
      inFlight: new Set(),
    };
    this.members.push(member);
    this.wake();
    let left = false;
    return {
      close: async () => {
        if (left) return;
        left = true;
        this.members = this.members.filter((m) => m !== member);
        if (this.members.length === 0) await this.stop();
        else await Promise.allSettled([...member.inFlight]);
      },
    };
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  wake(): void {
    if (this.fetchScheduled || this.stopping) return;
    this.fetchScheduled = true;
    setImmediate(() => {
      this.fetchScheduled = false;
      try {
        this.fetch();
      } catch (error) {
        if (!this.stopping) this.bus.logger?.error({ err: error, topic: this.topic, group: this.group }, 'bus fetch failed');
      }
    });
  }

  private fetch(): void {
    const select = this.bus.statements.fetch;
    while (!this.stopping && this.members.length > 0 && this.outstanding.size < MAX_BUFFERED) {
      const batch = select.all(this.topic, this.fetchedUpTo, FETCH_BATCH) as Message[];
      for (const message of batch) {
        this.fetchedUpTo = message.seq;
        if (this.acked.has(message.seq)) {
          this.outstanding.set(message.seq, true); // handled before a restart; only the watermark needs it
          continue;
        }
        this.outstanding.set(message.seq, false);
        this.enqueue(message);
      }
      if (batch.length < FETCH_BATCH) break;
    }
  }

  private enqueue(message: Message): void {
    const lane = this.lanes.get(message.key);
    if (lane) {
      lane.queue.push(message);
      return;
    }
    const created: Lane = { queue: [message], done: Promise.resolve() };
    this.lanes.set(message.key, created);
    created.done = this.runLane(message.key, created);
  }

  private async runLane(key: string, lane: Lane): Promise<void> {
    while (lane.queue.length > 0 && !this.stopping) {
      const handled = await this.deliver(lane.queue[0]);
      if (!handled) break; // stopping: the message stays uncommitted and comes back after restart
      lane.queue.shift();
    }
    this.lanes.delete(key);
  }

  private async acquireSlot(): Promise<void> {
    while (this.running >= this.bus.concurrency && !this.stopping) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    }
    this.running++;
  }

  private releaseSlot(): void {
    this.running--;
    this.slotWaiters.shift()?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Runs the handler until it succeeds or the message is dead-lettered; false if stopped first. */
  private async deliver(message: Message): Promise<boolean> {
    const firstAt = Date.now();
    for (let attempt = 1; ; attempt++) {
      await this.acquireSlot();
      const member = this.members.length ? this.members[hash(message.key) % this.members.length] : undefined;
      if (this.stopping || !member) {
        this.releaseSlot();
        return false;
      }
      const final = isFinalAttempt(member.retry, attempt, Date.now() - firstAt);
      const ctx = { topic: this.topic, key: message.key, attempt, final };
      // A fresh copy per attempt: a handler that mutated the event must not see its own edits on retry.
      const running = Promise.resolve().then(() => member.handler(JSON.parse(message.value) as EventEnvelope, ctx));
      member.inFlight.add(running);
      let failure: unknown;
      let failed = false;
      try {
        await running;
      } catch (error) {
        failed = true;
        failure = error;
      } finally {
        member.inFlight.delete(running);
        this.releaseSlot();
      }
      if (!failed) {
        this.commit(message.seq);
        return true;
      }
      if (final) {
        this.bus.logger?.error(
          { err: failure, topic: this.topic, group: this.group, key: message.key, attempt },
          `handler failed ${attempt} times; message moved to ${deadLetterTopic(this.topic)}`,
        );
        this.commit(message.seq, failure, attempt);
        return true;
      }
      this.bus.logger?.warn({ err: failure, topic: this.topic, group: this.group, key: message.key, attempt }, 'handler failed; will retry');
      await this.sleep(retryWaitMs(member.retry, attempt));
      if (this.stopping) return false;
    }
  }

  /**
   * Marks `seq` handled and moves the committed offset over every handled message at the
   * front, in memory at once and in the file with this turn's group commit; with `failure`,
   * also appends the message to the dead-letter topic, in the same transaction so a crash
   * cannot lose it or dead-letter it twice.
   */
  private commit(seq: number, failure?: unknown, attempts?: number): void {
    const { statements } = this.bus;
    const { topic, group } = this;
    const writes: (() => void)[] = [];
    const deadLetter = failure !== undefined || attempts !== undefined;
    if (deadLetter) {
      const error = failure instanceof Error ? failure.message.slice(0, 1000) : String(failure).slice(0, 1000);
      writes.push(() => {
        const row = statements.message.get(seq) as { key: string; value: string } | undefined;
        if (row) this.bus.append(deadLetterTopic(topic), row.key, row.value, { topic, group, attempts, error });
      });
    }
    this.outstanding.set(seq, true);
    let watermark = this.committed;
    for (const [pending, handled] of this.outstanding) {
      if (!handled) break;
      watermark = pending;
      this.outstanding.delete(pending);
    }
    if (this.outstanding.size === 0) watermark = Math.max(watermark, this.fetchedUpTo);
    if (watermark !== this.committed) {
      this.committed = watermark;
      writes.push(() => {
        statements.saveOffset.run(topic, group, watermark);
        statements.dropAcked.run(topic, group, watermark);
      });
      for (const s of this.acked) if (s <= watermark) this.acked.delete(s);
    }
    if (seq > this.committed) {
      writes.push(() => statements.ack.run(topic, group, seq));
      this.acked.add(seq);
    }
    if (writes.length > 0) {
      // Only a dead letter must survive a power cut; a lost offset is a redelivery.
      this.bus.commits.write(() => writes.forEach((work) => work()), deadLetter).then(
        () => {
          if (deadLetter) this.bus.wakeTopic(deadLetterTopic(topic));
        },
        // Nobody waits for an offset: one not written means a redelivery after a restart.
        (error: unknown) => this.bus.logger?.error({ err: error, topic, group, seq }, 'committing an offset failed'),
      );
    }
    // Room freed in the buffer may let a stalled fetch continue.
    if (this.outstanding.size < MAX_BUFFERED / 2) this.wake();
  }

  /** Stops fetching, interrupts backoff waits and waits for handlers in flight. Idempotent. */
  stop(): Promise<void> {
    if (!this.stopped) {
      this.stopping = true;
      this.sleepers.forEach((wake) => wake());
      this.slotWaiters.splice(0).forEach((wake) => wake());
      this.stopped = Promise.allSettled([...this.lanes.values()].map((l) => l.done)).then(() => this.onStopped());
    }
    return this.stopped;
  }
}
