/**
 * Opening a SQLite file the way both the store and the embedded bus need it.
 *
 * WAL: readers never block the writer, and a crash leaves the main file intact (the
 * write-ahead log is replayed or discarded on the next open, whole transactions at a time).
 *
 * synchronous=FULL: in WAL mode NORMAL already survives a killed process, but a power cut
 * or a kernel panic may roll back the last transactions that had been reported committed.
 * These files hold quota reservations, report counts and pipeline events; a user who was
 * told an upload counted must not find it uncounted after a reboot. FULL costs one fsync of
 * the log per commit (about 1.5 ms, the event loop blocked); the bus and the store therefore
 * commit the writes of one turn of the event loop together (`GroupCommit` below), since a
 * pipeline run publishes hundreds of progress messages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

export type Synchronous = 'NORMAL' | 'FULL';

/** `dir` ':memory:' gives a private in-memory database (unit tests). */
export function openSqlite(dir: string, fileName: string, synchronous: Synchronous = 'FULL'): SqliteDatabase {
  if (dir === ':memory:') return new Database(':memory:');
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, fileName));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  // Another process (the CLI, a second server during a rolling restart) may hold the write
  // lock for a moment; wait for it instead of failing with SQLITE_BUSY.
  db.pragma('busy_timeout = 5000');
  return db;
}

/** A SQL string literal: single quotes doubled. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A SQL identifier: double quotes doubled. */
export function sqlIdent(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/** PRAGMA synchronous's value for FULL. */
const FULL = 2;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one connection: the writes asked for in one turn of the event loop run at
 * its end (setImmediate), in the order asked, in ONE transaction, so synchronous=FULL costs one
 * fsync per turn instead of one per write (1.5 ms each on this project's machines, with the
 * event loop blocked). Each write's promise settles only once its transaction has committed:
 * whoever awaits a write may rely on it as before. Each write runs in a savepoint of its own,
 * so one that throws (a unique key) undoes only itself and rejects only its own promise.
 *
 * A write marked not `durable` may be lost on a power cut (never when the process is killed):
 * a turn with only such writes (progress messages, committed offsets) commits with
 * synchronous=NORMAL, without an fsync. The next durable commit's fsync covers the log up to
 * it, so a power cut can only lose such writes made after the last durable one.
 *
 * No transaction stays open between turns: another connection to the file (another process,
 * or a second store on it in this one) waits at most for one turn's writes.
 */
export class GroupCommit {
  private pending: { writes: (() => void)[]; waiters: Waiter[]; durable: boolean } | null = null;
  private readonly full: boolean;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.full = db.pragma('synchronous', { simple: true }) === FULL && !db.memory;
  }

  /** Queues `work` for this turn's transaction; resolves with its result once committed. */
  write<R>(work: () => R, durable = true): Promise<R> {
    if (!this.pending) {
      this.pending = { writes: [], waiters: [], durable: false };
      setImmediate(() => this.flush());
    }
    const pending = this.pending;
    if (durable) pending.durable = true;
    return new Promise<R>((resolve, reject) => {
      let result: R;
      let failed = false;
      pending.writes.push(() => {
        try {
          // Nested inside flush's transaction, better-sqlite3 makes this a savepoint.
          result = this.db.transaction(work)();
        } catch (error) {
          failed = true;
          reject(error);
        }
      });
      pending.waiters.push({ resolve: () => !failed && resolve(result), reject: (error) => !failed && reject(error) });
    });
  }

  /** Commits what is queued now: at the end of the turn, and before a read that must see it or a close. */
  flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    const relaxed = this.full && !pending.durable;
    try {
      if (relaxed) this.db.exec('PRAGMA synchronous = NORMAL');
      try {
        this.db.transaction(() => pending.writes.forEach((work) => work())).immediate();
      } finally {
        if (relaxed) this.db.exec('PRAGMA synchronous = FULL');
      }
    } catch (error) {
      this.onError(error);
      for (const waiter of pending.waiters) waiter.reject(error);
      return;
    }
    for (const waiter of pending.waiters) waiter.resolve();
  }
}
