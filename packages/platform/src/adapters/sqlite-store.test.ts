import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describeStoreContract } from '../testing/store-contract';
import { createSqliteStore } from './sqlite-store';

describeStoreContract('sqlite (in memory)', async () => createSqliteStore({ dir: ':memory:', service: 'contract' }));

const fileDirs: string[] = [];
afterAll(() => fileDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
describeStoreContract('sqlite (file, WAL)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'citecheck-store-'));
  fileDirs.push(dir);
  return createSqliteStore({ dir, service: 'contract' });
});

describe('sqlite store specifics', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'citecheck-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps one WAL-mode file per service, with indexed fields as generated columns under an index', async () => {
    const store = createSqliteStore({ dir, service: 'identity' });
    const users = store.collection<{ id: string; email: string }>({ name: 'users', indexes: [{ fields: ['email'], unique: true }] });
    await users.insert({ id: 'u1', email: 'a@example.com' });
    await store.close();

    const db = new Database(join(dir, 'identity.sqlite'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const columns = (db.prepare('PRAGMA table_xinfo(users)').all() as { name: string; hidden: number }[]).map((c) => [c.name, c.hidden]);
    expect(columns).toContainEqual(['f:email', 2]); // hidden=2: a virtual generated column
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM users WHERE "f:email" = ?`)
      .all('a@example.com') as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX/);
    db.close();
  });

  it('commits the writes of one turn together; a write that fails undoes only itself', async () => {
    const store = createSqliteStore({ dir, service: 'progress' });
    const log = store.collection<{ id: string; n: number }>({ name: 'log' });
    await log.insert({ id: 'taken', n: -1 });
    const results = await Promise.allSettled([
      ...Array.from({ length: 200 }, (_, n) => log.insert({ id: `m${n}`, n })),
      log.insert({ id: 'taken', n: -2 }),
      log.update('m3', { $set: { n: 300 } }),
    ]);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.name)).toEqual(['DuplicateKeyError']);
    expect((results[201] as PromiseFulfilledResult<{ n: number }>).value.n).toBe(300);
    // Committed when each call resolved: another connection sees every write but the refused one.
    const db = new Database(join(dir, 'progress.sqlite'), { readonly: true });
    expect((db.prepare('SELECT COUNT(*) AS n FROM log').get() as { n: number }).n).toBe(201);
    expect(JSON.parse((db.prepare("SELECT doc FROM log WHERE id = 'taken'").get() as { doc: string }).doc)).toEqual({ id: 'taken', n: -1 });
    db.close();
    // Each commit appends the pages it changed to the write-ahead log (32-byte header, then
    // frames of 24 bytes + one 4 KB page): a transaction per write would leave hundreds.
    expect((statSync(join(dir, 'progress.sqlite-wal')).size - 32) / (24 + 4096)).toBeLessThan(40);
    await store.close();
  });

  it('reopens a file and finds what was written, indexes included', async () => {
    const first = createSqliteStore({ dir, service: 'ingest' });
    await first.collection<{ id: string; n: number }>({ name: 'docs', indexes: [{ fields: ['n'], unique: true }] }).insert({ id: 'd1', n: 1 });
    await first.close();
    const second = createSqliteStore({ dir, service: 'ingest' });
    const docs = second.collection<{ id: string; n: number }>({ name: 'docs' });
    expect(await docs.get('d1')).toEqual({ id: 'd1', n: 1 });
    await expect(docs.insert({ id: 'd2', n: 1 })).rejects.toThrow('duplicate key in docs on n');
    await second.close();
  });

  it('refuses names that would not be safe as file or table names, and unsupported operators', async () => {
    expect(() => createSqliteStore({ dir, service: '../evil' })).toThrow('invalid service name');
    const store = createSqliteStore({ dir: ':memory:', service: 's' });
    expect(() => store.collection({ name: 'x; DROP TABLE y' })).toThrow('invalid collection name');
    const c = store.collection<{ id: string; n: number }>({ name: 'c' });
    await expect(c.find({ n: { $regex: 'a' } as never })).rejects.toThrow('unsupported filter operator $regex');
    await expect(c.find({ $where: '1' })).rejects.toThrow('unsupported filter operator $where');
    await expect(c.insert({ id: 'a', n: 1 }).then(() => c.update('a', { $set: { id: 'b' } }))).rejects.toThrow('id of a document cannot change');
    await store.close();
  });

  it('survives kill -9 in the middle of a write loop: file intact, every reported commit present', async () => {
    const script = join(dir, 'writer.ts');
    const storeModule = join(__dirname, 'sqlite-store').replace(/\\/g, '/');
    writeFileSync(
      script,
      `import { createSqliteStore } from ${JSON.stringify(storeModule)};
       const store = createSqliteStore({ dir: ${JSON.stringify(dir)}, service: 'crash' });
       const items = store.collection<{ id: string; payload: string; n: number }>({ name: 'items', indexes: [{ fields: ['n'], unique: true }] });
       (async () => {
         for (let n = 0; ; n++) {
           await items.insert({ id: 'item-' + n, payload: 'x'.repeat(2000), n });
           process.stdout.write('committed item-' + n + '\\n');
         }
       })();`,
    );
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const reported: string[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let buffered = '';
    await new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`writer exited early (${code}): ${stderr}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('committed ')) reported.push(line.slice('committed '.length));
        if (reported.length >= 300) resolve();
      });
    });
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const db = new Database(join(dir, 'crash.sqlite'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set((db.prepare('SELECT id FROM items').all() as { id: string }[]).map((r) => r.id));
    db.close();
    const missing = reported.filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(reported.length);

    const reopened = createSqliteStore({ dir, service: 'crash' });
    expect(await reopened.collection({ name: 'items' }).count()).toBe(stored.size);
    await reopened.close();
  }, 60000);
});
