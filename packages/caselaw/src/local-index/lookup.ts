/**
 * Lookups on the local citation index, as a CaseLawProvider.
 *
 * One composite index, (reporter_id, volume, page_num, page, cluster_id), covers the citation
 * columns. The common case, a case starting at the cited page, is one index-only equality
 * search; only a miss pays for the backward search (the case starting last before the page)
 * and the forward one (the next case after it). Then only the clusters actually answered are
 * fetched (by primary key, the court copied in at import); courts come from memory.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { COURTLISTENER_SITE, citationKey, yearOf } from '../provider';
import type { CaseCluster, CaseLawProvider, LookupRequest, LookupResult } from '../provider';
import { canonicalReporter, findReporter } from '../engine';
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
  importedAt: string | null;
  citations: number;
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
  private lookups = 0;

  /** Opens an index read-only; default `<DATA_DIR>/caselaw.sqlite`. */
  static open(path = defaultIndexPath()): LocalCitationIndex {
    if (!existsSync(path)) throw new IndexNotFoundError(`No case-law index at ${path}: run \`citecheck caselaw import <files>\``);
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
        `The case-law index at ${path} was built by another version of CiteCheck (layout ${meta.get('schema_version') ?? 'unknown'}, this version reads ${SCHEMA_VERSION}): import it again with \`citecheck caselaw import <files>\``,
      );
    }
    this.authoritative = meta.get('authoritative') === 'true';
    this.info = {
      path,
      authoritative: this.authoritative,
      source: meta.get('source') ?? 'unknown',
      importedAt: meta.get('imported_at') ?? null,
      citations: Number(meta.get('citations') ?? 0),
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
    const reporter = canonicalReporter(req.reporter);
    const reporterId = this.reporterIds.get(reporter);
    if (reporterId === undefined) {
      // A reporter the catalogue knows but the data never uses is a miss, not an unknown reporter.
      return findReporter(reporter) ? { id: req.id, status: 'not-found' } : { id: req.id, status: 'unknown-reporter' };
    }
    const m = /^(\d+)/.exec(req.page.trim());
    if (!m) return { id: req.id, status: 'not-found' };
    const pageNum = Number(m[1]);
    const page = req.page.trim();
    const exact = (this.at.all(reporterId, req.volume, pageNum) as Candidate[]).filter((r) => r.page === page);
    if (exact.length) {
      const clusters = dedupe(exact).sort((a, b) => a.cluster_id - b.cluster_id);
      return { id: req.id, status: 'found', clusters: clusters.map((r) => toCluster(this.courts, this.withCluster(r), req.volume, reporter)) };
    }
    // A page that starts no case may fall inside one. Only a complete index can say so: in a
    // partial one the case really starting at this page may simply be missing.
    if (this.authoritative && String(pageNum) === page) {
      const rows = this.before.all(reporterId, req.volume, pageNum) as Candidate[];
      const host = rows.find((r) => String(r.page_num) === r.page);
      if (host && this.after.get(reporterId, req.volume, pageNum) !== undefined) {
        return { id: req.id, status: 'contained-in', cluster: toCluster(this.courts, this.withCluster(host), req.volume, reporter) };
      }
    }
    return { id: req.id, status: 'not-found' };
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
