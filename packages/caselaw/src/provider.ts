/**
 * The case-law port. Every source of case law (CourtListener's API, the local SQLite index)
 * answers the same question: "which case, if any, starts at volume V of reporter R, page P?"
 * The verdict logic only ever talks to this interface.
 */

/** One citation address to look up. `id` is the caller's, echoed back on the result. */
export interface LookupRequest {
  id: string;
  volume: number;
  /** Canonical reporter abbreviation (`F.3d`, `U.S.`, `S. Ct.`). */
  reporter: string;
  page: string;
  /** The pin cite (`1345` in `925 F.3d 1320, 1345`), checked against the case's last page when known. */
  pin?: string | null;
}

/** First and last page of a case in its volume (from the Caselaw Access Project). */
export interface PageRange {
  firstPage: number;
  lastPage: number;
}

/** A pin cite held against the case's page range. */
export interface PinCheck {
  pin: string;
  lastPage: number;
  beyondLastPage: boolean;
  /** `pin 1345 is beyond the last page, 1342` (only when it is). */
  note: string | null;
}

/** One opinion cluster (CourtListener's word for "a case, with all its opinions"). */
export interface CaseCluster {
  clusterId: number;
  caseName: string;
  caseNameShort: string | null;
  /** CourtListener court id (`scotus`, `ca2`, `nysd`), or null when the source does not say. */
  court: string | null;
  /** Court's full name (`Supreme Court of the United States`), when known. */
  courtName: string | null;
  /** Court's citation string (`2d Cir.`, `S.D.N.Y.`), when known. */
  courtCitation: string | null;
  /** ISO date (`2007-05-21`), or null. */
  dateFiled: string | null;
  year: number | null;
  /** Full https URL of the case on CourtListener, or null. */
  absoluteUrl: string | null;
  /** The citation this cluster was found under (`550 U.S. 544`). */
  citation: string;
  /** Its first and last page, when the source knows them (the local index with page ranges). */
  pages?: PageRange | null;
}

/**
 * What a source holds of the series and volume asked about. A miss is evidence only where
 * the source holds everything: a local snapshot may lack a volume newer than itself, and no
 * source of CourtListener's data holds every Westlaw number or public-domain citation.
 */
export interface LookupCoverage {
  /** True when the source holds every case of this volume of this reporter, so a miss means no case starts at that page. */
  covered: boolean;
  /** What the source holds, in plain words for a lawyer (shown with an unverified citation). */
  description?: string;
}

export type LookupResult = (
  | { id: string; status: 'found'; clusters: CaseCluster[]; pin?: PinCheck | null }
  /**
   * No case at this address. `coverage.covered`: the source holds this volume completely, so
   * it does not exist; absent: the verdict assumes an authoritative source covers printed
   * reporters only.
   */
  | { id: string; status: 'not-found'; coverage?: LookupCoverage }
  | { id: string; status: 'unknown-reporter' }
  /**
   * The page starts no case but falls inside `cluster`, which starts earlier in the volume.
   * `approximate`: no page ranges, so "inside" means "after the nearest earlier first page and
   * before the next one"; otherwise the page is within the case's known first and last page.
   */
  | { id: string; status: 'contained-in'; cluster: CaseCluster; approximate?: boolean; note?: string; pin?: PinCheck | null }
  /**
   * The source does not hold this volume (or this series) completely, so a miss proves
   * nothing: unverified, "not in the local data". `reason` says why, for the report.
   */
  | { id: string; status: 'not-covered'; reason: string }
  /** The source could not answer (network, quota); never a judgement about the citation. */
  | { id: string; status: 'error'; message: string }
) & {
  /** What answered, in words for the report (`CourtListener bulk data of 2026-10-31`, `demo data, not authoritative`). */
  source?: string;
};

export interface CaseLawProvider {
  /** Shown in messages and logs (`CourtListener`, `local index`). */
  readonly name: string;
  /**
   * True when a miss means the citation does not exist: CourtListener, or a local index built
   * from a full bulk snapshot. A non-authoritative miss only means "not covered here".
   */
  readonly authoritative: boolean;
  /** Answers in request order, one result per request. */
  lookup(requests: LookupRequest[]): Promise<LookupResult[]>;
  /** Number of calls made to the case-law source so far (SPEC's courtListenerCalls). */
  readonly calls?: number;
}

/** `550 U.S. 544`: the key every cache and map uses for one address. */
export function citationKey(r: { volume: number; reporter: string; page: string }): string {
  return `${r.volume} ${r.reporter} ${r.page}`;
}

/**
 * A cache of lookup answers by citation key. The validation service backs it with its store so
 * answers survive restarts and are shared between documents; tests use the in-memory one.
 */
export interface CaseLawCache {
  get(key: string): Promise<LookupResult | undefined>;
  set(key: string, value: LookupResult): Promise<void>;
}

/** A process-local cache with an optional size bound (oldest entry evicted first). */
export class MemoryCache implements CaseLawCache {
  private readonly entries = new Map<string, LookupResult>();
  constructor(private readonly maxEntries = 100_000) {}

  async get(key: string): Promise<LookupResult | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: LookupResult): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** `2007-05-21` → 2007; anything unparseable → null. */
export function yearOf(date: string | null | undefined): number | null {
  if (!date) return null;
  const m = /^(\d{4})/.exec(date);
  return m ? Number(m[1]) : null;
}

export const COURTLISTENER_SITE = 'https://www.courtlistener.com';

/** CourtListener gives paths (`/opinion/145875/...`); SPEC wants a full URL. */
export function absoluteCourtListenerUrl(pathOrUrl: string | null | undefined, site = COURTLISTENER_SITE): string | null {
  if (!pathOrUrl) return null;
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${site}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
