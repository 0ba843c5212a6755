/**
 * Lookups on the local citation index, as a CaseLawProvider.
 *
 * One composite index, (reporter_id, volume, page_num, page, cluster_id), covers the citation
 * columns. The common case, a case starting at the cited page, is one index-only equality
 * search; only a miss pays for the rest: the Caselaw Access Project's list of the volume (a
 * case CourtListener lacks, or the pages of the case around the page), and the evidence.
 *
 * A miss is never evidence by itself: CourtListener holds real cases without their citation
 * and lacks some cases altogether. It answers `not-found` with what in the data shows that no
 * case begins there (evidence.ts: CAP's list of the volume, a volume beyond the reporter's
 * reach for the cited year, a volume of other years), or with none, and the verdict adds the
 * name search (name-search.ts), which finds cases whatever their citations.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { citationKey, citationUrl, yearOf } from '../provider';
import type { CaseCluster, CaseLawProvider, Evidence, LookupRequest, LookupResult, NameQuery, NameSearchResult, OpinionAnswer, OpinionRequest, PageRange, PinCheck } from '../provider';
import { canonicalReporter, findReporter } from '../engine';
import { CAP_STATIC_URL } from '../download/cap';
import { describeSource, isSeriesNeverComplete, NEVER_COMPLETE_TYPES } from './import';
import { pageNumber } from './pages';
import { VolumeFacts, type VolumeRow } from './evidence';
import { NameSearch } from './name-search';
import { SCHEMA_VERSION, defaultIndexPath } from './schema';
import { decodeOpinionText, joinOpinions, type OpinionText } from '@citecheck/quotes';

/** Enough rows before a page to pass over odd page strings (`123-U`) to the case before it. */
const ROWS_BEFORE = 6;
/** Rows read at a found page: the rows of the case (parallel entries, duplicates) and the next case after them. */
const AT_AND_NEXT = 4;

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

interface CapRow {
  first_page: number;
  cap_id: number;
  last_page: number | null;
  name: string;
  decision_date: string | null;
  court: string | null;
  path: string | null;
}

type Row = Candidate & ClusterRow;

export interface Court {
  citation_string: string | null;
  full_name: string | null;
  jurisdiction: string | null;
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
  /** Every case, with or without a citation: what the name search looks among. */
  clusters: number;
  /** Whether every case of the snapshot is in the name search (not cut down by a --reporters subset). */
  clustersComplete: boolean;
  /** Whether a --courts subset was imported (volume facts rest on every citation of a reporter, so not then). */
  courtsFiltered: boolean;
  /** The Caselaw Access Project's lists: cases and volumes held, and where from (or null). */
  cap: { cases: number; volumes: number; source: string | null };
  /** Cases whose opinion text the index holds (quotations are checked against it); 0 without an opinions file. */
  casesWithText: number;
}

/** One reporter's part of the index, for `citecheck caselaw coverage`. */
export interface ReporterCoverage {
  reporter: string;
  /** Cases CourtListener's data holds in it (through a citation). */
  cases: number;
  /** Volumes holding at least one case or listed by CAP, ascending. */
  volumes: { volume: number | string; cases: number; capCases: number | null; yearNumbered: boolean }[];
  /** Why no volume of it can rest on a list, when that is the rule for the whole series. */
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
  readonly courts = new Map<string, Court>();
  private readonly at: Database.Statement;
  /** The rows at a page and the next ones: the case found and where the next case starts, in one query. */
  private readonly atAndNext: Database.Statement;
  private readonly before: Database.Statement;
  private readonly after: Database.Statement;
  private readonly cluster: Database.Statement;
  private readonly capAt: Database.Statement;
  private readonly capBefore: Database.Statement;
  private readonly capAfter: Database.Statement;
  /** Whether CAP lists any case of a volume (asked once per volume): most lookups then skip CAP's table. */
  private readonly capAny: Database.Statement | null;
  private readonly capVolumes = new Map<string, boolean>();
  private readonly ofCluster: Database.Statement;
  /** Star pages of opinion texts, when an opinions file was imported (null: the index has none). */
  private readonly starAt: Database.Statement | null;
  /** A case's opinion texts, in CourtListener's order of opinion types (null: the index has none). */
  private readonly textsOf: Database.Statement | null;
  private readonly capUrl: string;
  private readonly volumes: VolumeFacts;
  private readonly names: NameSearch;
  private readonly thisYear: number;
  /** What every answer says it came from: the snapshot, and CAP's lists when they were imported. */
  private readonly answerSource: string;
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
    db.pragma('mmap_size = 8589934592');
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
    this.thisYear = snapshotDate ? Number(snapshotDate.slice(0, 4)) : new Date().getUTCFullYear();
    const capCases = Number(meta.get('cap_cases') ?? 0);
    this.info = {
      path,
      authoritative: this.authoritative,
      source,
      description: meta.get('description') || describeSource({ source, authoritative: this.authoritative, snapshotDate }),
      snapshotDate,
      importedAt: meta.get('imported_at') ?? null,
      citations: Number(meta.get('citations') ?? 0),
      clusters: Number(meta.get('clusters') ?? 0),
      clustersComplete: meta.get('clusters_complete') !== 'false',
      courtsFiltered: Boolean(meta.get('filter_courts')),
      cap: { cases: capCases, volumes: Number(meta.get('cap_volumes') ?? 0), source: meta.get('cap_source') || null },
      casesWithText: Number(meta.get('opinion_text_cases') ?? 0),
    };
    this.capUrl = (meta.get('cap_url') || CAP_STATIC_URL).replace(/\/+$/, '');
    this.answerSource = capCases > 0 ? `${this.info.description} and the Caselaw Access Project` : this.info.description;
    this.name = this.info.source === 'demo' ? 'demo case-law index' : 'local case-law index';
    // Reporters the index holds cases of (one a --reporters subset left out is interned, but holds none).
    for (const r of db.prepare('SELECT r.id, r.name FROM reporters r WHERE EXISTS (SELECT 1 FROM volumes v WHERE v.reporter_id = r.id)').all() as { id: number; name: string }[]) this.reporterIds.set(r.name, r.id);
    for (const c of db.prepare('SELECT id, citation_string, full_name, jurisdiction FROM courts').all() as (Court & { id: string })[]) this.courts.set(c.id, c);
    this.at = db.prepare('SELECT page, page_num, cluster_id FROM citations WHERE reporter_id = ? AND volume = ? AND page_num = ?');
    this.atAndNext = db.prepare(`SELECT page, page_num, cluster_id FROM citations WHERE reporter_id = ? AND volume = ? AND page_num >= ? ORDER BY page_num LIMIT ${AT_AND_NEXT}`);
    this.before = db.prepare(
      `SELECT page, page_num, cluster_id FROM citations WHERE reporter_id = ? AND volume = ? AND page_num < ? AND page_num > 0 ORDER BY page_num DESC LIMIT ${ROWS_BEFORE}`,
    );
    this.cluster = db.prepare(CLUSTER);
    this.after = db.prepare('SELECT page_num FROM citations WHERE reporter_id = ? AND volume = ? AND page_num > ? ORDER BY page_num LIMIT 1').pluck();
    const capColumns = 'first_page, cap_id, last_page, name, decision_date, court, path';
    this.capAt = db.prepare(`SELECT ${capColumns} FROM cap_cases WHERE reporter_id = ? AND volume = ? AND first_page = ?`);
    this.capBefore = db.prepare(`SELECT ${capColumns} FROM cap_cases WHERE reporter_id = ? AND volume = ? AND first_page < ? AND first_page > 0 ORDER BY first_page DESC LIMIT 4`);
    this.capAfter = db.prepare(`SELECT ${capColumns} FROM cap_cases WHERE reporter_id = ? AND volume = ? AND first_page > ? ORDER BY first_page LIMIT 1`);
    this.capAny = db.prepare('SELECT 1 FROM cap_cases LIMIT 1').get() !== undefined ? db.prepare('SELECT 1 FROM cap_cases WHERE reporter_id = ? AND volume = ? LIMIT 1') : null;
    const hasStar = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'star_pages'").get() !== undefined && db.prepare('SELECT 1 FROM star_pages LIMIT 1').get() !== undefined;
    this.starAt = hasStar ? db.prepare('SELECT first_page, last_page FROM star_pages WHERE cluster_id = ?') : null;
    const hasTexts = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'opinion_texts'").get() !== undefined;
    this.textsOf = hasTexts ? db.prepare('SELECT data FROM opinion_texts WHERE cluster_id = ? ORDER BY type, opinion_id').pluck() : null;
    this.ofCluster = db.prepare('SELECT r.name AS reporter, c.volume, c.page FROM citations c JOIN reporters r ON r.id = c.reporter_id WHERE c.cluster_id = ? ORDER BY c.type, c.id');
    this.volumes = new VolumeFacts(db, this.info.description, this.thisYear);
    this.names = new NameSearch(db, this.courts, {
      description: this.info.description,
      snapshotYear: this.thisYear,
      // A fruitless search proves nothing in a sample, or where a --reporters subset kept only cases with a citation.
      conclusive: this.authoritative && this.info.clustersComplete,
      citationsOf: (clusterId) => this.citationsOf(clusterId),
    });
  }

  /** Per reporter: volumes, case counts, and what each volume's verdicts can rest on. */
  coverage(): ReporterCoverage[] {
    const rows = this.db
      .prepare('SELECT r.name AS reporter, v.volume, v.cases, v.types, v.cap_cases AS capCases FROM volumes v JOIN reporters r ON r.id = v.reporter_id ORDER BY r.name, v.volume')
      .all() as { reporter: string; volume: number | string; cases: number; types: number; capCases: number | null }[];
    const out = new Map<string, ReporterCoverage>();
    for (const r of rows) {
      let entry = out.get(r.reporter);
      if (!entry) {
        entry = { reporter: r.reporter, cases: 0, volumes: [], note: isSeriesNeverComplete(r.reporter) ? seriesNote(r.reporter) : null };
        out.set(r.reporter, entry);
      }
      entry.cases += r.cases;
      const yearNumbered = (r.types & NEVER_COMPLETE_TYPES) !== 0 || isSeriesNeverComplete(r.reporter, r.volume, this.thisYear);
      entry.volumes.push({ volume: r.volume, cases: r.cases, capCases: r.capCases, yearNumbered });
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

  async searchByName(queries: NameQuery[]): Promise<NameSearchResult[]> {
    return queries.map((q) => this.searchByNameOne(q));
  }

  /** Synchronous form, for the benchmark and for callers that batch themselves. */
  searchByNameOne(query: NameQuery): NameSearchResult {
    // The years the cited volume holds, so that a year written wrong does not hide the case.
    const reporterId = query.reporter ? this.reporterIds.get(canonicalReporter(query.reporter)) : undefined;
    const facts = reporterId !== undefined && query.volume !== null ? this.volumes.of(reporterId, query.volume) : null;
    const years: [number, number] | null = facts?.first_year != null && facts.last_year != null ? [facts.first_year, facts.last_year] : null;
    return { ...this.names.search(query, years), source: this.answerSource };
  }

  /** Synchronous form, for the benchmark and for callers that batch themselves. */
  lookupOne(req: LookupRequest): LookupResult {
    this.lookups++;
    const source = this.answerSource;
    const reporter = canonicalReporter(req.reporter);
    const reporterId = this.reporterIds.get(reporter);
    // Pages are compared as CourtListener writes them, without thousands separators (`60,123` of Trade Cases).
    const page = req.page.trim().replace(/,/g, '');
    const volume = req.volume;
    if (reporterId === undefined) {
      // A reporter the catalogue knows but the data never uses is not covered, not unknown.
      if (!findReporter(reporter)) return { id: req.id, status: 'unknown-reporter', source };
      return { id: req.id, status: 'not-covered', reason: this.notCovered(reporter, volume, 0), source };
    }
    const pageNum = pageNumber(page);
    const plain = pageNum !== null && pageNum > 0 && String(pageNum) === page;
    // The rows at the page and after it (all of them when fewer than the limit).
    const atAndAfter = pageNum !== null ? (this.atAndNext.all(reporterId, volume, pageNum) as Candidate[]) : [];
    if (pageNum !== null) {
      // Where the next case starts: unknown (undefined) when every row read is at this page, and then
      // there may be more rows at it than were read.
      const next = atAndAfter.find((r) => r.page_num > pageNum)?.page_num ?? (atAndAfter.length < AT_AND_NEXT ? null : undefined);
      const rows = next === undefined ? (this.at.all(reporterId, volume, pageNum) as Candidate[]) : atAndAfter;
      const exact = rows.filter((r) => r.page_num === pageNum && r.page === page);
      if (exact.length) {
        const clusters = dedupe(exact)
          .sort((a, b) => a.cluster_id - b.cluster_id)
          .map((r) => ({ ...toCluster(this.courts, this.withCluster(r), volume, reporter), ...this.pagesOf(reporterId, volume, r, next) }));
        const pages = clusters.length === 1 ? clusters[0].pages : null;
        return { id: req.id, status: 'found', clusters, pin: pages ? checkPin(req.pin, pages) : null, source };
      }
      // A case CourtListener lacks (or holds without this citation) that CAP lists here.
      if (plain) {
        const cap = this.capHas(reporterId, volume) ? (this.capAt.all(reporterId, volume, pageNum) as CapRow[]) : [];
        if (cap.length) {
          const clusters = cap.map((c) => this.capCluster(c, volume, reporter, reporterId));
          const pages = clusters.length === 1 ? clusters[0].pages : null;
          return { id: req.id, status: 'found', clusters, pin: pages ? checkPin(req.pin, pages) : null, source };
        }
      }
    }
    // A sample's miss says nothing about the page, not even which case it may lie in.
    if (!this.authoritative) return { id: req.id, status: 'not-covered', reason: this.notCovered(reporter, volume, 0), source };
    const facts = this.volumes.of(reporterId, volume);
    const yearNumbered = (facts !== null && (facts.types & NEVER_COMPLETE_TYPES) !== 0) || isSeriesNeverComplete(reporter, volume, this.thisYear);
    if (yearNumbered) return { id: req.id, status: 'not-covered', reason: `not in the local data: ${seriesNote(reporter)}`, source };
    const evidence = this.evidence(req, reporter, reporterId, facts, pageNum, plain);

    if (plain) {
      // Inside a case whose pages CAP knows: certain, whatever else the data holds.
      const capHost = (this.capHas(reporterId, volume) ? (this.capBefore.all(reporterId, volume, pageNum) as CapRow[]) : []).find((c) => c.last_page !== null && pageNum <= c.last_page);
      if (capHost) {
        const cluster = this.hostCluster(capHost, volume, reporter, reporterId);
        const note = `${citationKey({ volume, reporter, page })} is page ${pageNum} of ${cluster.caseName || 'an unnamed case'}, which runs from page ${capHost.first_page} to ${capHost.last_page}`;
        return { id: req.id, status: 'contained-in', cluster, approximate: false, note, pin: checkPin(req.pin, cluster.pages!), evidence, source };
      }
      // Without a range, the nearest earlier first page with a later case after it is only the likely host.
      const rows = this.before.all(reporterId, volume, pageNum) as Candidate[];
      const host = rows.find((r) => String(r.page_num) === r.page);
      const complete = atAndAfter.length < AT_AND_NEXT;
      const laterCl = atAndAfter.find((r) => r.page_num > pageNum)?.page_num ?? (complete ? undefined : (this.after.get(reporterId, volume, pageNum) as number | undefined));
      const laterCap = this.capHas(reporterId, volume) ? (this.capAfter.get(reporterId, volume, pageNum) as CapRow | undefined) : undefined;
      if (host && (laterCl !== undefined || laterCap !== undefined)) {
        // The next citation after the host: a row read between it and the page, else the first at or after the page.
        const between = rows.filter((r) => r.page_num > host.page_num).map((r) => r.page_num);
        const nextAfterHost = between.length ? Math.min(...between) : (atAndAfter[0]?.page_num ?? (complete ? null : undefined));
        const cluster = { ...toCluster(this.courts, this.withCluster(host), volume, reporter), ...this.pagesOf(reporterId, volume, host, nextAfterHost) };
        // Its opinion text's star pages place the page inside it for certain.
        if (cluster.pages && pageNum <= cluster.pages.lastPage) {
          const note = `${citationKey({ volume, reporter, page })} is page ${pageNum} of ${cluster.caseName || 'an unnamed case'}, which runs from page ${cluster.pages.firstPage} to ${cluster.pages.lastPage} (the star pagination of its opinion)`;
          return { id: req.id, status: 'contained-in', cluster, approximate: false, note, pin: checkPin(req.pin, cluster.pages), evidence, source };
        }
        // A host whose last page is known ends before the page: the page is in no case it has.
        if (!cluster.pages) {
          const note = `${citationKey({ volume, reporter, page })} falls after the first page of ${cluster.caseName || 'an unnamed case'} (${host.page}) and before the next case; its last page is not known`;
          return { id: req.id, status: 'contained-in', cluster, approximate: true, note, evidence, source };
        }
      }
    }
    return { id: req.id, status: 'not-found', evidence, gap: this.gap(reporter, volume, facts), source };
  }

  /** What in the data shows no case begins at this page (see evidence.ts). */
  private evidence(req: LookupRequest, reporter: string, reporterId: number, facts: VolumeRow | null, pageNum: number | null, plain: boolean): Evidence[] {
    const out: Evidence[] = [];
    if (facts?.cap_cases !== null && facts?.cap_cases !== undefined && plain && pageNum !== null) {
      const before = (this.capBefore.all(reporterId, req.volume, pageNum) as CapRow[])[0] ?? null;
      const after = (this.capAfter.get(reporterId, req.volume, pageNum) as CapRow | undefined) ?? null;
      out.push({ kind: 'cap-list', text: capListEvidence(reporter, req.volume, pageNum, facts.cap_cases, before, after) });
    }
    // Volume facts rest on every citation of the reporter; a --courts subset holds only some.
    if (!this.info.courtsFiltered) {
      const past = this.volumes.pastNewest(reporterId, reporter, req.volume, req.year ?? null);
      if (past) out.push({ kind: 'past-newest', text: past });
      const years = this.volumes.otherYears(reporterId, reporter, req.volume, req.year ?? null);
      if (years) out.push({ kind: 'volume-years', text: years });
    }
    return out;
  }

  /** What the data lacks about this volume, in a lawyer's words (for a verdict with no evidence). */
  private gap(reporter: string, volume: number | string, facts: VolumeRow | null): string {
    const src = this.info.description;
    if (!this.authoritative) return `not in the local data (${src})`;
    if (!facts || (facts.cases === 0 && facts.cap_cases === null)) return `${src} holds no case of volume ${volume} of ${reporter}, and no list of its cases`;
    return `${src} holds ${facts.cases.toLocaleString('en-US')} case${facts.cases === 1 ? '' : 's'} of volume ${volume} of ${reporter} but no list of all of them, and it lacks some cases and some citations`;
  }

  /** Why a miss here proves nothing, in words for the report. */
  private notCovered(reporter: string, volume: number | string, cases: number): string {
    const src = this.info.description;
    if (isSeriesNeverComplete(reporter, volume, this.thisYear)) return `not in the local data: ${seriesNote(reporter)}`;
    if (!this.authoritative) return `not in the local data (${src})`;
    if (!this.reporterIds.has(reporter)) return `not in the local data: ${src} holds no ${reporter} cases`;
    if (cases === 0) return `not in the local data: ${src} holds no cases of volume ${volume} of ${reporter}`;
    return `not in the local data: ${src} holds only part of volume ${volume} of ${reporter} (${cases} cases)`;
  }

  /**
   * The case's page range from CAP, when CAP lists a case starting at its page; otherwise the
   * first page of the next case in the volume, which it cannot run past.
   */
  private pagesOf(reporterId: number, volume: number | string, r: Candidate, nextCitation?: number | null): { pages: PageRange | null; endsBy: number | null } {
    if (!(r.page_num > 0) || String(r.page_num) !== r.page) return { pages: null, endsBy: null };
    const listed = this.capHas(reporterId, volume);
    const cap = listed ? (this.capAt.all(reporterId, volume, r.page_num) as CapRow[]).find((c) => c.last_page !== null) : undefined;
    if (cap) return { pages: { firstPage: r.page_num, lastPage: cap.last_page! }, endsBy: null };
    // The star pages of its opinion text, when they number this reporter (they start at its first page).
    const star = this.starAt?.get(r.cluster_id) as { first_page: number; last_page: number } | undefined;
    if (star && Math.abs(star.first_page - r.page_num) <= 1 && star.last_page >= r.page_num) {
      return { pages: { firstPage: r.page_num, lastPage: star.last_page, from: 'opinion-text' }, endsBy: null };
    }
    const nextCl = nextCitation !== undefined ? (nextCitation ?? undefined) : (this.after.get(reporterId, volume, r.page_num) as number | undefined);
    const nextCap = listed ? (this.capAfter.get(reporterId, volume, r.page_num) as CapRow | undefined) : undefined;
    const next = [nextCl, nextCap?.first_page].filter((x): x is number => typeof x === 'number' && x > r.page_num);
    return { pages: null, endsBy: next.length ? Math.min(...next) : null };
  }

  private capHas(reporterId: number, volume: number | string): boolean {
    if (!this.capAny) return false;
    const key = `${reporterId} ${volume}`;
    let has = this.capVolumes.get(key);
    if (has === undefined) {
      has = this.capAny.get(reporterId, volume) !== undefined;
      this.capVolumes.set(key, has);
    }
    return has;
  }

  /** A case only CAP's list has, as a cluster. */
  private capCluster(c: CapRow, volume: number | string, reporter: string, _reporterId: number): CaseCluster {
    return {
      clusterId: -c.cap_id,
      caseName: c.name,
      caseNameShort: null,
      court: null,
      courtName: null,
      courtCitation: c.court,
      dateFiled: c.decision_date,
      year: yearOf(c.decision_date),
      absoluteUrl: c.path ? `${this.capUrl}/${c.path}` : citationUrl(volume, reporter, String(c.first_page)),
      citation: citationKey({ volume, reporter, page: String(c.first_page) }),
      pages: c.last_page !== null ? { firstPage: c.first_page, lastPage: c.last_page } : null,
      endsBy: null,
      origin: 'cap',
    };
  }

  /** The case a CAP range places the page in: CourtListener's record of it when it has one. */
  private hostCluster(c: CapRow, volume: number | string, reporter: string, reporterId: number): CaseCluster {
    const cl = (this.at.all(reporterId, volume, c.first_page) as Candidate[]).find((r) => r.page === String(c.first_page));
    const pages = { firstPage: c.first_page, lastPage: c.last_page! };
    if (cl) return { ...toCluster(this.courts, this.withCluster(cl), volume, reporter), pages, endsBy: null };
    return this.capCluster(c, volume, reporter, reporterId);
  }

  /**
   * A case's opinion text with its pages (its opinions joined, majority first, as
   * CourtListener's types order them), or null when the index holds none for it.
   */
  opinionTextOf(clusterId: number): OpinionText | null {
    if (!this.textsOf) return null;
    const rows = this.textsOf.all(clusterId) as Buffer[];
    if (!rows.length) return null;
    return joinOpinions(rows.map((b) => decodeOpinionText(b)));
  }

  /** The opinion text of the case starting at an address (see CaseLawProvider.opinionText). */
  async opinionText(request: OpinionRequest): Promise<OpinionAnswer> {
    return this.opinionTextAt(request);
  }

  /** Synchronous form of opinionText. */
  opinionTextAt(request: OpinionRequest): OpinionAnswer {
    const found = this.lookupOne({ id: 'text', volume: request.volume, reporter: request.reporter, page: request.page });
    if (found.status !== 'found') return { status: 'not-found' };
    // Two cases at one address: their texts cannot be told apart by the address alone.
    const clusters = found.clusters.filter((c) => c.origin !== 'cap');
    if (clusters.length !== 1) return clusters.length ? { status: 'no-text' } : { status: 'not-found' };
    const opinion = this.opinionTextOf(clusters[0].clusterId);
    if (!opinion) return { status: 'no-text' };
    return { status: 'found', opinion, lastPage: clusters[0].pages?.lastPage ?? null, source: this.answerSource };
  }

  /** Every citation CourtListener's data holds for a case (`550 U.S. 544`, `127 S. Ct. 1955`). */
  citationsOf(clusterId: number): string[] {
    const rows = this.ofCluster.all(clusterId) as { reporter: string; volume: number | string; page: string }[];
    return [...new Set(rows.map((r) => citationKey(r)))];
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

/** CAP's list of a volume, as evidence: none of its cases begins at the page. */
function capListEvidence(reporter: string, volume: number | string, page: number, cases: number, before: CapRow | null, after: CapRow | null): string {
  const around: string[] = [];
  if (before) around.push(`${before.name} begins at page ${before.first_page}${before.last_page !== null ? ` and ends at ${before.last_page}` : ''}`);
  if (after) around.push(`${after.name} begins at page ${after.first_page}`);
  const n = cases.toLocaleString('en-US');
  return (
    `the Caselaw Access Project's list of the ${n} case${cases === 1 ? '' : 's'} in volume ${volume} of ${reporter} has none beginning at page ${page}` +
    (around.length ? ` (${around.join('; ')})` : '') +
    ', and CourtListener has no citation there either'
  );
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

export function toCluster(courts: Map<string, Court>, r: Row, volume: number | string, reporter: string): CaseCluster {
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

export { citationUrl } from '../provider';
