/**
 * Retention of the platform's transient records, which otherwise grow with every event: the
 * processed-event marks (idempotency, kept well past Kafka's default 7-day retention so a
 * redelivery is still recognised), leases long expired, and the shared rate limiters' windows
 * once past. Each collection declares a TTL (`expireAfterMs`), which MongoDB enforces by
 * itself; the sweep here is what SQLite has, and in MongoDB it takes what was written before
 * the TTL index existed. Timestamps are ISO
 * strings, which compare in time order, so one deleteMany per collection works in both.
 *
 *   const stop = scheduleRetention(ports.store, ports.clock, ports.logger);
 */
import type { Logger } from 'pino';
import type { Clock, Store } from './ports';
import { RATE_LIMIT_COLLECTION, RATE_WINDOW_KEEP_MS } from './rate-limit';

export interface TransientCollection {
  name: string;
  /** ISO timestamp field the age is measured from. */
  field: string;
  keepMs: number;
}

const DAY = 24 * 60 * 60 * 1000;
/** Processed-event marks: well past Kafka's default 7-day retention. */
export const PROCESSED_KEEP_MS = 14 * DAY;
/** Leases, a day past their expiry. */
export const LEASE_KEEP_MS = DAY;

export const TRANSIENT_COLLECTIONS: TransientCollection[] = [
  { name: 'processed_events', field: 'at', keepMs: PROCESSED_KEEP_MS },
  { name: 'leases', field: 'expiresAt', keepMs: LEASE_KEEP_MS },
  // The shared rate limiters' windows (distributed mode), shortly after each window ends.
  { name: RATE_LIMIT_COLLECTION, field: 'endsAt', keepMs: RATE_WINDOW_KEEP_MS },
];

/** Deletes what is past its keep time; returns how many records each collection lost. */
export async function sweepTransient(store: Store, clock: Clock, collections = TRANSIENT_COLLECTIONS): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const { name, field, keepMs } of collections) {
    const cutoff = new Date(clock.now().getTime() - keepMs).toISOString();
    removed[name] = await store.collection<{ id: string }>({ name, indexes: [{ fields: [field as 'id'], expireAfterMs: keepMs }] }).deleteMany({ [field]: { $lt: cutoff } });
  }
  return removed;
}

/** Sweeps now and then every `everyMs` (default hourly); returns the function that stops it. */
export function scheduleRetention(store: Store, clock: Clock, logger: Logger, everyMs = 60 * 60 * 1000): () => void {
  const sweep = () =>
    sweepTransient(store, clock).then(
      (removed) => logger.debug({ removed }, 'transient records swept'),
      (err: unknown) => logger.warn({ err }, 'sweeping transient records failed; will try again'),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
