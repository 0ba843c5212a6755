/**
 * The ports every service is given. A service never imports a driver: it receives these
 * interfaces, and `createPorts` (adapters/) picks the embedded or distributed adapter
 * from configuration. Each port has one contract test suite that every adapter passes.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { EventEnvelope } from '@citecheck/proto';

// ---------------------------------------------------------------- bus

export interface DeliveryContext {
  topic: string;
  key: string;
  /** 1 on first delivery; grows on redelivery after a handler failure. */
  attempt: number;
  /**
   * True when this is the message's last attempt: if it fails, the message is parked in
   * `<topic>.dlq` (retry.ts: `maxAttempts` and the bus's retry budget). A pipeline stage turns
   * a failure on its last attempt into a final answer. Set by both buses; absent only where a
   * test calls a handler itself.
   */
  final?: boolean;
}

export type EventHandler = (event: EventEnvelope, ctx: DeliveryContext) => Promise<void>;

export interface SubscribeOptions {
  /**
   * Attempts before the message goes to `<topic>.dlq` (default 5); with the bus's retry budget
   * (BUS_RETRY_BUDGET_MS, minutes in distributed mode) the least number: retries go on until
   * the budget is spent too (retry.ts).
   */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt up to the bus's cap (default 200 ms). */
  backoffMs?: number;
  /**
   * Where a group with no committed offset starts: the oldest retained message (true, the
   * default: nothing published before a service first subscribed is lost) or the next one
   * published (false: a consumer that keeps what it needs elsewhere, such as the progress
   * relay, whose replicas each start a group of their own).
   */
  fromBeginning?: boolean;
  /**
   * Every process of the service gets every message (the gateway's blacklist, the progress
   * relay): in Kafka a group per process that commits no offsets, so nothing is left behind
   * when the process goes (an empty group without offsets is deleted by the broker) and no
   * lag is reported for it. One process per group in the embedded bus, so nothing changes there.
   */
  perInstance?: boolean;
  /**
   * The longest one handler call may run (OCR of a long scan): a rebalance waits this long
   * for the member to rejoin instead of dropping it mid-work (Kafka's rebalance timeout).
   */
  maxHandlerMs?: number;
}

export interface Subscription {
  /** Stop receiving; resolves when the handler in flight has finished. */
  close(): Promise<void>;
}

/**
 * Kafka's semantics: topics, consumer groups (each group sees every message once; members
 * of a group share the work), per-key ordering, at-least-once delivery with redelivery when a
 * handler throws, a dead-letter topic `<topic>.dlq` after `maxAttempts` failures.
 */
export interface Bus {
  publish(topic: string, key: string, event: EventEnvelope): Promise<void>;
  subscribe(topic: string, group: string, handler: EventHandler, options?: SubscribeOptions): Promise<Subscription>;
  /** Graceful drain: stop fetching, let in-flight handlers finish, flush producers. */
  close(): Promise<void>;
  /** Whether every subscription still consumes (a crashed Kafka consumer does not); absent where one cannot crash. */
  health?(): Promise<{ ok: boolean; details?: Record<string, unknown> }>;
}

// ---------------------------------------------------------------- store

export interface Stored {
  id: string;
}

/** Equality on a field, or one of these operators. Fields may be dotted paths into objects. */
export type Condition<V> =
  | V
  | { $eq?: V; $ne?: V; $in?: V[]; $nin?: V[]; $gt?: V; $gte?: V; $lt?: V; $lte?: V; $exists?: boolean };

export type Filter<T> = { [K in keyof T]?: Condition<T[K]> } & { [path: string]: unknown };

export type Sort<T> = { [K in keyof T]?: 1 | -1 };

export interface FindOptions<T> {
  sort?: Sort<T>;
  limit?: number;
  skip?: number;
}

/** A change: `$set` fields, `$inc` numeric fields, `$unset` fields. */
export interface Update<T> {
  $set?: Partial<T>;
  $inc?: { [K in keyof T]?: number };
  $unset?: (keyof T & string)[];
}

/** A field of T, or a dotted path into one of its object fields (`address.city`). */
export type FieldPath<T> = (keyof T & string) | `${keyof T & string}.${string}`;

export interface IndexSpec<T> {
  fields: FieldPath<T>[];
  unique?: boolean;
  /**
   * A time to live on this index's one field, an ISO timestamp: the record may go once that
   * time is this long past. MongoDB deletes such records itself (a TTL index, on a date the
   * adapter keeps beside the field); the SQLite store keeps the plain index and leaves them
   * to the periodic sweep (`scheduleRetention`). At most one per collection.
   */
  expireAfterMs?: number;
}

export interface CollectionSpec<T> {
  name: string;
  indexes?: IndexSpec<T>[];
  /**
   * Its writes may be lost on a power cut or a kernel panic, never when the process is
   * killed (a log kept for convenience, like progress replay): the SQLite store then commits
   * them without waiting for the disk. MongoDB treats every collection alike.
   */
  transient?: boolean;
}

/** Raised by insert/update when a unique index would be violated. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly fields: string[],
  ) {
    super(`duplicate key in ${collection} on ${fields.join(', ')}`);
    this.name = 'DuplicateKeyError';
  }
}

export interface Collection<T extends Stored> {
  insert(doc: T): Promise<T>;
  get(id: string): Promise<T | null>;
  find(filter?: Filter<T>, options?: FindOptions<T>): Promise<T[]>;
  findOne(filter: Filter<T>, options?: FindOptions<T>): Promise<T | null>;
  count(filter?: Filter<T>): Promise<number>;
  /**
   * Atomic conditional update of one document: applies `change` only if the document with
   * `id` also matches `condition`; returns the updated document, or null when it does not
   * exist or the condition failed. This is what quota reservation is built on.
   */
  update(id: string, change: Update<T>, condition?: Filter<T>): Promise<T | null>;
  /** Applies `change` to every matching document; returns how many changed. */
  updateMany(filter: Filter<T>, change: Update<T>): Promise<number>;
  delete(id: string): Promise<boolean>;
  deleteMany(filter: Filter<T>): Promise<number>;
}

export interface Store {
  collection<T extends Stored>(spec: CollectionSpec<T>): Collection<T>;
  close(): Promise<void>;
  /** Whether the database is reachable now; absent where it always is (an embedded file). */
  health?(): Promise<{ ok: boolean; details?: Record<string, unknown> }>;
}

// ---------------------------------------------------------------- blobs

export interface BlobInfo {
  key: string;
  size: number;
}

export interface Blobs {
  put(key: string, data: Buffer | Readable): Promise<BlobInfo>;
  /** Throws BlobNotFoundError when missing. */
  get(key: string): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

// ---------------------------------------------------------------- clock, logger, metrics

/** Injected time, so expiry rules are tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Ports {
  service: string;
  bus: Bus;
  store: Store;
  blobs: Blobs;
  clock: Clock;
  logger: Logger;
  /** This service's own registry; default process metrics are registered once globally. */
  metrics: Registry;
}
