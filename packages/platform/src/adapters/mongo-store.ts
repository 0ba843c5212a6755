/**
 * The distributed Store: MongoDB, in the database `MONGO_URL` names with collections named
 * `<service>.<collection>`, or, when the URL names none, a database per service (mongoLayout). Documents keep their `id` as MongoDB's `_id` (mapped both ways), so lookups
 * by id use the primary index. Filters, sorts and updates use MongoDB's own operators, which
 * the Store port copies; a conditional update is one `findOneAndUpdate` whose filter is the
 * id plus the condition, atomic on the server.
 */
import mongoose from 'mongoose';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type Filter,
  type FindOptions,
  type Store,
  type Stored,
  type Update,
} from '../ports';
import type { Logger } from 'pino';
import { connectMongo, mongoLayout, type ConnectMongoOptions, type MongoDb } from './mongo';

export interface MongoStoreOptions {
  url: string;
  service: string;
  /** Database name, with collections unprefixed; defaults to mongoLayout's. Tests pass a unique one. */
  database?: string;
  logger?: Logger;
  /** Opens the connection (tests inject a server's failures). */
  open?: ConnectMongoOptions['open'];
  /** First wait before building a collection's indexes again after a failure (default 1 s, doubled up to 30 s). */
  indexRetryMs?: number;
}

type MongoDoc = mongoose.mongo.Document;

export function createMongoStore(options: MongoStoreOptions): Store {
  const layout = options.database ? { database: options.database, prefix: '' } : mongoLayout(options.url, options.service);
  const handle = connectMongo(options.url, layout.database, {
    open: options.open,
    onRetry: (err, attempt, delayMs) => options.logger?.warn({ err, attempt, delayMs }, 'MongoDB unreachable; retrying'),
  });
  const collections = new Map<string, MongoCollection<Stored>>();
  let closed = false;
  return {
    collection<T extends Stored>(spec: CollectionSpec<T>): Collection<T> {
      let collection = collections.get(spec.name);
      if (!collection) {
        collection = new MongoCollection<Stored>(handle.db, spec.name, layout.prefix, {
          retryMs: options.indexRetryMs ?? 1000,
          closed: () => closed,
          logger: options.logger,
        });
        collections.set(spec.name, collection);
      }
      collection.ensureIndexes((spec.indexes ?? []) as NonNullable<CollectionSpec<Stored>['indexes']>);
      return collection as unknown as Collection<T>;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...collections.values()].map((c) => c.settled()));
      await handle.release();
    },
    async health() {
      // The connection error goes to the log by whoever retries; the probe says only whether.
      // A collection without its indexes is refused (a unique index may be what keeps two
      // accounts off one e-mail), so it makes the replica unready until they are built.
      const unindexed = [...collections.values()].filter((c) => !c.indexed()).map((c) => c.name);
      return {
        ok: handle.connected() && unindexed.length === 0,
        details: { connectAttempts: handle.state().attempts, ...(unindexed.length ? { indexesNotBuilt: unindexed } : {}) },
      };
    },
  };
}

export const toMongoField = (path: string) => (path === 'id' ? '_id' : path);

export function toMongoFilter(filter: Filter<unknown> | undefined): MongoDoc {
  const out: MongoDoc = {};
  for (const [path, condition] of Object.entries(filter ?? {})) {
    if (path.startsWith('$')) throw new Error(`unsupported filter operator ${path}`);
    if (condition !== null && typeof condition === 'object' && !Array.isArray(condition) && !(condition instanceof Date)) {
      for (const op of Object.keys(condition)) {
        if (op.startsWith('$') && !['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists'].includes(op)) {
          throw new Error(`unsupported filter operator ${op}`);
        }
      }
    }
    out[toMongoField(path)] = condition;
  }
  return out;
}

export function toMongoSort(sort: Record<string, 1 | -1 | undefined> | undefined): [string, 1 | -1][] {
  const terms = Object.entries(sort ?? {})
    .filter((entry): entry is [string, 1 | -1] => entry[1] !== undefined)
    .map(([path, direction]) => [toMongoField(path), direction] as [string, 1 | -1]);
  // The id makes the order total, as in the SQLite store.
  if (!terms.some(([path]) => path === '_id')) terms.push(['_id', 1]);
  return terms;
}

export function toMongoUpdate<T extends Stored>(id: string | undefined, change: Update<T>): MongoDoc {
  const update: MongoDoc = {};
  const $set: MongoDoc = {};
  for (const [path, value] of Object.entries(change.$set ?? {})) {
    if (path === 'id') {
      if (id === undefined || value !== id) throw new Error('the id of a document cannot change');
      continue;
    }
    if (value !== undefined) $set[path] = value;
  }
  if (Object.keys($set).length) update.$set = $set;
  for (const [path, by] of Object.entries(change.$inc ?? {})) {
    if (typeof by !== 'number' || !Number.isFinite(by)) throw new Error(`$inc of "${path}" needs a finite number`);
  }
  if (change.$inc && Object.keys(change.$inc).length) update.$inc = change.$inc;
  if (change.$unset?.includes('id' as never)) throw new Error('the id of a document cannot be unset');
  if (change.$unset?.length) update.$unset = Object.fromEntries(change.$unset.map((path) => [path, '']));
  return update;
}

/**
 * MongoDB's TTL monitor reads BSON dates only, and the store keeps ISO strings (so filters and
 * sorts work the same in SQLite): a collection with a TTL keeps the expiry as a date in
 * `_expires`, written beside its timestamp field on every insert and update of that field.
 */
export const EXPIRES_FIELD = '_expires';

export interface Ttl {
  field: string;
  keepMs: number;
}

function expiryOf(value: unknown, ttl: Ttl): Date | null {
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(at) ? null : new Date(at + ttl.keepMs);
}

/** A document as inserted, with its expiry date when the collection has a TTL. */
export function withExpiry(doc: MongoDoc, ttl: Ttl | null): MongoDoc {
  const expires = ttl ? expiryOf(doc[ttl.field], ttl) : null;
  return expires ? { ...doc, [EXPIRES_FIELD]: expires } : doc;
}

/** An update (toMongoUpdate's output) that also moves or drops the expiry when it sets or unsets the timestamp. */
export function updateWithExpiry(update: MongoDoc, ttl: Ttl | null): MongoDoc {
  if (!ttl) return update;
  const set = update.$set as MongoDoc | undefined;
  if (set && ttl.field in set) {
    const expires = expiryOf(set[ttl.field], ttl);
    if (expires) return { ...update, $set: { ...set, [EXPIRES_FIELD]: expires } };
  }
  const unset = update.$unset as MongoDoc | undefined;
  if (unset && ttl.field in unset) return { ...update, $unset: { ...unset, [EXPIRES_FIELD]: '' } };
  return update;
}

function fromMongo<T>(doc: MongoDoc | null): T | null {
  if (!doc) return null;
  const { _id, [EXPIRES_FIELD]: _expires, ...rest } = doc;
  return { id: _id, ...rest } as T;
}

interface IndexBuilding {
  retryMs: number;
  closed: () => boolean;
  logger?: Logger;
}

class MongoCollection<T extends Stored> implements Collection<T> {
  private specs: NonNullable<CollectionSpec<T>['indexes']> = [];
  /** The build under way, if any; `built` once one has succeeded for every spec so far. */
  private building: Promise<void> | null = null;
  private built = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay: number;
  private ttl: Ttl | null = null;
  private readonly fullName: string;

  constructor(
    private readonly db: Promise<MongoDb>,
    readonly name: string,
    prefix: string,
    private readonly building_: IndexBuilding,
  ) {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) throw new Error(`invalid collection name: "${name}"`);
    this.fullName = prefix + name;
    this.retryDelay = building_.retryMs;
  }

  ensureIndexes(indexes: NonNullable<CollectionSpec<T>['indexes']>): void {
    const expiring = [...this.specs, ...indexes].filter((spec) => spec.expireAfterMs !== undefined);
    if (expiring.some((spec) => spec.fields.length !== 1) || new Set(expiring.map((spec) => String(spec.fields[0]))).size > 1) {
      throw new Error(`${this.name}: a TTL needs one index on one timestamp field, once`);
    }
    if (expiring[0]) this.ttl = { field: String(expiring[0].fields[0]), keepMs: expiring[0].expireAfterMs! };
    // The same spec handed again (a repository opened twice) is built once.
    const known = new Set(this.specs.map((spec) => JSON.stringify(spec)));
    const added = indexes.filter((spec) => !known.has(JSON.stringify(spec)));
    if (added.length === 0 && (this.built || this.building)) return;
    this.specs.push(...added);
    this.built = false;
    void this.build().catch(() => undefined); // failures are retried and reported by health
  }

  /** Whether every index asked for so far exists. */
  indexed(): boolean {
    return this.built;
  }

  /**
   * Builds every index asked for (createIndex is a no-op for one that exists). A failure (a
   * replica-set step-down at start: NotWritablePrimary, InterruptedDueToReplStateChange) is
   * retried in the background with growing waits, and by the next operation on the
   * collection, until it succeeds: the collection recovers without a restart.
   */
  private build(): Promise<void> {
    if (!this.building) {
      const specs = [...this.specs];
      const attempt = (async () => {
        const collection = (await this.db).collection(this.fullName);
        for (const spec of specs) {
          const keys = Object.fromEntries(spec.fields.map((f) => [toMongoField(f), 1]));
          await collection.createIndex(keys, { unique: spec.unique ?? false });
        }
        // Records written before the TTL existed have no _expires: the sweep still takes them.
        if (this.ttl) await collection.createIndex({ [EXPIRES_FIELD]: 1 }, { expireAfterSeconds: 0 });
      })();
      this.building = attempt.then(
        () => {
          this.building = null;
          this.retryDelay = this.building_.retryMs;
          clearTimeout(this.retryTimer);
          // Indexes asked for while this build ran are built by the next one.
          if (specs.length === this.specs.length) this.built = true;
          else return this.build();
        },
        (error: unknown) => {
          this.building = null;
          if (!this.building_.closed()) {
            this.building_.logger?.warn({ err: error, collection: this.fullName, retryMs: this.retryDelay }, 'building MongoDB indexes failed; retrying');
            clearTimeout(this.retryTimer);
            this.retryTimer = setTimeout(() => void this.build().catch(() => undefined), this.retryDelay);
            this.retryTimer.unref();
            this.retryDelay = Math.min(this.retryDelay * 2, 30_000);
          }
          throw error;
        },
      );
    }
    return this.building;
  }

  /** Resolves when index creation has finished, failed or not, and stops retrying it. */
  settled(): Promise<unknown> {
    clearTimeout(this.retryTimer);
    return (this.building ?? Promise.resolve()).catch(() => undefined);
  }

  private async collection() {
    if (!this.built) await this.build();
    return (await this.db).collection(this.fullName);
  }

  private async guard<R>(write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } catch (error) {
      const e = error as { code?: number; keyPattern?: Record<string, unknown> };
      if (e.code === 11000) {
        const fields = Object.keys(e.keyPattern ?? { _id: 1 }).map((f) => (f === '_id' ? 'id' : f));
        throw new DuplicateKeyError(this.name, fields);
      }
      throw error;
    }
  }

  async insert(doc: T): Promise<T> {
    if (typeof doc?.id !== 'string' || doc.id === '') throw new Error(`a document in ${this.name} needs a non-empty string id`);
    const { id, ...rest } = doc;
    const collection = await this.collection();
    await this.guard(() => collection.insertOne(withExpiry({ ...rest, _id: id as unknown as mongoose.mongo.ObjectId }, this.ttl)));
    return doc;
  }

  async get(id: string): Promise<T | null> {
    const collection = await this.collection();
    return fromMongo<T>(await collection.findOne({ _id: id as never }));
  }

  async find(filter?: Filter<T>, options: FindOptions<T> = {}): Promise<T[]> {
    const collection = await this.collection();
    let cursor = collection.find(toMongoFilter(filter as Filter<unknown>)).sort(toMongoSort(options.sort as Record<string, 1 | -1>));
    if (options.skip) cursor = cursor.skip(Math.max(0, Math.floor(options.skip)));
    if (options.limit) cursor = cursor.limit(Math.max(0, Math.floor(options.limit)));
    return (await cursor.toArray()).map((doc) => fromMongo<T>(doc)!);
  }

  async findOne(filter: Filter<T>, options?: FindOptions<T>): Promise<T | null> {
    return (await this.find(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  async count(filter?: Filter<T>): Promise<number> {
    const collection = await this.collection();
    return collection.countDocuments(toMongoFilter(filter as Filter<unknown>));
  }

  async update(id: string, change: Update<T>, condition?: Filter<T>): Promise<T | null> {
    const collection = await this.collection();
    const filter: MongoDoc = { ...toMongoFilter(condition as Filter<unknown>), _id: id };
    const update = updateWithExpiry(toMongoUpdate(id, change), this.ttl);
    if (Object.keys(update).length === 0) return fromMongo<T>(await collection.findOne(filter));
    const after = await this.guard(() => collection.findOneAndUpdate(filter, update, { returnDocument: 'after' }));
    return fromMongo<T>(after);
  }

  async updateMany(filter: Filter<T>, change: Update<T>): Promise<number> {
    const collection = await this.collection();
    const update = updateWithExpiry(toMongoUpdate(undefined, change), this.ttl);
    const mongoFilter = toMongoFilter(filter as Filter<unknown>);
    if (Object.keys(update).length === 0) return collection.countDocuments(mongoFilter);
    // matchedCount, not modifiedCount: the SQLite store counts a document set to the value
    // it already had as changed, and callers should not see the adapters differ.
    const result = await this.guard(() => collection.updateMany(mongoFilter, update));
    return result.matchedCount;
  }

  async delete(id: string): Promise<boolean> {
    const collection = await this.collection();
    return (await collection.deleteOne({ _id: id as never })).deletedCount > 0;
  }

  async deleteMany(filter: Filter<T>): Promise<number> {
    const collection = await this.collection();
    return (await collection.deleteMany(toMongoFilter(filter as Filter<unknown>))).deletedCount;
  }
}
