/**
 * One mongoose connection per (url, database), shared by the store and the GridFS blobs of a
 * service so distributed mode opens one connection pool per service, not one per port.
 * The native driver is reached through `connection.db`: documents are schemaless JSON
 * here, so mongoose models would add nothing but casting surprises.
 */
import mongoose from 'mongoose';

export type MongoDb = mongoose.mongo.Db;

interface Shared {
  connection: mongoose.Connection;
  ready: Promise<MongoDb>;
  users: number;
}

const connections = new Map<string, Shared>();

export interface MongoHandle {
  db: Promise<MongoDb>;
  release(): Promise<void>;
}

/** A database handle; `release` closes the connection when its last user lets go. */
export function connectMongo(url: string, dbName: string): MongoHandle {
  const id = `${url}\u0000${dbName}`;
  let shared = connections.get(id);
  if (!shared) {
    // ignoreUndefined: `{ status: undefined }` in a filter means "no condition", as in the
    // SQLite store, rather than "status is null".
    const connection = mongoose.createConnection(url, { dbName, ignoreUndefined: true, serverSelectionTimeoutMS: 10_000 });
    const ready = connection.asPromise().then((c) => {
      if (!c.db) throw new Error('MongoDB connection has no database');
      return c.db as MongoDb;
    });
    ready.catch(() => undefined); // surfaced to whoever awaits `db`
    shared = { connection, ready, users: 0 };
    connections.set(id, shared);
  }
  shared.users++;
  const current = shared;
  let released = false;
  return {
    db: current.ready,
    async release() {
      if (released) return;
      released = true;
      current.users--;
      if (current.users === 0) {
        connections.delete(id);
        await current.connection.close();
      }
    },
  };
}
