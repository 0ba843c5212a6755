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
 * pipeline run publishes hundreds of progress messages, and sync the log off the event loop.
 */
import { close as closeFile, closeSync, fdatasync, fsync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** Makes what was written to the connection's log durable; the default syncs the log file itself. */
export type LogSync = () => Promise<void>;

/**
 * Group commit for one connection: the writes asked for in one turn of the event loop run at
 * its end (setImmediate), in the order asked, in ONE transaction. Each write's promise settles
 * only once its transaction is committed and, on a file opened with synchronous=FULL, once the
 * log is on disk: whoever awaits a write may rely on it as before. Each write runs in a
 * savepoint of its own, so one that throws (a unique key) undoes only itself and rejects only
 * its own promise.
 *
 * The transaction itself commits at synchronous=NORMAL (its log frames written, not yet
 * synced), and the log file is then synced with fdatasync on libuv's thread pool before the
 * turn's promises resolve. That is FULL's guarantee to every caller, without the event loop
 * waiting for the disk: at 1.5 ms an fsync and a dozen durable turns per uploaded document,
 * twenty documents at once used to hold the loop for half a second. (SQLite, at NORMAL, still
 * syncs the log before a checkpoint and the main file after one.) Another reader in this
 * process may see a commit before its sync; a power cut in between can then leave an effect
 * without its cause, never a caller told "done" for something lost.
 *
 * A write marked not `durable` may be lost on a power cut (never when the process is killed):
 * a turn with only such writes (progress messages, committed offsets) resolves without a sync.
 * The next durable turn's sync covers the log up to it.
 *
 * No transaction stays open between turns: another connection to the file (another process,
 * or a second store on it in this one) waits at most for one turn's writes.
 */
export class GroupCommit {
  private pending: { writes: (() => void)[]; waiters: Waiter[]; durable: boolean } | null = null;
  private readonly full: boolean;
  private readonly syncLog: LogSync;
  private readonly syncing = new Set<Promise<void>>();
  private logFile: number | null = null;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly onError: (error: unknown) => void = () => undefined,
    syncLog?: LogSync,
  ) {
    this.full = db.pragma('synchronous', { simple: true }) === FULL && !db.memory;
    this.syncLog = syncLog ?? (() => this.syncLogFile());
  }

  /** Queues `work` for this turn's transaction; resolves with its result once committed (and synced, when durable). */
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

  /**
   * Commits what is queued now: at the end of the turn, and before a read that must see it or
   * a close. The commit is visible at once; its promises settle after the log's sync.
   */
  flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    try {
      if (this.full) this.db.exec('PRAGMA synchronous = NORMAL');
      try {
        this.db.transaction(() => pending.writes.forEach((work) => work())).immediate();
      } finally {
        if (this.full) this.db.exec('PRAGMA synchronous = FULL');
      }
    } catch (error) {
      this.onError(error);
      for (const waiter of pending.waiters) waiter.reject(error);
      return;
    }
    if (!this.full || !pending.durable) {
      for (const waiter of pending.waiters) waiter.resolve();
      return;
    }
    const sync = this.syncLog().then(
      () => pending.waiters.forEach((waiter) => waiter.resolve()),
      (error: unknown) => {
        this.onError(error);
        pending.waiters.forEach((waiter) => waiter.reject(error));
      },
    );
    this.syncing.add(sync);
    void sync.finally(() => this.syncing.delete(sync));
  }

  /** Commits what is queued, waits for the syncs under way and lets go of the log file; the caller closes the database after. */
  async close(): Promise<void> {
    this.flush();
    await Promise.all([...this.syncing]);
    if (this.logFile !== null) closeSync(this.logFile);
    this.logFile = null;
  }

  private async syncLogFile(): Promise<void> {
    if (this.logFile === null) {
      // The log exists once the connection has committed in WAL mode; its directory entry is
      // synced once too, as SQLite does for a file it creates, so the file itself survives.
      this.logFile = openSync(`${this.db.name}-wal`, 'r+');
      await syncFile(dirname(this.db.name));
    }
    const file = this.logFile;
    await new Promise<void>((resolve, reject) => fdatasync(file, (error) => (error ? reject(error) : resolve())));
  }
}

/** fsync of a path (a directory: its entries), on the thread pool. */
async function syncFile(path: string): Promise<void> {
  const fd = openSync(path, 'r');
  try {
    await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
  } finally {
    closeFile(fd, () => undefined);
  }
}
