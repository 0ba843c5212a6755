/**
 * The case-law port. Every source of case law (CourtListener's API, the local SQLite index)
 * answers the same question: "which case, if any, starts at volume V of reporter R, page P?"
 * The verdict logic only ever talks to this interface.
 */
import type { OpinionText } from '@citecheck/quotes';

/** One citation address to look up. `id` is the caller's, echoed back on the result. */
export interface LookupRequest {
  id: string;
  /** A number, or the text of a volume that is not one (`1975-2` of Trade Cas.). */
  volume: number | string;
  /** Canonical reporter abbreviation (`F.3d`, `U.S.`, `S. Ct.`). */
  reporter: string;
  page: string;
  /** The pin cite (`1345` in `925 F.3d 1320, 1345`), checked against the case's last page when known. */
  pin?: string | null;
  /** The year the brief gives (`(11th Cir. 2019)`), for evidence that compares it with the volume's years. */
  year?: number | null;
}

/**
 * A fact in the data that no case begins at the cited page, in words a lawyer reads: the
 * verdict "Possible hallucination - citation not found" needs at least one, and names them.
 */
export interface Evidence {
  /**
   * `cap-list`: the Caselaw Access Project lists every case of the volume, none beginning there;
   * `page-range`: the page lies inside another case's known pages; `past-newest`: the volume is
   * beyond any the reporter had reached for that year; `volume-years`: the volume holds
   * decisions of other years; `name-search`: no case of that name among that court family's
   * decisions of those years; `source`: the source says it holds every case of the volume.
   */
  kind: 'cap-list' | 'page-range' | 'past-newest' | 'volume-years' | 'name-search' | 'source';
  text: string;
}

/** A name search: the case as the brief names it, and where it says it is. */
export interface NameQuery {
  id: string;
  caseName: string;
  year: number | null;
  /** CourtListener court id from the citation's parenthetical, or null. */
  court: string | null;
  reporter: string | null;
  volume: number | string | null;
  page: string | null;
}

/** What a name search found among every case of a source, with or without a citation. */
export interface NameSearchResult {
  id: string;
  /** Cases of that name (compareCaseNames: the same case), in the court's family and the years searched. */
  same: CaseCluster[];
  /** Cases where one party matches and the other does not: a check, never an accusation. */
  similar: CaseCluster[];
  /** True when the search saw every case that could carry the name, so finding none is evidence. */
  conclusive: boolean;
  /** What was searched, in a lawyer's words (`the federal courts of appeals' decisions of 2016-2022 in ...`). */
  scope: string;
  /** Why a fruitless search proves nothing, when it does not. */
  why?: string;
  source?: string;
}

/** First and last page of a case in its volume (from the Caselaw Access Project, or its opinion text's star pagination). */
export interface PageRange {
  firstPage: number;
  lastPage: number;
  /** Where the last page comes from: CAP's list (default) or the star pages of the case's opinion text. */
  from?: 'cap' | 'opinion-text';
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
  /** Its first and last page, when the source knows them (the Caselaw Access Project's lists). */
  pages?: PageRange | null;
  /**
   * Without a known last page: the first page of the next case in the volume, which this case
   * cannot run past (a pin beyond it is not in this case).
   */
  endsBy?: number | null;
  /** Every citation the source holds for this case (`['550 U.S. 544', '127 S. Ct. 1955']`), when it listed them. */
  citations?: string[];
  /** Where the case came from when it is not CourtListener's own record (`cap`: only in the Caselaw Access Project's list). */
  origin?: 'cap';
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
  | {
      id: string;
      status: 'not-found';
      coverage?: LookupCoverage;
      /** What in the data shows no case begins there (empty or absent: nothing does; the name search may). */
      evidence?: Evidence[];
      /** What the source lacks, in a lawyer's words, for when nothing shows the citation false. */
      gap?: string;
    }
  | { id: string; status: 'unknown-reporter' }
  /**
   * The page starts no case but falls inside `cluster`, which starts earlier in the volume.
   * `approximate`: no page ranges, so "inside" means "after the nearest earlier first page and
   * before the next one"; otherwise the page is within the case's known first and last page.
   */
  | { id: string; status: 'contained-in'; cluster: CaseCluster; approximate?: boolean; note?: string; pin?: PinCheck | null; evidence?: Evidence[] }
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

/** An address whose case's opinion text is wanted (`925 F.3d 1320`). */
export interface OpinionRequest {
  volume: number | string;
  reporter: string;
  page: string;
}

/**
 * A case's opinion text, for checking the words a brief quotes: `found` with the text and its
 * pages (and the case's last page when the source knows it); `no-text`: the case is there
 * without text; `not-found`: no case at the address; `error`: the source could not answer
 * (never a judgement about the quotation).
 */
export type OpinionAnswer =
  | { status: 'found'; opinion: OpinionText; lastPage: number | null; source: string }
  | { status: 'no-text' }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

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
  /**
   * Looks cases up by name among every case the source holds, with or without a citation,
   * in the cited court's family and within a few years of the cited year. Answers in order.
   */
  searchByName?(queries: NameQuery[]): Promise<NameSearchResult[]>;
  /** Number of calls made to the case-law source so far (SPEC's courtListenerCalls). */
  readonly calls?: number;
  /** The opinion text of the case at an address, when the source holds texts (quotation checks). */
  opinionText?(request: OpinionRequest): Promise<OpinionAnswer>;
}

/** `550 U.S. 544`: the key every cache and map uses for one address. */
export function citationKey(r: { volume: number | string; reporter: string; page: string }): string {
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

/**
 * Opinion texts fetched from an API, by citation key, in @citecheck/quotes' stored form (so a
 * text fetched once is not fetched again after a restart, nor by another replica). Only texts
 * are kept: "no text" and failures are asked again.
 */
export interface OpinionTextCache {
  get(key: string): Promise<Uint8Array | undefined>;
  set(key: string, stored: Uint8Array): Promise<void>;
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

/**
 * CourtListener's citation URL (`/c/U.S./550/544/`) redirects to the case at that address. We
 * link through it rather than through `/opinion/<cluster id>/`, because an index built from
 * fixtures or the demo data need not carry CourtListener's real cluster ids.
 */
export function citationUrl(volume: number | string, reporter: string, page: string, site = COURTLISTENER_SITE): string {
  return `${site}/c/${encodeURIComponent(reporter)}/${encodeURIComponent(String(volume))}/${encodeURIComponent(page)}/`;
}

/** A case's page on CourtListener by its cluster id, for a case with no citation to link through (`/opinion/<id>/<slug>/`). */
export function clusterUrl(clusterId: number, caseName: string, site = COURTLISTENER_SITE): string {
  const slug = caseName.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 75);
  return `${site}/opinion/${clusterId}/${slug}/`;
}
