/**
 * Lookups on the local citation index, as a CaseLawProvider.
 *
 * One composite index, (reporter_id, volume, page_num, page, cluster_id), covers the citation
 * columns. The common case, a case starting at the cited page, is one index-only equality
 * search; only a miss pays for the backward search (the case starting last before the page)
 * and the forward one (the next case after it). Then only the clusters actually answered are
 * fetched (by primary key, the court copied in at import); courts come from memory.
 *
 * A miss is "not found" only in a volume the snapshot holds completely (the coverage table);
 * anywhere else it is "not covered". With page ranges, a page inside a case is placed exactly
 * and a pin past the case's last page is flagged; without them, the nearest earlier first page
 * stands in, marked approximate.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { COURTLISTENER_SITE, citationKey, yearOf } from '../provider';
import type { CaseCluster, CaseLawProvider, LookupRequest, LookupResult, PageRange, PinCheck } from '../provider';
import { canonicalReporter, findReporter } from '../engine';
import { describeSource, isSeriesNeverComplete } from './import';
import { SCHEMA_VERSION, defaultIndexPath } from './schema';

/** Enough rows before a page to pass over odd page strings (`123-U`) to the case before it. */
const ROWS_BEFORE = 6;

/** A candidate address from the covering index (no cluster data yet). */
interface Candidate {
  page: string;
  page_num: number;
  cluster_id: number;
}

interface ClusterRow {
  case_name: string | null;
  case_name_short: string | null;
  date_filed: string | null;
  court_id: string | null;
}

type Row = Candidate & ClusterRow;

interface Court {
  citation_string: string | null;
  full_name: string | null;
}

const CLUSTER = 'SELECT case_name, case_name_short, date_filed, court_id FROM clusters WHERE id = ?';

export interface IndexInfo {
  path: string;
  authoritative: boolean;
  source: string;
  /** `CourtListener bulk data of 2026-10-31`, `demo data, not authoritative`. */
  description: string;
  snapshotDate: string | null;
  importedAt: string | null;
  citations: number;
  /** Cases with a known first and last page, and where those came from (or null). */
  pageRanges: { cases: number; source: string | null };
}

/** One reporter's part of the index, for `citecheck caselaw coverage`. */
export interface ReporterCoverage {
  reporter: string;
  cases: number;
  /** Volumes holding at least one case, ascending. */
  volumes: { volume: number; cases: number; complete: boolean }[];
  /** Why no volume of it is complete, when that is the rule for the whole series. */
  note: string | null;
}

export class IndexNotFoundError extends Error {
  override name = 'IndexNotFoundError';
}

export class IndexVersionError extends Error {
  override name = 'IndexVersionError';
}

export class LocalCitationIndex implements CaseLawProvider {
  readonly name: string;
  readonly authoritative: boolean;
  readonly info: IndexInfo;
  private readonly db: Database.Database;
  private readonly reporterIds = new Map<string, number>();
  private readonly courts = new Map<string, Court>();
  private readonly at: Database.Statement;
  private readonly before: Database.Statement;
  private readonly after: Database.Statement;
  private readonly cluster: Database.Statement;
  private readonly covered: Database.Statement;
  private readonly range: Database.Statement;
  private readonly hasRanges: boolean;
  private lookups = 0;

  /** Opens an index read-only; default `<DATA_DIR>/caselaw.sqlite`. */
  static open(path = defaultIndexPath()): LocalCitationIndex {
    if (!existsSync(path)) throw new IndexNotFoundError(`No case-law index at ${path}: run \`citecheck caselaw download\` (or \`citecheck caselaw import <files>\`)`);
    return new LocalCitationIndex(new Database(path, { readonly: true, fileMustExist: true }), path);
  }

  private constructor(db: Database.Database, path: string) {
    this.db = db;
    // Lookups are random reads over a file of a gigabyte or more: map it rather than copy
    // pages through read(), and keep a larger page cache than SQLite's 2 MB default.
    db.pragma('mmap_size = 4294967296');
    db.pragma('cache_size = -65536');
    const meta = new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    if (meta.get('schema_version') !== SCHEMA_VERSION) {
      db.close();
      throw new IndexVersionError(
        `The case-law index at ${path} was built by another version of CiteCheck (layout ${meta.get('schema_version') ?? 'unknown'}, this version reads ${SCHEMA_VERSION}): build it again with \`citecheck caselaw download\` (or \`citecheck caselaw import <files>\`)`,
      );
    }
    this.authoritative = meta.get('authoritative') === 'true';
    const source = meta.get('source') ?? 'unknown';
    const snapshotDate = meta.get('snapshot_date') || null;
    const rangeCount = (db.prepare('SELECT COUNT(*) FROM page_ranges').pluck().get() as number) ?? 0;
    this.hasRanges = rangeCount > 0;
    this.info = {
      path,
      authoritative: this.authoritative,
      source,
      description: meta.get('description') || describeSource({ source, authoritative: this.authoritative, snapshotDate }),
      snapshotDate,
      importedAt: meta.get('imported_at') ?? null,
      citations: Number(meta.get('citations') ?? 0),
      pageRanges: { cases: rangeCount, source: meta.get('page_ranges_source') || null },
    };
    this.name = this.info.source === 'demo' ? 'demo case-law index' : 'local case-law index';
    for (const r of db.prepare('SELECT id, name FROM reporters').all() as { id: number; name: string }[]) this.reporterIds.set(r.name, r.id);
    for (const c of db.prepare('SELECT id, citation_string, full_name FROM courts').all() as (Court & { id: string })[]) this.courts.set(c.id, c);
    this.at = db.prepare('SELECT page, page_num, cluster_id FROM citations WHERE reporter_id = ? AND volume = ? AND page_num = ?');
    this.before = db.prepare(
      `SELECT page, page_num, cluster_id FROM citations WHERE reporter_id = ? AND volume = ? AND page_num < ? ORDER BY page_num DESC LIMIT ${ROWS_BEFORE}`,
    );
    this.cluster = db.prepare(CLUSTER);
    this.after = db.prepare('SELECT page_num FROM citations WHERE reporter_id = ? AND volume = ? AND page_num > ? ORDER BY page_num LIMIT 1').pluck();
    this.covered = db.prepare('SELECT cases, complete FROM coverage WHERE reporter_id = ? AND volume = ?');
    this.range = db.prepare('SELECT last_page FROM page_ranges WHERE reporter_id = ? AND volume = ? AND first_page = ?').pluck();
  }

  /** Per reporter: volumes, case counts, and which volumes are complete. */
  coverage(): ReporterCoverage[] {
    const rows = this.db
      .prepare('SELECT r.name AS reporter, c.volume, c.cases, c.complete FROM coverage c JOIN reporters r ON r.id = c.reporter_id ORDER BY r.name, c.volume')
      .all() as { reporter: string; volume: number; cases: number; complete: number }[];
    const out = new Map<string, ReporterCoverage>();
    for (const r of rows) {
      let entry = out.get(r.reporter);
      if (!entry) {
        entry = { reporter: r.reporter, cases: 0, volumes: [], note: isSeriesNeverComplete(r.reporter) ? seriesNote(r.reporter) : null };
        out.set(r.reporter, entry);
      }
      entry.cases += r.cases;
      entry.volumes.push({ volume: r.volume, cases: r.cases, complete: r.complete === 1 });
    }
    return [...out.values()];
  }

  /** Lookups served so far (the local index costs no API quota, but progress counts it). */
  get calls(): number {
    return this.lookups;
  }

  async lookup(requests: LookupRequest[]): Promise<LookupResult[]> {
    return requests.map((r) => this.lookupOne(r));
  }

  /** Synchronous form, for the benchmark and for callers that batch themselves. */
  lookupOne(req: LookupRequest): LookupResult {
    this.lookups++;
    const source = this.info.description;
    const reporter = canonicalReporter(req.reporter);
    const reporterId = this.reporterIds.get(reporter);
    const page = req.page.trim();
    const m = /^(\d+)/.exec(page);
    if (reporterId === undefined) {
      // A reporter the catalogue knows but the data never uses is not covered, not unknown.
      if (!findReporter(reporter)) return { id: req.id, status: 'unknown-reporter', source };
      return { id: req.id, status: 'not-covered', reason: this.notCovered(reporter, req.volume, 0), source };
    }
    const pageNum = m ? Number(m[1]) : null;
    if (pageNum !== null) {
      const exact = (this.at.all(reporterId, req.volume, pageNum) as Candidate[]).filter((r) => r.page === page);
      if (exact.length) {
        const clusters = dedupe(exact)
          .sort((a, b) => a.cluster_id - b.cluster_id)
          .map((r) => ({ ...toCluster(this.courts, this.withCluster(r), req.volume, reporter), pages: this.pagesOf(reporterId, req.volume, r) }));
        const pages = clusters.length === 1 ? clusters[0].pages : null;
        return { id: req.id, status: 'found', clusters, pin: pages ? checkPin(req.pin, pages) : null, source };
      }
    }
    const coverage = this.covered.get(reporterId, req.volume) as { cases: number; complete: number } | undefined;
    const complete = coverage?.complete === 1 && !isSeriesNeverComplete(reporter);
    if (pageNum !== null && String(pageNum) === page) {
      const rows = this.before.all(reporterId, req.volume, pageNum) as Candidate[];
      const host = rows.find((r) => String(r.page_num) === r.page);
      if (host) {
        const pages = this.pagesOf(reporterId, req.volume, host);
        const cluster = { ...toCluster(this.courts, this.withCluster(host), req.volume, reporter), pages };
        if (pages && pageNum <= pages.lastPage) {
          // A known page range places the page for certain, whatever the volume's coverage.
          const note = `${citationKey({ volume: req.volume, reporter, page })} is page ${pageNum} of ${cluster.caseName || 'an unnamed case'}, which begins at ${pages.firstPage}`;
          return { id: req.id, status: 'contained-in', cluster, approximate: false, note, pin: checkPin(req.pin, pages), source };
        }
        // Without a range, "inside" is inferred from the next case starting later; only a
        // complete volume makes that inference safe (the real host may be missing otherwise).
        if (!pages && complete && this.after.get(reporterId, req.volume, pageNum) !== undefined) {
          const note = `${citationKey({ volume: req.volume, reporter, page })} falls after the first page of ${cluster.caseName || 'an unnamed case'} (${host.page}) and before the next case; its last page is not known`;
          return { id: req.id, status: 'contained-in', cluster, approximate: true, note, source };
        }
      }
    }
    if (complete) return { id: req.id, status: 'not-found', source };
    return { id: req.id, status: 'not-covered', reason: this.notCovered(reporter, req.volume, coverage?.cases ?? 0), source };
  }

  /** Why a miss here proves nothing, in words for the report. */
  private notCovered(reporter: string, volume: number, cases: number): string {
    const src = this.info.description;
    if (isSeriesNeverComplete(reporter)) return `not in the local data: ${seriesNote(reporter)}`;
    if (!this.authoritative) return `not in the local data (${src})`;
    if (!this.reporterIds.has(reporter)) return `not in the local data: ${src} holds no ${reporter} cases`;
    if (cases === 0) return `not in the local data: ${src} holds no cases of volume ${volume} of ${reporter}`;
    return `not in the local data: ${src} holds only part of volume ${volume} of ${reporter} (${cases} cases)`;
  }

  /** The case's page range, when page ranges were imported and it starts at a plain page number. */
  private pagesOf(reporterId: number, volume: number, r: Candidate): PageRange | null {
    if (!this.hasRanges || String(r.page_num) !== r.page) return null;
    const last = this.range.get(reporterId, volume, r.page_num) as number | undefined;
    return last === undefined ? null : { firstPage: r.page_num, lastPage: last };
  }

  close(): void {
    this.db.close();
  }

  /** The cluster (and its docket's court) behind an address the lookup answers with. */
  private withCluster(candidate: Candidate): Row {
    const cluster = this.cluster.get(candidate.cluster_id) as ClusterRow | undefined;
    return { ...candidate, case_name: null, case_name_short: null, date_filed: null, court_id: null, ...cluster };
  }
}

/** Bulk data never holds every WL/LEXIS number or neutral citation: said once, here. */
function seriesNote(reporter: string): string {
  return `bulk data never holds every ${reporter} citation, so one missing from it may still exist`;
}

/** A pin cite against the case's last page; null when there is no numeric pin. */
export function checkPin(pin: string | null | undefined, pages: PageRange): PinCheck | null {
  const m = pin ? /^(\d+)/.exec(pin.trim()) : null;
  if (!m) return null;
  const n = Number(m[1]);
  const beyond = n > pages.lastPage;
  return { pin: pin!.trim(), lastPage: pages.lastPage, beyondLastPage: beyond, note: beyond ? `pin ${n} is beyond the last page, ${pages.lastPage}` : null };
}

/** The same cluster reached through two citation rows (a duplicate in the data) counts once. */
function dedupe(rows: Candidate[]): Candidate[] {
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.cluster_id) ? false : (seen.add(r.cluster_id), true)));
}

function toCluster(courts: Map<string, Court>, r: Row, volume: number, reporter: string): CaseCluster {
  const court = r.court_id ? courts.get(r.court_id) : undefined;
  return {
    clusterId: r.cluster_id,
    caseName: r.case_name ?? '',
    caseNameShort: r.case_name_short,
    court: r.court_id,
    courtName: court?.full_name ?? null,
    courtCitation: court?.citation_string ?? null,
    dateFiled: r.date_filed,
    year: yearOf(r.date_filed),
    absoluteUrl: citationUrl(volume, reporter, r.page),
    citation: citationKey({ volume, reporter, page: r.page }),
  };
}

/**
 * CourtListener's citation URL (`/c/U.S./550/544/`) redirects to the case at that address. We
 * link through it rather than through `/opinion/<cluster id>/`, because an index built from
 * fixtures or the demo data need not carry CourtListener's real cluster ids.
 */
export function citationUrl(volume: number, reporter: string, page: string, site = COURTLISTENER_SITE): string {
  return `${site}/c/${encodeURIComponent(reporter)}/${volume}/${encodeURIComponent(page)}/`;
}
