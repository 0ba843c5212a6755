/**
 * One mongoose connection per (url, database), shared by the store and the GridFS blobs of a
 * service so distributed mode opens one connection pool per service, not one per port.
 * The native driver is reached through `connection.db`: documents are schemaless JSON
 * here, so mongoose models would add nothing but casting surprises.
 */
import mongoose from 'mongoose';

export type MongoDb = mongoose.mongo.Db;

interface Shared {
  connection: mongoose.Connection | null;
  ready: Promise<MongoDb>;
  users: number;
  released: boolean;
  attempts: number;
  lastError: string | null;
}

const connections = new Map<string, Shared>();

/**
 * Where a service keeps its data on the MongoDB `url` names. A URL with a database
 * (`mongodb://host/citecheck-staging`) puts every service in that one database, each
 * collection named `<service>.<collection>`: a user granted readWrite on that database alone
 * is enough, and two releases with two databases share nothing. A URL without one keeps the
 * database per service (named after it), which needs readWrite on each of those databases.
 *
 *   mongoLayout('mongodb://m:27017/citecheck', 'identity') // { database: 'citecheck', prefix: 'identity.' }
 *   mongoLayout('mongodb://m:27017', 'identity')           // { database: 'identity', prefix: '' }
 */
export function mongoLayout(url: string, service: string): { database: string; prefix: string } {
  // The path of a mongodb:// or mongodb+srv:// URL, host list and options aside.
  const match = /^mongodb(?:\+srv)?:\/\/[^/?#]*\/([^/?#]+)/.exec(url);
  const database = match ? decodeURIComponent(match[1]) : '';
  return database ? { database, prefix: `${service}.` } : { database: service, prefix: '' };
}

export interface MongoHandle {
  db: Promise<MongoDb>;
  /** Connected now (the driver reconnects by itself after the first connection). */
  connected(): boolean;
  /** Failed first-connection attempts so far and the last error's message. */
  state(): { attempts: number; lastError: string | null };
  release(): Promise<void>;
}

export interface ConnectMongoOptions {
  /** Opens one connection; injected by tests. */
  open?: (url: string, dbName: string) => Promise<mongoose.Connection>;
  /** First retry delay, doubled each failure up to maxBackoffMs (defaults 500 ms, 30 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

const openConnection = (url: string, dbName: string) =>
  // ignoreUndefined: `{ status: undefined }` in a filter means "no condition", as in the
  // SQLite store, rather than "status is null".
  mongoose.createConnection(url, { dbName, ignoreUndefined: true, serverSelectionTimeoutMS: 10_000 }).asPromise();

/**
 * A database handle; `release` closes the connection when its last user lets go.
 *
 * The first connection is retried with capped exponential backoff until it succeeds or the
 * handle is released: a database that is down when a pod starts (or restarting with it) must
 * leave the pod running and unready, not exiting into a crash loop. Once connected, the
 * driver reconnects on its own. Work that needs the database waits on `db` meanwhile.
 */
export function connectMongo(url: string, dbName: string, options: ConnectMongoOptions = {}): MongoHandle {
  const id = `${url}\u0000${dbName}`;
  let shared = connections.get(id);
  if (!shared) {
    const open = options.open ?? openConnection;
    const entry: Shared = { connection: null, ready: Promise.resolve(null as never), users: 0, released: false, attempts: 0, lastError: null };
    entry.ready = (async () => {
      for (let delay = options.backoffMs ?? 500; ; delay = Math.min(delay * 2, options.maxBackoffMs ?? 30_000)) {
        try {
          const connection = await open(url, dbName);
          if (entry.released) {
            await connection.close();
            throw new Error('MongoDB handle released');
          }
          entry.connection = connection;
          if (!connection.db) throw new Error('MongoDB connection has no database');
          return connection.db as MongoDb;
        } catch (error) {
          if (entry.released) throw error;
          entry.attempts++;
          entry.lastError = error instanceof Error ? error.message : String(error);
          options.onRetry?.(error, entry.attempts, delay);
          await new Promise((resolve) => setTimeout(resolve, delay).unref());
          if (entry.released) throw new Error('MongoDB handle released before it connected');
        }
      }
    })();
    entry.ready.catch(() => undefined); // surfaced to whoever awaits `db`
    shared = entry;
    connections.set(id, shared);
  }
  shared.users++;
  const current = shared;
  let released = false;
  return {
    db: current.ready,
    connected: () => current.connection?.readyState === 1,
    state: () => ({ attempts: current.attempts, lastError: current.lastError }),
    async release() {
      if (released) return;
      released = true;
      current.users--;
      if (current.users === 0) {
        connections.delete(id);
        current.released = true;
        await current.connection?.close();
      }
    },
  };
}
