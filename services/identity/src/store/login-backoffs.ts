/**
 * Where the sign-in throttle (app/login-throttle.ts) keeps its counts: in this process
 * (embedded mode, one process sees every attempt) or in the store (distributed mode, so that
 * a guesser spreading attempts over the replicas meets one count, not one per replica).
 */
import { DuplicateKeyError, type Store } from '@citecheck/platform';
import { afterFailure, QUIET_MS, waitUntil, type Backoff, type BackoffRule } from '../domain/login-backoff';

export interface LoginBackoffRepository {
  /** Epoch ms until which each of `keys` must wait (0 or absent: no wait). */
  waits(keys: string[]): Promise<Map<string, number>>;
  /** Counts one failure for `key` at `now` (epoch ms). */
  fail(key: string, rule: BackoffRule, now: number): Promise<void>;
  clear(key: string): Promise<void>;
  /** Whether this account signed in from this IP before (`pair` = account|ip). */
  isKnownPlace(pair: string): Promise<boolean>;
  rememberPlace(pair: string, now: number): Promise<void>;
}

/** Keys held at most in memory: the stalest count goes first, and the known places all at once. */
const MAX_KEYS = 50_000;

export function memoryLoginBackoffs(): LoginBackoffRepository {
  const backoffs = new Map<string, Backoff>();
  const known = new Set<string>();
  return {
    async waits(keys) {
      return new Map(keys.map((key) => [key, backoffs.get(key)?.until ?? 0]));
    },
    async fail(key, rule, now) {
      const next = afterFailure(backoffs.get(key), rule, now);
      backoffs.delete(key);
      backoffs.set(key, next);
      // Oldest first in a Map: drop the stalest when full.
      while (backoffs.size > MAX_KEYS) backoffs.delete(backoffs.keys().next().value as string);
    },
    async clear(key) {
      backoffs.delete(key);
    },
    async isKnownPlace(pair) {
      return known.has(pair);
    },
    async rememberPlace(pair) {
      if (known.size >= MAX_KEYS) known.clear();
      known.add(pair);
    },
  };
}

interface BackoffDoc {
  id: string;
  failures: number;
  until: number;
  /** ISO time of the last failure: the TTL field, so a count gone quiet is dropped. */
  last: string;
}

interface PlaceDoc {
  /** account|ip */
  id: string;
  /** ISO time of the last sign-in from there. */
  at: string;
}

/** A place the owner has not signed in from for this long is no longer "usual". */
export const KNOWN_PLACE_KEEP_MS = 180 * 24 * 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

export function storeLoginBackoffs(store: Store): LoginBackoffRepository {
  const backoffs = store.collection<BackoffDoc>({ name: 'login_backoffs', indexes: [{ fields: ['last'], expireAfterMs: QUIET_MS }] });
  const places = store.collection<PlaceDoc>({ name: 'login_places', indexes: [{ fields: ['at'], expireAfterMs: KNOWN_PLACE_KEEP_MS }] });

  /** The count after this failure; every step is one atomic conditional write, so replicas failing at once all count. */
  async function count(key: string, now: number): Promise<BackoffDoc> {
    const last = iso(now);
    const quietSince = iso(now - QUIET_MS);
    for (let round = 0; round < 3; round += 1) {
      // A count still going on grows by one.
      const grown = await backoffs.update(key, { $inc: { failures: 1 }, $set: { last } }, { last: { $gt: quietSince } });
      if (grown) return grown;
      // A count gone quiet starts again; of two replicas doing this at once one wins, and the
      // other finds a live count on its next round.
      const restarted = await backoffs.update(key, { $set: { failures: 1, until: 0, last } }, { last: { $lte: quietSince } });
      if (restarted) return restarted;
      try {
        return await backoffs.insert({ id: key, failures: 1, until: 0, last });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    throw new Error(`sign-in backoff ${key} could be neither created nor counted`);
  }

  return {
    async waits(keys) {
      const found = await backoffs.find({ id: { $in: keys } });
      return new Map(found.map((doc) => [doc.id, doc.until]));
    },
    async fail(key, rule, now) {
      const counted = await count(key, now);
      const until = waitUntil(counted.failures, rule, now);
      // Only ever later: a replica that counted an earlier failure must not shorten the wait.
      if (until > counted.until) await backoffs.update(key, { $set: { until } }, { until: { $lt: until } });
    },
    async clear(key) {
      await backoffs.delete(key);
    },
    async isKnownPlace(pair) {
      return (await places.get(pair)) !== null;
    },
    async rememberPlace(pair, now) {
      const at = iso(now);
      if (await places.update(pair, { $set: { at } })) return;
      try {
        await places.insert({ id: pair, at });
      } catch (error) {
        // Another replica remembered it at the same moment: remembered either way.
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    },
  };
}
