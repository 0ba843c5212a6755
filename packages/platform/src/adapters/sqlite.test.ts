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

  /** The synchronous level a write runs under (2 FULL: its commit waits for the disk; 1 NORMAL). */
  const levelSeen = (commits: GroupCommit, durable: boolean) =>
    commits.write(() => {
      db.prepare('INSERT INTO t (v) VALUES (1)').run();
      return db.pragma('synchronous', { simple: true });
    }, durable);

  it('commits a turn of only non-durable writes without waiting for the disk, and any durable one with it', async () => {
    const commits = new GroupCommit(db);
    expect(await Promise.all([levelSeen(commits, false), levelSeen(commits, false)])).toEqual([1, 1]);
    expect(await Promise.all([levelSeen(commits, false), levelSeen(commits, true)])).toEqual([2, 2]);
    expect(await levelSeen(commits, true)).toBe(2);
    // The file's own setting is back after each relaxed commit.
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(5);
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
