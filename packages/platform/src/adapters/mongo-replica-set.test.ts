/**
 * The MongoDB store against a stand-in for a replica set that fails as a real one does: a
 * step-down at start answers createIndex with NotWritablePrimary, then
 * InterruptedDueToReplStateChange (the driver's own MongoServerError, codes as the server
 * sends them), and one server holds the databases of several releases.
 */
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type { Store } from '../ports';
import { mongoLayout } from './mongo';
import { createMongoStore } from './mongo-store';

type Doc = Record<string, unknown> & { _id: string };

/** One server: databases of collections of documents; `createIndex` fails while `stepDowns` is above 0. */
function replicaSet() {
  const databases = new Map<string, Map<string, Map<string, Doc>>>();
  const state = { stepDowns: 0, indexes: [] as string[] };
  const stepDownError = () =>
    state.stepDowns-- % 2 === 0
      ? new mongoose.mongo.MongoServerError({ message: 'not primary', code: 10107, codeName: 'NotWritablePrimary', errorLabels: ['RetryableWriteError'] })
      : new mongoose.mongo.MongoServerError({ message: 'operation was interrupted', code: 11602, codeName: 'InterruptedDueToReplStateChange' });
  const collection = (db: string, name: string) => {
    let collections = databases.get(db);
    if (!collections) databases.set(db, (collections = new Map()));
    let docs = collections.get(name);
    if (!docs) collections.set(name, (docs = new Map()));
    const rows = docs;
    return {
      async createIndex(keys: Record<string, number>) {
        if (state.stepDowns > 0) throw stepDownError();
        state.indexes.push(`${db}/${name}:${Object.keys(keys).join(',')}`);
        return Object.keys(keys).join('_');
      },
      async insertOne(doc: Doc) {
        if (rows.has(doc._id)) throw new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key', code: 11000, keyPattern: { _id: 1 } });
        rows.set(doc._id, { ...doc });
        return { acknowledged: true, insertedId: doc._id };
      },
      async findOne(filter: { _id: string }) {
        return rows.get(filter._id) ?? null;
      },
    };
  };
  const open = async (_url: string, dbName: string) =>
    ({ readyState: 1, db: { databaseName: dbName, collection: (name: string) => collection(dbName, name) }, close: async () => undefined }) as unknown as mongoose.Connection;
  return { databases, state, open };
}

const stores: Store[] = [];
afterEach(async () => void (await Promise.allSettled(stores.splice(0).map((s) => s.close()))));

interface User {
  id: string;
  email: string;
}
const USERS = { name: 'users', indexes: [{ fields: ['email' as const], unique: true }] };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a collection whose index build failed (a step-down at start)', () => {
  it('is refused and reported by /readyz meanwhile, and recovers without a restart', async () => {
    const server = replicaSet();
    server.state.stepDowns = 3;
    const store = createMongoStore({ url: `mongodb://rs-${randomUUID()}.example/citecheck`, service: 'identity', open: server.open, indexRetryMs: 50 });
    stores.push(store);
    const users = store.collection<User>(USERS);
    await expect(users.insert({ id: 'u1', email: 'a@example.com' })).rejects.toThrow(/not primary|interrupted/);
    expect(await store.health!()).toMatchObject({ ok: false, details: { indexesNotBuilt: ['users'] } });

    // The new primary is elected; the background retry builds the index, no restart.
    await until(async () => (await store.health!()).ok, 'the store to be ready again');
    expect(server.state.indexes).toEqual(['citecheck/identity.users:email']);
    await users.insert({ id: 'u1', email: 'a@example.com' });
    expect(await users.get('u1')).toEqual({ id: 'u1', email: 'a@example.com' });
    expect(await store.health!()).toEqual({ ok: true, details: { connectAttempts: 0 } });
  });

  it('an operation after the step-down builds the indexes itself, before the background retry', async () => {
    const server = replicaSet();
    server.state.stepDowns = 1;
    const store = createMongoStore({ url: `mongodb://rs-${randomUUID()}.example/citecheck`, service: 'identity', open: server.open, indexRetryMs: 60_000 });
    stores.push(store);
    const users = store.collection<User>(USERS);
    await until(async () => server.state.stepDowns === 0, 'the failed build');
    await users.insert({ id: 'u2', email: 'b@example.com' });
    expect(await store.health!()).toMatchObject({ ok: true });
  });
});

describe('where each release keeps its data', () => {
  it('the database comes from MONGO_URL, collections named <service>.<collection>; without one, a database per service', () => {
    expect(mongoLayout('mongodb://m.example:27017/citecheck-staging?authSource=admin', 'identity')).toEqual({ database: 'citecheck-staging', prefix: 'identity.' });
    expect(mongoLayout('mongodb+srv://user:p%40ss@cluster0.example.net/prod', 'ingest')).toEqual({ database: 'prod', prefix: 'ingest.' });
    expect(mongoLayout('mongodb://a.example:27017,b.example:27017/?replicaSet=rs0', 'ingest')).toEqual({ database: 'ingest', prefix: '' });
    expect(mongoLayout('mongodb://m.example:27017', 'ingest')).toEqual({ database: 'ingest', prefix: '' });
  });

  it('two releases on one server see none of each other’s data', async () => {
    const server = replicaSet();
    const host = `mongodb://shared-${randomUUID()}.example:27017`;
    const staging = createMongoStore({ url: `${host}/citecheck-staging`, service: 'identity', open: server.open });
    const production = createMongoStore({ url: `${host}/citecheck-production`, service: 'identity', open: server.open });
    stores.push(staging, production);
    await staging.collection<User>(USERS).insert({ id: 'u1', email: 'staging@example.com' });
    expect(await production.collection<User>(USERS).get('u1')).toBeNull();
    await production.collection<User>(USERS).insert({ id: 'u1', email: 'production@example.com' });
    expect((await staging.collection<User>(USERS).get('u1'))?.email).toBe('staging@example.com');
    expect([...server.databases.keys()].sort()).toEqual(['citecheck-production', 'citecheck-staging']);
    expect([...server.databases.get('citecheck-staging')!.keys()]).toEqual(['identity.users']);
  });
});
