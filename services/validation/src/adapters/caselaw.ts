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
} from '@citecheck/caselaw';
import { courtListenerMetrics, type Ports, type Store } from '@citecheck/platform';
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
        cache: storeCache(store),
        onCall: (outcome) => calls?.inc({ outcome }),
      })
    : null;
  const providers: CaseLawProvider[] = [local, courtListener].filter((p): p is NonNullable<typeof p> => p !== null);
  return {
    providers,
    courtListener,
    describe: () => ({
      localIndex: local ? { path: indexPath, authoritative: local.authoritative } : null,
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
    } satisfies CaseLawProvider;
  });
}

/** Calls made through these providers (SPEC's courtListenerCalls counts every case-law call). */
export function caseLawCalls(providers: CaseLawProvider[]): number {
  return providers.reduce((n, p) => n + (p.calls ?? 0), 0);
}
