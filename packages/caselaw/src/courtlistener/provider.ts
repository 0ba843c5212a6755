/**
 * CourtListener's citation-lookup API as a CaseLawProvider (authoritative: it holds the whole
 * corpus). Addresses are sent in batches as one `text` of "V R P; V R P; ..." within the
 * endpoint's limits (250 citations, 64,000 characters), paced by the citation throttle, and
 * every final answer is cached by address. The court comes from the cluster's docket, and its
 * display name from the court record; both are cached for the life of the provider.
 */
import { canonicalReporter, courtName, reporterFamily } from '../engine';
import { courtFamily, familyLabel } from '../courts';
import { compareCaseNames } from '../names/compare';
import { searchTerms } from '../names/search-keys';
import { COURTLISTENER_SITE, MemoryCache, absoluteCourtListenerUrl, citationKey, yearOf } from '../provider';
import type { CaseCluster, CaseLawCache, CaseLawProvider, LookupRequest, LookupResult, NameQuery, NameSearchResult, OpinionAnswer, OpinionRequest, OpinionTextCache } from '../provider';
import { LOOKUP_PATH, MAX_CITATIONS_PER_REQUEST, MAX_TEXT_CHARS, SEARCH_PATH, idFromUrl } from './api';
import type { ApiCluster, ApiCourt, ApiDocket, ApiLookupItem, ApiOpinion, ApiSearchPage } from './api';
import { CourtListenerClient, CourtListenerHttpError } from './client';
import { decodeOpinionText, encodeOpinionText, joinOpinions, parseOpinion, type OpinionText } from '@citecheck/quotes';
import type { ClientOptions } from './client';
import { fetchOpinionText } from './opinion';
import { CitationThrottle, type SharedQuota } from './throttle';

export interface CourtListenerOptions extends ClientOptions {
  /** Citations per minute (default 60, CourtListener's quota). */
  citationsPerMinute?: number;
  /** The citation quota shared with the other processes using this token (validation's replicas). */
  sharedQuota?: SharedQuota;
  cache?: CaseLawCache;
  /** Host used in the absolute_url shown to users (default https://www.courtlistener.com). */
  siteUrl?: string;
  /** Citations per request (default and maximum 250). */
  batchSize?: number;
  /** Opinion texts kept in memory, by address (default 200): a brief quotes one case again and again. */
  opinionCacheSize?: number;
  /** Opinion texts kept beyond the process (validation's store), in their stored form. */
  opinionTextCache?: OpinionTextCache;
}

const SEPARATOR = '; ';

/** What a verdict says it was checked against when CourtListener answered. */
export const COURTLISTENER_SOURCE = 'CourtListener API';

export class CourtListenerProvider implements CaseLawProvider {
  readonly name = 'CourtListener';
  readonly authoritative = true;
  readonly client: CourtListenerClient;
  private readonly throttle: CitationThrottle;
  private readonly cache: CaseLawCache;
  private readonly siteUrl: string;
  private readonly batchSize: number;
  private readonly courtOfDocket = new Map<number, Promise<string | null>>();
  private readonly courtInfo = new Map<string, Promise<ApiCourt | null>>();
  /** Name searches answered, by words and years (a brief names the same case again and again). */
  private readonly searches = new Map<string, ApiSearchPage>();
  /** Opinion texts fetched (or found missing), by address; failures are not kept. */
  private readonly opinions = new Map<string, Promise<OpinionAnswer>>();
  private readonly opinionCacheSize: number;
  private readonly opinionTextCache: OpinionTextCache | null;

  constructor(options: CourtListenerOptions) {
    this.client = new CourtListenerClient(options);
    this.throttle = new CitationThrottle(options.citationsPerMinute ?? 60, options.clock, options.sharedQuota);
    this.cache = options.cache ?? new MemoryCache();
    this.siteUrl = options.siteUrl ?? COURTLISTENER_SITE;
    this.batchSize = Math.min(MAX_CITATIONS_PER_REQUEST, Math.max(1, options.batchSize ?? MAX_CITATIONS_PER_REQUEST));
    this.opinionCacheSize = Math.max(1, options.opinionCacheSize ?? 200);
    this.opinionTextCache = options.opinionTextCache ?? null;
  }

  /**
   * The opinion text of the case at an address, for quotation checks: the address through the
   * citation lookup (cached, and paced by the citation throttle like every lookup), then the
   * cluster's opinions, each read from its best field (html_with_citations first, as
   * CourtListener prefers), joined majority first. An opinion without text is passed over; a
   * cluster CourtListener no longer has (404) has no text; a refusal or an outage (429 past
   * its wait, 5xx) is an error, never "no text". Answers are cached in memory, errors are not.
   */
  opinionText(request: OpinionRequest): Promise<OpinionAnswer> {
    const key = citationKey(request);
    const cached = this.opinions.get(key);
    if (cached) {
      // Most recently used last, so the oldest goes first.
      this.opinions.delete(key);
      this.opinions.set(key, cached);
      return cached;
    }
    const answer = this.fetchOpinion(request);
    this.opinions.set(key, answer);
    if (this.opinions.size > this.opinionCacheSize) this.opinions.delete(this.opinions.keys().next().value as string);
    void answer.then((a) => {
      if (a.status === 'error') this.opinions.delete(key);
    });
    return answer;
  }

  private async fetchOpinion(request: OpinionRequest): Promise<OpinionAnswer> {
    const key = citationKey(request);
    // A cache that fails, or holds bytes this version cannot read, is passed over: the API answers.
    const kept = await this.opinionTextCache?.get(key).catch(() => undefined);
    if (kept) {
      try {
        return { status: 'found', opinion: decodeOpinionText(kept), lastPage: null, source: COURTLISTENER_SOURCE };
      } catch {
        // fetched again below
      }
    }
    const answer = await this.fetchOpinionFromApi(request);
    if (answer.status === 'found') await this.opinionTextCache?.set(key, encodeOpinionText(answer.opinion)).catch(() => undefined);
    return answer;
  }

  private async fetchOpinionFromApi(request: OpinionRequest): Promise<OpinionAnswer> {
    const [found] = await this.lookup([{ id: 'opinion-text', volume: request.volume, reporter: request.reporter, page: request.page }]);
    if (found.status === 'error') return { status: 'error', message: found.message };
    if (found.status !== 'found') return { status: 'not-found' };
    if (found.clusters.length !== 1) return { status: 'no-text' };
    const clusterId = found.clusters[0].clusterId;
    try {
      const cluster = await this.client.getJson<ApiCluster>(`/api/rest/v4/clusters/${clusterId}/`);
      const ids = (cluster.sub_opinions ?? []).map((o) => (typeof o === 'string' ? idFromUrl(o) : (o.id ?? idFromUrl(o.resource_uri)))).filter((id): id is number => id !== null);
      const parts: { type: string; id: number; text: OpinionText }[] = [];
      for (const id of ids) {
        const op = await this.client.getJson<ApiOpinion>(`/api/rest/v4/opinions/${id}/`);
        const parsed = parseOpinion(op);
        if (parsed) parts.push({ type: op.type ?? '', id, text: parsed.opinion });
      }
      if (!parts.length) return { status: 'no-text' };
      // Majority before concurrences and dissents: CourtListener's type codes sort so (`010combined`, `020lead`, `040dissent`).
      parts.sort((a, b) => (a.type === b.type ? a.id - b.id : a.type < b.type ? -1 : 1));
      return { status: 'found', opinion: joinOpinions(parts.map((p) => p.text)), lastPage: null, source: COURTLISTENER_SOURCE };
    } catch (err) {
      if (err instanceof CourtListenerHttpError && err.status === 404) return { status: 'no-text' };
      return { status: 'error', message: (err as Error).message };
    }
  }

  get calls(): number {
    return this.client.calls;
  }

  /**
   * CourtListener's opinion search by name: the cited name's distinctive words (`case_name=
   * Varghese OR China`), the cited year give or take three; the results held to the cited
   * court's family and compared as names are (names/compare.ts). It finds clusters whether or
   * not they carry a citation. Finding none is evidence only when every result was seen (one
   * page) and the court and year were known.
   */
  async searchByName(queries: NameQuery[]): Promise<NameSearchResult[]> {
    return Promise.all(queries.map((q) => this.searchOne(q)));
  }

  private async searchOne(q: NameQuery): Promise<NameSearchResult> {
    const terms = searchTerms(q.caseName);
    const family = (q.court ? courtFamily(q.court, courtName(q.court)) : null) ?? (q.reporter ? reporterFamily(q.reporter) : null);
    const from = q.year !== null ? q.year - 3 : null;
    const to = q.year !== null ? q.year + 3 : null;
    const scope = `the decisions of ${family ? familyLabel(family) : 'every court'}${from !== null ? ` from ${from} to ${to}` : ''} in CourtListener`;
    const base: NameSearchResult = { id: q.id, same: [], similar: [], conclusive: false, scope, source: COURTLISTENER_SOURCE };
    if (terms.length === 0) return { ...base, why: `${q.caseName} has no word distinctive enough to search by` };
    const cacheKey = `name ${terms.join(' ').toLowerCase()} ${from ?? ''}-${to ?? ''}`;
    let page = this.searches.get(cacheKey);
    if (!page) {
      const params = new URLSearchParams({ type: 'o', case_name: terms.join(' OR '), order_by: 'score desc' });
      if (from !== null) params.set('filed_after', `${from}-01-01`);
      if (to !== null) params.set('filed_before', `${to}-12-31`);
      try {
        page = await this.client.getJson<ApiSearchPage>(`${SEARCH_PATH}?${params}`);
      } catch (err) {
        return { ...base, why: `the search by name failed (${(err as Error).message})` };
      }
      if (this.searches.size >= 1000) this.searches.delete(this.searches.keys().next().value as string);
      this.searches.set(cacheKey, page);
    }
    for (const r of page.results) {
      const name = r.caseName || r.caseNameFull || '';
      if (!name) continue;
      const court = r.court_id ?? null;
      if (family && court && courtFamily(court, r.court ?? courtName(court)) !== family) continue;
      const verdict = compareCaseNames(q.caseName, name).verdict;
      if (verdict !== 'same' && verdict !== 'partial') continue;
      const citations = (r.citation ?? []).map((c) => c.trim()).filter(Boolean);
      const cluster: CaseCluster = {
        clusterId: r.cluster_id,
        caseName: name,
        caseNameShort: null,
        court,
        courtName: r.court ?? null,
        courtCitation: r.court_citation_string ?? null,
        dateFiled: r.dateFiled ? r.dateFiled.slice(0, 10) : null,
        year: yearOf(r.dateFiled),
        absoluteUrl: absoluteCourtListenerUrl(r.absolute_url, this.siteUrl),
        citation: citations[0] ?? '',
        citations,
      };
      (verdict === 'same' ? base.same : base.similar).push(cluster);
    }
    if (base.same.length || base.similar.length) return base;
    if (!family) return { ...base, why: 'the court is not known, so the search could not be limited to its decisions' };
    if (q.year === null) return { ...base, why: 'the year is not known, so the search could not be limited to the decisions of its time' };
    if (q.year > new Date().getUTCFullYear()) return { ...base, why: `the cited year, ${q.year}, has not come yet` };
    if (page.next || page.count > page.results.length) return { ...base, why: `the names in ${q.caseName} are too common to search every case that carries them` };
    return { ...base, conclusive: true };
  }

  /** Opinion text behind an absolute_url this product showed; throws a CaseOpinionError. */
  fetchOpinionText(absoluteUrl: string): Promise<string> {
    return fetchOpinionText(this.client, absoluteUrl);
  }

  async lookup(requests: LookupRequest[]): Promise<LookupResult[]> {
    // Keys use the canonical reporter, so `F. 3d` and `F.3d` share one cache entry.
    const normalized = requests.map((r) => ({ ...r, reporter: canonicalReporter(r.reporter) }));
    const results = new Map<string, LookupResult>();
    const queued = new Set<string>();
    let queue: LookupRequest[] = [];
    for (const r of normalized) {
      const key = citationKey(r);
      if (results.has(key) || queued.has(key)) continue;
      const cached = await this.cache.get(key);
      if (cached) results.set(key, cached);
      else {
        queued.add(key);
        queue.push(r);
      }
    }
    while (queue.length) {
      const batch = takeBatch(queue, this.batchSize);
      queue = queue.slice(batch.length);
      const { answered, resend } = await this.lookupBatch(batch);
      for (const [key, result] of answered) {
        results.set(key, result);
        if (result.status !== 'error') await this.cache.set(key, result);
      }
      if (resend.length === batch.length) {
        // No progress at all: the server's cap is below one citation; do not loop forever.
        for (const r of resend) results.set(citationKey(r), { id: r.id, status: 'error', message: 'CourtListener refused every citation of the request (429)' });
        continue;
      }
      // Over the per-request cap: CourtListener answered 429 from that citation on; send them again.
      queue = [...resend, ...queue];
    }
    // Said on every answer, cached ones included, so each verdict can say what it was checked against.
    return normalized.map((r) => ({ ...results.get(citationKey(r))!, id: r.id, source: COURTLISTENER_SOURCE }));
  }

  private async lookupBatch(batch: LookupRequest[]): Promise<{ answered: Map<string, LookupResult>; resend: LookupRequest[] }> {
    // Our own text, so we know where each citation sits and can map answers back by offset.
    const spans: { req: LookupRequest; start: number; end: number }[] = [];
    let text = '';
    for (const req of batch) {
      if (text) text += SEPARATOR;
      const cite = `${req.volume} ${req.reporter} ${req.page}`;
      spans.push({ req, start: text.length, end: text.length + cite.length });
      text += cite;
    }
    const answered = new Map<string, LookupResult>();
    const resend: LookupRequest[] = [];
    await this.throttle.acquire(batch.length);
    let items: ApiLookupItem[];
    try {
      items = await this.client.postForm<ApiLookupItem[]>(LOOKUP_PATH, { text });
    } catch (err) {
      for (const { req } of spans) answered.set(citationKey(req), { id: req.id, status: 'error', message: (err as Error).message });
      return { answered, resend };
    }
    const clusterJobs: Promise<void>[] = [];
    for (const span of spans) {
      const key = citationKey(span.req);
      const item = items.find((it) => it.start_index >= span.start && it.start_index < span.end);
      if (!item) {
        // CourtListener's parser did not see a citation here: it does not know the reporter.
        answered.set(key, { id: span.req.id, status: 'unknown-reporter' });
      } else if (item.status === 429) {
        resend.push(span.req);
      } else if (item.status === 404) {
        answered.set(key, { id: span.req.id, status: 'not-found' });
      } else if (item.status === 400) {
        answered.set(key, { id: span.req.id, status: 'unknown-reporter' });
      } else if ((item.status === 200 || item.status === 300) && item.clusters.length) {
        clusterJobs.push(
          Promise.all(item.clusters.map((c) => this.toCluster(c, key))).then(
            (clusters) => void answered.set(key, { id: span.req.id, status: 'found', clusters }),
            (err: Error) => void answered.set(key, { id: span.req.id, status: 'error', message: err.message }),
          ),
        );
      } else {
        answered.set(key, { id: span.req.id, status: 'error', message: `unexpected status ${item.status}${item.error_message ? `: ${item.error_message}` : ''}` });
      }
    }
    await Promise.all(clusterJobs);
    return { answered, resend };
  }

  private async toCluster(c: ApiCluster, citation: string): Promise<CaseCluster> {
    const docketId = c.docket_id ?? idFromUrl(c.docket);
    const court = docketId !== null ? await this.courtForDocket(docketId) : null;
    const info = court ? await this.court(court) : null;
    return {
      clusterId: c.id,
      caseName: c.case_name || c.case_name_full || c.case_name_short || '',
      caseNameShort: c.case_name_short || null,
      court,
      courtName: info?.full_name ?? null,
      courtCitation: info?.citation_string ?? null,
      dateFiled: c.date_filed ?? null,
      year: yearOf(c.date_filed),
      absoluteUrl: absoluteCourtListenerUrl(c.absolute_url, this.siteUrl),
      citation,
    };
  }

  private courtForDocket(docketId: number): Promise<string | null> {
    let hit = this.courtOfDocket.get(docketId);
    if (!hit) {
      hit = this.client.getJson<ApiDocket>(`/api/rest/v4/dockets/${docketId}/?fields=id,court_id,court`).then((d) => d.court_id ?? courtIdFromUrl(d.court));
      // A failed fetch is not remembered: the next lookup tries again.
      hit.catch(() => this.courtOfDocket.delete(docketId));
      this.courtOfDocket.set(docketId, hit);
    }
    return hit;
  }

  /** Court names are decoration: a failure here leaves them null rather than failing the lookup. */
  private court(id: string): Promise<ApiCourt | null> {
    let hit = this.courtInfo.get(id);
    if (!hit) {
      hit = this.client.getJson<ApiCourt>(`/api/rest/v4/courts/${encodeURIComponent(id)}/`).catch(() => {
        this.courtInfo.delete(id);
        return null;
      });
      this.courtInfo.set(id, hit);
    }
    return hit;
  }
}

function courtIdFromUrl(url: string | undefined): string | null {
  const m = url ? /\/courts\/([^/]+)\/?$/.exec(url) : null;
  return m ? m[1] : null;
}

/** As many requests as fit one call: at most `max` citations and 64,000 characters of text. */
function takeBatch(queue: LookupRequest[], max: number): LookupRequest[] {
  const batch: LookupRequest[] = [];
  let chars = 0;
  for (const r of queue) {
    const len = `${r.volume} ${r.reporter} ${r.page}`.length + (batch.length ? SEPARATOR.length : 0);
    if (batch.length >= max || (batch.length && chars + len > MAX_TEXT_CHARS)) break;
    batch.push(r);
    chars += len;
  }
  return batch;
}

/**
 * The provider configured by the environment, or null without COURTLISTENER_TOKEN.
 * @example const cl = courtListenerFromEnv(process.env, { cache });
 */
export function courtListenerFromEnv(env: NodeJS.ProcessEnv = process.env, options: Partial<CourtListenerOptions> = {}): CourtListenerProvider | null {
  const token = env.COURTLISTENER_TOKEN?.trim();
  if (!token) return null;
  return new CourtListenerProvider({
    baseUrl: env.COURTLISTENER_URL || undefined,
    citationsPerMinute: env.COURTLISTENER_CITATIONS_PER_MINUTE ? Number(env.COURTLISTENER_CITATIONS_PER_MINUTE) : undefined,
    requestsPerMinute: env.COURTLISTENER_REQUESTS_PER_MINUTE ? Number(env.COURTLISTENER_REQUESTS_PER_MINUTE) : undefined,
    ...options,
    token,
  });
}
