import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GroupCommit, openSqlite, type SqliteDatabase } from './sqlite';

describe('GroupCommit', () => {
  let dir: string;
  let db: SqliteDatabase;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'citecheck-commit-'));
    db = openSqlite(dir, 'x.sqlite');
    db.exec('CREATE TABLE t (v INTEGER)');
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (v: number) => () => db.prepare('INSERT INTO t (v) VALUES (?)').run(v).changes;
  const count = () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => (done = true), () => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };

  /** A log sync the test releases by hand, counting the syncs asked for. */
  function heldSync() {
    const held: { resolve: () => void; reject: (error: Error) => void }[] = [];
    const sync = () => new Promise<void>((resolve, reject) => held.push({ resolve, reject }));
    return { sync, held };
  }

  // Failed before the sync moved off the event loop: the commit itself waited for the disk
  // (synchronous=FULL) and no sync was asked of the thread pool.
  it('settles a durable turn only once its log is synced, off the event loop; the commit is visible before', async () => {
    const { sync, held } = heldSync();
    const commits = new GroupCommit(db, undefined, sync);
    const turn = Promise.all([commits.write(insert(1)), commits.write(insert(2), false)]);
    expect(await settled(turn)).toBe(false);
    expect(held).toHaveLength(1);
    expect(count()).toBe(2);
    // The commit itself ran at NORMAL (no fsync on the loop); the connection is back at FULL.
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    held[0].resolve();
    expect(await turn).toEqual([1, 1]);
  });

  it('settles a turn of only non-durable writes without a sync', async () => {
    const { sync, held } = heldSync();
    const commits = new GroupCommit(db, undefined, sync);
    expect(await Promise.all([commits.write(insert(1), false), commits.write(insert(2), false)])).toEqual([1, 1]);
    expect(held).toHaveLength(0);
  });

  it('rejects every write of a turn whose sync failed, and tells onError', async () => {
    const { sync, held } = heldSync();
    const errors: unknown[] = [];
    const commits = new GroupCommit(db, (error) => errors.push(error), sync);
    const turn = Promise.allSettled([commits.write(insert(1)), commits.write(insert(2))]);
    await settled(turn);
    held[0].reject(new Error('EIO'));
    expect((await turn).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(errors).toHaveLength(1);
  });

  it('syncs the real log file, and close() waits for the syncs under way', async () => {
    const commits = new GroupCommit(db);
    const writes = Promise.all([commits.write(insert(1)), commits.write(insert(2))]);
    commits.flush();
    await commits.close();
    expect(await writes).toEqual([1, 1]);
    expect(count()).toBe(2);
  });

  it('rejects only the write that throws and keeps the others of its turn', async () => {
    const commits = new GroupCommit(db);
    const results = await Promise.allSettled([
      commits.write(() => db.prepare('INSERT INTO t (v) VALUES (1)').run().changes),
      commits.write(() => {
        db.prepare('INSERT INTO t (v) VALUES (2)').run();
        throw new Error('refused');
      }),
      commits.write(() => db.prepare('INSERT INTO t (v) VALUES (3)').run().changes),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((db.prepare('SELECT v FROM t ORDER BY v').all() as { v: number }[]).map((r) => r.v)).toEqual([1, 3]);
  });
});
