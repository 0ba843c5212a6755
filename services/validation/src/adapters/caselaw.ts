/**
 * The case-law sources, in the order verify() asks them: the local index first (no quota,
 * no network), then CourtListener when a token is set. CourtListener's answers are cached in
 * validation's store, so a citation looked up once is not looked up again after a restart.
 */
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import {
  CourtListenerProvider,
  LocalCitationIndex,
  ensureDemoIndex,
  type CaseLawCache,
  type CaseLawProvider,
  type LookupResult,
  type OpinionTextCache,
  type SharedQuota,
} from '@citecheck/caselaw';
import { courtListenerMetrics, DuplicateKeyError, type Ports, type Store } from '@citecheck/platform';
import { indexPathOf, type ValidationConfig } from '../config';

export interface CaseLaw {
  providers: CaseLawProvider[];
  courtListener: CourtListenerProvider | null;
  describe(): Record<string, unknown>;
  close(): void;
}

interface CachedLookup {
  id: string;
  result: LookupResult;
  at: string;
}

/** Lookup answers by citation key; errors are never cached (they say nothing about the citation). */
export function storeCache(store: Store): CaseLawCache {
  const collection = store.collection<CachedLookup>({ name: 'caselaw_cache' });
  return {
    async get(key) {
      return (await collection.get(key))?.result;
    },
    async set(key, result) {
      if (result.status === 'error') return;
      const record = { id: key, result, at: new Date().toISOString() };
      if (!(await collection.update(key, { $set: record }))) {
        await collection.insert(record).catch(() => collection.update(key, { $set: record }));
      }
    },
  };
}

interface CachedOpinionText {
  id: string;
  /** The text and its page map in @citecheck/quotes' stored form (Brotli), base64. */
  stored: string;
  at: string;
}

/**
 * Opinion texts fetched from CourtListener for quotation checks, by citation key, kept in
 * validation's store so a case quoted again is not fetched again, after a restart or by another
 * replica. Swept a month after they were fetched (an opinion's text rarely changes).
 */
export function storeOpinionTexts(store: Store): OpinionTextCache {
  const collection = store.collection<CachedOpinionText>({ name: 'opinion_text_cache', indexes: [{ fields: ['at'], expireAfterMs: 30 * 24 * 3_600_000 }] });
  return {
    async get(key) {
      const found = await collection.get(key);
      return found ? new Uint8Array(Buffer.from(found.stored, 'base64')) : undefined;
    },
    async set(key, stored) {
      const record = { id: key, stored: Buffer.from(stored).toString('base64'), at: new Date().toISOString() };
      if (!(await collection.update(key, { $set: record }))) {
        await collection.insert(record).catch(() => collection.update(key, { $set: record }));
      }
    },
  };
}

interface QuotaWindow {
  id: string;
  used: number;
  at: string;
}

/**
 * CourtListener's citation quota shared by every validation replica (the token's, not a
 * process's): one counter per minute in validation's store, taken from with one conditional
 * atomic increment, so N replicas together send at most the limit a minute. Minutes are swept
 * after an hour. If the store fails, each replica keeps to its own bucket until it answers.
 */
export function storeQuota(store: Store, logger?: Logger, counted: 'citations' | 'requests' = 'citations'): SharedQuota {
  const windows = store.collection<QuotaWindow>({ name: 'courtlistener_quota', indexes: [{ fields: ['at'], expireAfterMs: 3_600_000 }] });
  let warned = false;
  return {
    async take(count, perMinute, now) {
      const minute = Math.floor(now / 60_000);
      const id = `${counted}:${minute}`;
      const untilNext = (minute + 1) * 60_000 - now;
      // A batch larger than the whole budget fits only an unused minute.
      const room = count >= perMinute ? { used: 0 } : { used: { $lte: perMinute - count } };
      try {
        for (let attempt = 0; attempt < 3; attempt++) {
          if (await windows.update(id, { $inc: { used: count } }, room)) return 0;
          if (await windows.get(id)) return untilNext;
          try {
            await windows.insert({ id, used: count, at: new Date(minute * 60_000).toISOString() });
            return 0;
          } catch (error) {
            if (!(error instanceof DuplicateKeyError)) throw error;
            // Another replica opened the minute first: count against it.
          }
        }
        return untilNext;
      } catch (error) {
        if (!warned) logger?.warn({ err: error }, 'the shared CourtListener quota is unavailable; this replica keeps to its own limit');
        warned = true;
        return 0;
      }
    },
  };
}

export async function openCaseLaw(config: ValidationConfig, store: Store, logger: Logger, metrics?: Ports['metrics']): Promise<CaseLaw> {
  const calls = metrics ? courtListenerMetrics(metrics) : null;
  const indexPath = indexPathOf(config);
  if (!existsSync(indexPath) && config.CASELAW_DEMO_INDEX === 'true') {
    await ensureDemoIndex(indexPath);
    logger.info({ indexPath }, 'no case-law index found: built the demo index (not authoritative)');
  }
  const local = existsSync(indexPath) ? LocalCitationIndex.open(indexPath) : null;
  if (!local) logger.warn({ indexPath }, 'no local case-law index');
  const courtListener = config.COURTLISTENER_TOKEN
    ? new CourtListenerProvider({
        token: config.COURTLISTENER_TOKEN,
        baseUrl: config.COURTLISTENER_URL,
        citationsPerMinute: config.COURTLISTENER_CITATIONS_PER_MINUTE,
        // In distributed mode the replicas share one token's quota; one process needs no counter.
        sharedQuota: config.MODE === 'distributed' ? storeQuota(store, logger) : undefined,
        requestsPerMinute: config.COURTLISTENER_REQUESTS_PER_MINUTE,
        sharedRequestQuota: config.MODE === 'distributed' ? storeQuota(store, logger, 'requests') : undefined,
        cache: storeCache(store),
        opinionTextCache: storeOpinionTexts(store),
        onCall: (outcome) => calls?.inc({ outcome }),
      })
    : null;
  const providers: CaseLawProvider[] = [local, courtListener].filter((p): p is NonNullable<typeof p> => p !== null);
  return {
    providers,
    courtListener,
    describe: () => ({
      // No file path: this is shown by the public /healthz (the log says where the index is).
      localIndex: local ? { authoritative: local.authoritative } : null,
      courtListener: Boolean(courtListener),
    }),
    close: () => local?.close(),
  };
}

/**
 * The providers as seen by one document: each counts the lookup and name-search calls made
 * through it, so SPEC's courtListenerCalls is this document's and not the sum over every
 * document checked at the same time (the providers' own counters are process-wide).
 */
export function perDocument(providers: CaseLawProvider[]): CaseLawProvider[] {
  return providers.map((inner) => {
    let calls = 0;
    return {
      name: inner.name,
      authoritative: inner.authoritative,
      get calls() {
        return calls;
      },
      lookup(requests) {
        if (requests.length > 0) calls++;
        return inner.lookup(requests);
      },
      // The name search is what a miss is judged by: it must reach the source too.
      ...(inner.searchByName
        ? {
            searchByName(queries: Parameters<NonNullable<CaseLawProvider['searchByName']>>[0]) {
              if (queries.length > 0) calls++;
              return inner.searchByName!(queries);
            },
          }
        : {}),
      // The opinion text a brief's quotations are checked against.
      ...(inner.opinionText
        ? {
            opinionText(request: Parameters<NonNullable<CaseLawProvider['opinionText']>>[0]) {
              calls++;
              return inner.opinionText!(request);
            },
          }
        : {}),
    } satisfies CaseLawProvider;
  });
}

/** Calls made through these providers (SPEC's courtListenerCalls counts every case-law call). */
export function caseLawCalls(providers: CaseLawProvider[]): number {
  return providers.reduce((n, p) => n + (p.calls ?? 0), 0);
}
