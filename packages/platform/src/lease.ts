/**
 * Leases on documents: one owner at a time for a piece of work, renewed while the work runs,
 * taken over once it has expired. Kafka keeps one document's events on one partition, but
 * during a rebalance, or when a replica stalls past its session, two replicas can hold the
 * same event at once; the lease makes the second wait for the first instead of doing the work
 * twice, and lets it take the work over when the first died.
 *
 *   const leases = documentLeases(store, { clock, owner: `${hostname()}:${process.pid}`, ttlMs: 60_000 });
 *   if (await leases.acquire('doc-1')) { ...; await leases.release('doc-1'); }
 */
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Clock, type Store } from './ports';
import { LEASE_KEEP_MS } from './retention';

interface LeaseRecord {
  /** What is leased (a documentId, prefixed by the stage). */
  id: string;
  owner: string;
  expiresAt: string;
}

export interface DocumentLeases {
  readonly owner: string;
  readonly ttlMs: number;
  /** Takes the lease if it is free, expired, or already ours; false while another owner holds it. */
  acquire(id: string): Promise<boolean>;
  /** Extends our lease; false if it is no longer ours (it expired and was taken over). */
  renew(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
}

export interface LeaseOptions {
  clock: Clock;
  /** Unique per process; a fresh random id by default. */
  owner?: string;
  /** How long a lease lasts without renewal (default 60 s). */
  ttlMs?: number;
  /** Collection name (default `leases`). */
  name?: string;
}

export function documentLeases(store: Store, options: LeaseOptions): DocumentLeases {
  const leases = store.collection<LeaseRecord>({ name: options.name ?? 'leases', indexes: [{ fields: ['expiresAt'], expireAfterMs: LEASE_KEEP_MS }] });
  const owner = options.owner ?? randomUUID();
  const ttlMs = options.ttlMs ?? 60_000;
  const expiry = () => new Date(options.clock.now().getTime() + ttlMs).toISOString();

  return {
    owner,
    ttlMs,
    async acquire(id) {
      try {
        await leases.insert({ id, owner, expiresAt: expiry() });
        return true;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      // Ours already (a redelivery to the same process), or expired: one conditional update
      // each, so two replicas racing for an expired lease cannot both win.
      const now = options.clock.now().toISOString();
      if (await leases.update(id, { $set: { expiresAt: expiry() } }, { owner })) return true;
      return (await leases.update(id, { $set: { owner, expiresAt: expiry() } }, { expiresAt: { $lt: now } })) !== null;
    },
    async renew(id) {
      return (await leases.update(id, { $set: { expiresAt: expiry() } }, { owner })) !== null;
    },
    async release(id) {
      await leases.deleteMany({ id, owner });
    },
  };
}
