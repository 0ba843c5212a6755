/**
 * The bulk importer: CourtListener's bulk CSVs → the local citation index.
 *
 * Speed comes from doing as little as possible per row: one streaming pass per file, reporters
 * interned in memory, prepared INSERT OR IGNORE statements (a primary-key conflict is how we
 * see a duplicate), transactions of 100,000 rows, no journal and no fsync while loading, and
 * the lookup index built once at the end. The import writes to a side file and renames it over
 * the old index only when complete, so a failed import never leaves a half-built index behind
 * and readers of the old one are undisturbed.
 *
 * Every opinion cluster is kept with its name, court and date, whether or not any citation
 * row points at it: CourtListener holds real cases without their reporter citation, and the
 * name search (names/search-keys.ts) finds them. At the end it records, per reporter volume,
 * which citation types and decision years the snapshot holds (volumes table), and builds the
 * name-search keys, so that a verdict can reason from evidence rather than from a missing row.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { canonicalReporter, courtName, findReporter, isYearNumbered } from '../engine';
import { courtFamily } from '../courts';
import { nameKeys } from '../names/search-keys';
import { Bzip2Error, readCsv } from './csv';
import { pageNumber, volumeOf } from './pages';
import { importCapLists, CAP_SOURCE, CAP_STATIC_URL, type CapReport } from '../download/cap';
import { CREATE_INDEXES, CREATE_TABLES, SCHEMA_VERSION, defaultIndexPath } from './schema';
import { IdSet } from './id-set';
import { encodeOpinionText, parseOpinion, OPINION_FIELDS, type OpinionFields } from '@citecheck/quotes';

export type BulkFileKind = 'courts' | 'dockets' | 'clusters' | 'citations' | 'opinions';

/** Which table a bulk file feeds, from CourtListener's file names (`citations-2024-05-06.csv.bz2`). */
export function bulkFileKind(path: string): BulkFileKind | null {
  const name = basename(path).toLowerCase();
  if (!/\.csv(\.bz2)?$/.test(name)) return null;
  if (name.startsWith('citations')) return 'citations';
  if (name.startsWith('opinion-clusters') || name.startsWith('opinion_clusters') || name.startsWith('clusters')) return 'clusters';
  if (name.startsWith('dockets')) return 'dockets';
  if (name.startsWith('courts')) return 'courts';
  // Opinion texts (tens of gigabytes): read only when given, for their star pagination.
  if (name.startsWith('opinions')) return 'opinions';
  return null;
}

/**
 * Load order. Each table is read after the one that decides which of its rows are needed:
 * clusters before dockets, because three quarters of CourtListener's dockets (PACER dockets
 * without an opinion) have no cluster; with --reporters, citations first; with --courts,
 * dockets first (a case's court is on its docket).
 */
const KIND_ORDER: Record<'all' | 'reporters' | 'courts', BulkFileKind[]> = {
  all: ['courts', 'clusters', 'dockets', 'citations', 'opinions'],
  reporters: ['courts', 'citations', 'clusters', 'dockets', 'opinions'],
  courts: ['courts', 'dockets', 'clusters', 'citations', 'opinions'],
};

const REQUIRED: Record<BulkFileKind, string[]> = {
  courts: ['id'],
  dockets: ['id', 'court_id'],
  clusters: ['id', 'case_name', 'docket_id'],
  citations: ['id', 'volume', 'reporter', 'page', 'cluster_id'],
  opinions: ['cluster_id'],
};

export interface ImportProgress {
  file: string;
  kind: BulkFileKind;
  /** Rows read from this file so far (inserted + duplicates + corrupt). */
  rows: number;
  inserted: number;
  duplicates: number;
  corrupt: number;
  /** Rows read from every file so far. */
  totalRows: number;
  elapsedMs: number;
  rowsPerSecond: number;
  phase: 'loading' | 'indexing' | 'done';
}

export interface FileReport {
  file: string;
  kind: BulkFileKind;
  rows: number;
  inserted: number;
  duplicates: number;
  corrupt: number;
  /** A few corrupt rows, for the log: row number (1 = first data row) and why. */
  corruptSamples: { row: number; reason: string }[];
  /** Rows left out by --reporters / --courts, or not needed (dockets without a case). */
  filtered: number;
  /** Time spent reading this file (decode, parse, insert). */
  elapsedMs: number;
  /** Characters of decoded CSV text read. */
  chars: number;
  /** opinions: texts stored (for quotation checks), their characters and stored bytes. */
  texts?: { opinions: number; chars: number; bytes: number };
}

export interface ImportReport {
  indexPath: string;
  authoritative: boolean;
  files: FileReport[];
  /** Inputs that are not CourtListener bulk files we read (named so nobody wonders). */
  skipped: string[];
  totals: { rows: number; inserted: number; duplicates: number; corrupt: number };
  elapsedMs: number;
  indexMs: number;
  rowsPerSecond: number;
  /** The snapshot's date (`2026-10-31`, from the file names), or null when they do not say. */
  snapshotDate: string | null;
  /** What the index holds, for reports: `CourtListener bulk data of 2026-10-31`. */
  description: string;
  /**
   * What the index holds: reporters and volumes with citations, the citations' cases, every
   * case (with or without a citation), and volumes numbered by year (never complete).
   */
  coverage: { reporters: number; volumes: number; yearNumberedVolumes: number; cases: number; clusters: number; casesWithText: number };
  /** What the Caselaw Access Project step read, when it ran. */
  cap: CapReport | null;
}

export interface ImportOptions {
  /** Where the index goes; default `<DATA_DIR>/caselaw.sqlite`. */
  indexPath?: string;
  /**
   * The inputs are a full snapshot: a miss in this index may be called a possible
   * hallucination. Only say so for CourtListener's complete bulk files.
   */
  authoritative?: boolean;
  onProgress?: (p: ImportProgress) => void;
  /** Minimum time between progress callbacks (default 500 ms); each file's end is always reported. */
  progressIntervalMs?: number;
  /** A label stored in the meta table (`courtlistener-bulk`, `demo`). */
  source?: string;
  /** Only these reporters (any spelling; stored canonical). */
  reporters?: string[];
  /** Only cases of these CourtListener courts (`ca9`, `scotus`). */
  courts?: string[];
  /** The snapshot's date; by default the date all the file names share. */
  snapshotDate?: string;
  /**
   * Also read the Caselaw Access Project's case lists (every reporter and volume it has, or
   * only the --reporters asked for) into the index: a source of existence where CourtListener
   * lacks a citation or a case, and of evidence where it lists no case at a page.
   */
  cap?: { url?: string; concurrency?: number; retryDelayMs?: number; onProgress?: (done: number, total: number, cases: number) => void };
  /** Runs on the finished tables before the index is put in place, so a failure there leaves the old index too. */
  beforePublish?: (db: Database.Database) => Promise<Record<string, string> | void>;
}

export class ImportError extends Error {
  override name = 'ImportError';
}

const BATCH_ROWS = 100_000;

/**
 * Imports CourtListener bulk CSVs (plain or .bz2; files or folders) into a fresh index.
 * @example
 *   const report = await importBulkData(['/bulk'], { authoritative: true, onProgress: (p) => console.log(renderImportProgress(p)) });
 */
export async function importBulkData(inputs: string[], options: ImportOptions = {}): Promise<ImportReport> {
  const indexPath = options.indexPath ?? defaultIndexPath();
  const authoritative = options.authoritative ?? false;
  const filter = makeFilter(options);
  const { files, skipped } = expandInputs(inputs, filter.mode);
  if (files.length === 0) {
    throw new ImportError(`No CourtListener bulk files (citations-*, opinion-clusters-*, dockets-*, courts-*; .csv or .csv.bz2) in: ${inputs.join(', ')}`);
  }
  if (!files.some((f) => f.kind === 'citations')) {
    throw new ImportError('No citations-*.csv file among the inputs: the index would be empty');
  }
  const snapshotDate = options.snapshotDate ?? snapshotDateOf(files.map((f) => f.path));
  const source = options.source ?? 'courtlistener-bulk';
  const description = describeSource({ source, authoritative, snapshotDate, reporters: filter.reporters, courts: filter.courts });

  mkdirSync(join(indexPath, '..'), { recursive: true });
  const workPath = `${indexPath}.importing`;
  rmSync(workPath, { force: true });
  const db = new Database(workPath);
  const started = Date.now();
  const reports: FileReport[] = [];
  let totalRows = 0;
  let indexMs = 0;
  try {
    // Larger pages make the lookup B-trees shallower: fewer pages touched per random lookup.
    db.pragma('page_size = 16384');
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('cache_size = -262144'); // 256 MB page cache (in bytes, whatever the page size)
    db.pragma('temp_store = FILE');
    db.exec(CREATE_TABLES);

    const loader = new Loader(db, filter);
    for (const file of files) {
      const report = await loader.load(file.path, file.kind, (p) => {
        const elapsedMs = Date.now() - started;
        options.onProgress?.({ ...p, totalRows: totalRows + p.rows, elapsedMs, rowsPerSecond: rate(totalRows + p.rows, elapsedMs), phase: 'loading' });
      }, options.progressIntervalMs ?? 500);
      totalRows += report.rows;
      reports.push(report);
    }
    loader.finish();
    refuseEmpty(reports, filter);

    const last = reports[reports.length - 1];
    const indexStart = Date.now();
    options.onProgress?.({ ...last, totalRows, elapsedMs: indexStart - started, rowsPerSecond: rate(totalRows, indexStart - started), phase: 'indexing' });
    db.exec(CREATE_INDEXES);
    // A subset keeps only the cases it asked for; clusters read before the citations that
    // would have excluded them go now.
    if (filter.mode === 'courts' && filter.reporters) db.exec('DELETE FROM clusters WHERE id NOT IN (SELECT cluster_id FROM citations)');
    // "Which citations has this case?" (a case found by name: is it reported at another address?)
    db.exec('CREATE INDEX citations_cluster ON citations (cluster_id)');
    const coverage = recordVolumes(db, snapshotYear(snapshotDate));
    coverage.clusters = buildNameKeys(db);
    coverage.casesWithText = finishOpinionTexts(db);
    db.exec('ANALYZE');
    indexMs = Date.now() - indexStart;

    let cap: CapReport | null = null;
    const capMeta: [string, string][] = [];
    if (options.cap) {
      const url = (options.cap.url ?? CAP_STATIC_URL).replace(/\/+$/, '');
      cap = await importCapLists(db, { capUrl: url, reporters: filter.reporters, concurrency: options.cap.concurrency, retryDelayMs: options.cap.retryDelayMs, onProgress: options.cap.onProgress });
      capMeta.push(['cap_url', url], ['cap_source', url === CAP_STATIC_URL ? CAP_SOURCE : `Caselaw Access Project (${url})`], ['cap_cases', String(cap.cases)], ['cap_volumes', String(cap.volumesFound - cap.failed)], ['cap_fetched_at', new Date().toISOString()]);
      db.exec('ANALYZE');
    }
    const extraMeta = (await options.beforePublish?.(db)) ?? {};
    const meta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    const totals = sumReports(reports);
    const metaRows: [string, string][] = [
      ['schema_version', SCHEMA_VERSION],
      ['authoritative', authoritative ? 'true' : 'false'],
      ['source', source],
      ['description', description],
      ['snapshot_date', snapshotDate ?? ''],
      ['filter_reporters', filter.reporters ? [...filter.reporters].join(',') : ''],
      ['filter_courts', filter.courts ? [...filter.courts].join(',') : ''],
      // Every case of the snapshot is in the name search only when no --reporters subset cut
      // the clusters down to those with a citation in it.
      ['clusters_complete', filter.mode === 'reporters' || filter.reporters ? 'false' : 'true'],
      ['imported_at', new Date().toISOString()],
      ['files', JSON.stringify(reports.map((r) => basename(r.file)))],
      ['citations', String(reports.filter((r) => r.kind === 'citations').reduce((n, r) => n + r.inserted, 0))],
      ['clusters', String(coverage.clusters)],
      ['opinion_text_cases', String(coverage.casesWithText)],
      ['duplicates', String(totals.duplicates)],
      ['corrupt', String(totals.corrupt)],
      ...capMeta,
      ...Object.entries(extraMeta),
    ];
    db.transaction(() => metaRows.forEach(([k, v]) => meta.run(k, v)))();
    db.close();
    renameSync(workPath, indexPath);
    const elapsedMs = Date.now() - started;
    options.onProgress?.({ ...last, totalRows, elapsedMs, rowsPerSecond: rate(totalRows, elapsedMs), phase: 'done' });
    return { indexPath, authoritative, files: reports, skipped, totals, elapsedMs, indexMs, rowsPerSecond: rate(totalRows, elapsedMs), snapshotDate, description, coverage, cap };
  } catch (err) {
    if (db.open) db.close();
    rmSync(workPath, { force: true });
    throw err;
  }
}

/** The date in CourtListener's file names (`citations-2026-10-31.csv.bz2`), when they all share one. */
export function snapshotDateOf(paths: string[]): string | null {
  const dates = new Set(paths.map((p) => /(\d{4}-\d{2}-\d{2})/.exec(basename(p))?.[1] ?? null));
  if (dates.size !== 1) return null;
  return [...dates][0];
}

/**
 * The index's source in words, for reports and the coverage command.
 * @example describeSource({ source: 'courtlistener-bulk', authoritative: true, snapshotDate: '2026-10-31' }) // 'CourtListener bulk data of 2026-10-31'
 */
export function describeSource(s: { source: string; authoritative: boolean; snapshotDate: string | null; reporters?: Set<string> | null; courts?: Set<string> | null }): string {
  if (s.source === 'demo') return 'demo data, not authoritative';
  let text = s.source === 'courtlistener-bulk' ? 'CourtListener bulk data' : s.source;
  text += s.snapshotDate ? ` of ${s.snapshotDate}` : s.source === 'courtlistener-bulk' ? ' (snapshot date unknown)' : '';
  const only = [s.reporters ? `reporters ${[...s.reporters].join(', ')}` : null, s.courts ? `courts ${[...s.courts].join(', ')}` : null].filter(Boolean);
  if (only.length) text += `, only ${only.join(' and ')}`;
  if (!s.authoritative) text += ', not authoritative';
  return text;
}

/**
 * Reporters whose citations bulk data never holds completely: Westlaw and Lexis numbers
 * (most such documents never reach CourtListener) and public-domain neutral citations (a
 * court's whole series is not imported). A miss there proves nothing. The index also knows it
 * from CourtListener's own citation types (volumes.types); this is the catalogue's answer, for
 * a reporter the data does not use.
 */
export function isSeriesNeverComplete(reporter: string, volume: number | string | null = null, thisYear = new Date().getUTCFullYear()): boolean {
  const kind = findReporter(reporter)?.kind;
  if (kind === 'wl-lexis' || /\b(WL|LEXIS)\b/.test(reporter)) return true;
  if (volume === null) return kind === 'neutral';
  return isYearNumbered(reporter, volume, thisYear);
}

/** CourtListener's citation types a complete list of a volume can never rest on: Lexis, West, neutral. */
export const NEVER_COMPLETE_TYPES = (1 << 6) | (1 << 7) | (1 << 8);

/**
 * The opinion texts kept are those of the cases the index holds (an opinion of a cluster the
 * subset left out, or that the clusters file lacks, is of no use), indexed by case. Returns
 * the number of cases with text.
 */
function finishOpinionTexts(db: Database.Database): number {
  if (db.prepare('SELECT 1 FROM opinion_texts LIMIT 1').get() === undefined) return 0;
  db.exec('DELETE FROM opinion_texts WHERE cluster_id NOT IN (SELECT id FROM clusters)');
  db.exec('CREATE INDEX opinion_texts_cluster ON opinion_texts (cluster_id)');
  return db.prepare('SELECT COUNT(DISTINCT cluster_id) FROM opinion_texts').pluck().get() as number;
}

function snapshotYear(date: string | null): number {
  return date ? Number(date.slice(0, 4)) : new Date().getUTCFullYear();
}

/**
 * Per reporter volume: how many cases CourtListener's data holds there, which citation types
 * (a bitmask: 1 << type), and the span of its decision years. The span leaves out years with
 * fewer than a tenth of the volume's cases (a misdated cluster, a case reprinted years later),
 * so that "which volumes hold the decisions of 1998" stays what the reporter printed.
 */
function recordVolumes(db: Database.Database, thisYear: number): ImportReport['coverage'] {
  const insert = db.prepare('INSERT INTO volumes (reporter_id, volume, cases, types, first_year, last_year, cap_cases) VALUES (?, ?, ?, ?, ?, ?, NULL)');
  const rows = db
    .prepare(
      `SELECT c.reporter_id AS reporterId, c.volume AS volume, CAST(substr(k.date_filed, 1, 4) AS INTEGER) AS year, COUNT(DISTINCT c.cluster_id) AS cases, SUM(DISTINCT 1 << COALESCE(c.type, 0)) AS types
       FROM citations c LEFT JOIN clusters k ON k.id = c.cluster_id GROUP BY c.reporter_id, c.volume, year ORDER BY c.reporter_id, c.volume`,
    )
    .iterate() as IterableIterator<{ reporterId: number; volume: number | string; year: number | null; cases: number; types: number }>;
  // Grouped by volume in JS: the rows come ordered by reporter and volume.
  const pending: { reporterId: number; volume: number | string; years: [number, number][]; cases: number; types: number }[] = [];
  let current: (typeof pending)[number] | null = null;
  for (const r of rows) {
    if (!current || current.reporterId !== r.reporterId || current.volume !== r.volume) {
      current = { reporterId: r.reporterId, volume: r.volume, years: [], cases: 0, types: 0 };
      pending.push(current);
    }
    current.cases += r.cases;
    current.types |= r.types;
    if (r.year !== null && r.year > 0) current.years.push([r.year, r.cases]);
  }
  const names = new Map((db.prepare('SELECT id, name FROM reporters').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  let yearNumbered = 0;
  db.transaction(() => {
    for (const v of pending) {
      const floor = v.cases / 10;
      const kept = v.years.filter(([, n]) => n >= floor).map(([y]) => y);
      const types = v.types & ~1; // 1 << 0 stands for "no type given"
      insert.run(v.reporterId, v.volume, v.cases, types, kept.length ? Math.min(...kept) : null, kept.length ? Math.max(...kept) : null);
      if (types & NEVER_COMPLETE_TYPES || isSeriesNeverComplete(names.get(v.reporterId) ?? '', v.volume, thisYear)) yearNumbered++;
    }
  })();
  // COUNT(DISTINCT) per volume above; here the whole index's distinct cases.
  const t = db.prepare('SELECT COUNT(DISTINCT reporter_id) AS reporters, COUNT(*) AS volumes FROM volumes').get() as { reporters: number; volumes: number };
  const cases = db.prepare('SELECT COUNT(DISTINCT cluster_id) FROM citations').pluck().get() as number;
  return { reporters: t.reporters, volumes: t.volumes, yearNumberedVolumes: yearNumbered, cases, clusters: 0, casesWithText: 0 };
}

/**
 * The name-search keys of every case (see schema.ts), the court families they are filed under,
 * and the cases per family and year. Read in slices by id (the connection cannot insert while a
 * query is open), written to a scratch table in arrival order, then sorted into the keyed table
 * in one pass: far cheaper than 30 million inserts at random places of a B-tree. Returns the
 * number of cases.
 */
function buildNameKeys(db: Database.Database): number {
  const courts = new Map((db.prepare('SELECT id, full_name, jurisdiction FROM courts').all() as { id: string; full_name: string | null; jurisdiction: string | null }[]).map((c) => [c.id, c]));
  const familyIds = new Map<string, number>();
  const insertFamily = db.prepare('INSERT INTO families (id, name) VALUES (?, ?)');
  const familyOfCourt = new Map<string, number>();
  const familyOf = (court: string | null): number => {
    if (!court) return 0;
    let id = familyOfCourt.get(court);
    if (id === undefined) {
      const c = courts.get(court);
      const family = courtFamily(court, c?.full_name ?? courtName(court), c?.jurisdiction ?? null);
      if (family === null) id = 0;
      else {
        id = familyIds.get(family);
        if (id === undefined) {
          id = familyIds.size + 1;
          familyIds.set(family, id);
          insertFamily.run(id, family);
        }
      }
      familyOfCourt.set(court, id);
    }
    return id;
  };
  db.exec('CREATE TEMP TABLE name_keys_load (key INTEGER, family INTEGER, year INTEGER, cluster_id INTEGER)');
  const load = db.prepare('INSERT INTO name_keys_load VALUES (?, ?, ?, ?)');
  const slice = db.prepare('SELECT id, case_name, case_name_short, date_filed, court_id FROM clusters WHERE id > ? ORDER BY id LIMIT 20000');
  const perYear = new Map<number, number>();
  let after = -1;
  let count = 0;
  db.exec('BEGIN');
  for (;;) {
    const rows = slice.all(after) as { id: number; case_name: string; case_name_short: string | null; date_filed: string | null; court_id: string | null }[];
    if (rows.length === 0) break;
    for (const r of rows) {
      count++;
      const year = r.date_filed ? Number(r.date_filed.slice(0, 4)) || 0 : 0;
      const family = familyOf(r.court_id);
      const fy = family * 10_000 + year;
      perYear.set(fy, (perYear.get(fy) ?? 0) + 1);
      for (const k of nameKeys(r.case_name, r.case_name_short)) load.run(k, family, year, r.id);
    }
    after = rows[rows.length - 1].id;
    db.exec('COMMIT');
    db.exec('BEGIN');
  }
  db.exec('COMMIT');
  db.exec('INSERT OR IGNORE INTO name_keys SELECT key, family, year, cluster_id FROM name_keys_load ORDER BY key, family, year, cluster_id');
  db.exec('DROP TABLE name_keys_load');
  const fy = db.prepare('INSERT INTO family_years (family, year, cases) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const [k, n] of perYear) fy.run(Math.floor(k / 10_000), k % 10_000, n);
  })();
  db.exec("INSERT INTO court_years (court_id, year, cases) SELECT court_id, CAST(substr(date_filed, 1, 4) AS INTEGER), COUNT(*) FROM clusters WHERE court_id IS NOT NULL AND date_filed IS NOT NULL AND date_filed <> '' GROUP BY 1, 2");
  return count;
}

/**
 * An import that read nothing must not replace an index: a file in a dialect or layout this
 * version cannot read yields rows that are all corrupt, or none at all.
 */
function refuseEmpty(reports: FileReport[], filter: Filter): void {
  for (const r of reports) {
    if (r.kind !== 'citations' && r.kind !== 'clusters') continue;
    if (r.inserted > 0) continue;
    if (r.filtered > 0 && r.corrupt === 0) {
      if (r.kind === 'citations') throw new ImportError(`${basename(r.file)}: none of its ${r.rows.toLocaleString('en-US')} rows is a citation of ${filter.reporters ? `the reporters ${[...filter.reporters].join(', ')}` : 'the courts asked for'}; the index was left as it was`);
      continue;
    }
    const why = r.rows === 0 ? 'it holds no data rows' : `all ${r.rows.toLocaleString('en-US')} rows were unreadable (${r.corruptSamples.slice(0, 3).map((x) => `row ${x.row}: ${x.reason}`).join('; ')})`;
    throw new ImportError(`${basename(r.file)}: no rows could be read, ${why}. It may be damaged or in a format this version of CiteCheck does not know; the index was left as it was`);
  }
}

function rate(rows: number, ms: number): number {
  return ms > 0 ? Math.round((rows * 1000) / ms) : 0;
}

function sumReports(reports: FileReport[]): ImportReport['totals'] {
  const t = { rows: 0, inserted: 0, duplicates: 0, corrupt: 0 };
  for (const r of reports) {
    t.rows += r.rows;
    t.inserted += r.inserted;
    t.duplicates += r.duplicates;
    t.corrupt += r.corrupt;
  }
  return t;
}

/** Files and folders → the bulk files to read, in load order; anything else is listed as skipped. */
export function expandInputs(inputs: string[], mode: keyof typeof KIND_ORDER = 'all'): { files: { path: string; kind: BulkFileKind }[]; skipped: string[] } {
  const files: { path: string; kind: BulkFileKind }[] = [];
  const skipped: string[] = [];
  for (const input of inputs) {
    let st;
    try {
      st = statSync(input);
    } catch {
      throw new ImportError(`No such file or folder: ${input}`);
    }
    const paths = st.isDirectory() ? readdirSync(input).sort().map((n) => join(input, n)) : [input];
    for (const path of paths) {
      const kind = bulkFileKind(path);
      if (kind && statSync(path).isFile()) files.push({ path, kind });
      else skipped.push(path);
    }
  }
  const order = KIND_ORDER[mode];
  files.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return { files, skipped };
}

type Progress = Omit<ImportProgress, 'totalRows' | 'elapsedMs' | 'rowsPerSecond' | 'phase'>;

/** What a subset import keeps: reporters canonical, courts as CourtListener ids. */
interface Filter {
  mode: keyof typeof KIND_ORDER;
  reporters: Set<string> | null;
  courts: Set<string> | null;
}

/** Checks --reporters / --courts before anything is downloaded; throws ImportError on an unknown reporter. */
export function checkSubset(options: Pick<ImportOptions, 'reporters' | 'courts'>): void {
  makeFilter(options);
}

function makeFilter(options: Pick<ImportOptions, 'reporters' | 'courts'>): Filter {
  const list = (xs: string[] | undefined): string[] => (xs ?? []).map((x) => x.trim()).filter(Boolean);
  const reporters = list(options.reporters);
  const unknown = reporters.filter((r) => !findReporter(r));
  if (unknown.length) throw new ImportError(`Unknown reporter(s): ${unknown.join(', ')} (write them as cited, e.g. F.3d, U.S., S. Ct.)`);
  const courts = list(options.courts).map((c) => c.toLowerCase());
  return {
    mode: courts.length ? 'courts' : reporters.length ? 'reporters' : 'all',
    reporters: reporters.length ? new Set(reporters.map(canonicalReporter)) : null,
    courts: courts.length ? new Set(courts) : null,
  };
}

/** Holds the prepared statements and the open transaction across files. */
class Loader {
  private readonly reporterIds = new Map<string, number>();
  private readonly insert: Record<BulkFileKind, Database.Statement>;
  private readonly insertReporter: Database.Statement;
  private readonly insertText: Database.Statement;
  private pending = 0;
  /** Reporter ids the --reporters filter keeps (all when there is no such filter). */
  private readonly wantedReporterIds = new Set<number>();
  /** Clusters and dockets the rows read so far need (see KIND_ORDER). */
  private readonly clusterIds = new IdSet();
  private readonly docketIds = new IdSet();

  constructor(
    private readonly db: Database.Database,
    private readonly filter: Filter,
  ) {
    this.insert = {
      courts: db.prepare('INSERT OR IGNORE INTO courts (id, citation_string, full_name, jurisdiction) VALUES (?, ?, ?, ?)'),
      dockets: db.prepare('INSERT OR IGNORE INTO dockets (id, court_id) VALUES (?, ?)'),
      clusters: db.prepare('INSERT OR IGNORE INTO clusters (id, case_name, case_name_short, date_filed, docket_id) VALUES (?, ?, ?, ?, ?)'),
      citations: db.prepare('INSERT OR IGNORE INTO citations (id, reporter_id, volume, page, page_num, cluster_id, type) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      // A cluster's opinions (majority, dissents...) each print their own star pages: the span of all of them.
      opinions: db.prepare(
        'INSERT INTO star_pages (cluster_id, first_page, last_page) VALUES (?, ?, ?) ON CONFLICT (cluster_id) DO UPDATE SET first_page = MIN(first_page, excluded.first_page), last_page = MAX(last_page, excluded.last_page)',
      ),
    };
    this.insertReporter = db.prepare('INSERT INTO reporters (id, name) VALUES (?, ?)');
    this.insertText = db.prepare('INSERT OR IGNORE INTO opinion_texts (opinion_id, cluster_id, type, field, chars, data) VALUES (?, ?, ?, ?, ?, ?)');
    db.exec('BEGIN');
  }

  async load(path: string, kind: BulkFileKind, onProgress: (p: Progress) => void, intervalMs: number): Promise<FileReport> {
    const report: FileReport = { file: path, kind, rows: 0, inserted: 0, duplicates: 0, corrupt: 0, corruptSamples: [], filtered: 0, elapsedMs: 0, chars: 0 };
    const fileStarted = Date.now();
    const { mode, courts } = this.filter;
    const stmt = this.insert[kind];
    let lastProgress = 0;
    let checkedHeader = false;
    const corrupt = (reason: string): void => {
      report.corrupt++;
      if (report.corruptSamples.length < 10) report.corruptSamples.push({ row: report.rows, reason });
    };
    try {
      for await (const { columns, rows, charsRead } of readCsv(path)) {
        report.chars = charsRead;
        if (!checkedHeader) {
          const missing = REQUIRED[kind].filter((c) => !columns.has(c));
          if (missing.length) {
            throw new ImportError(
              `${basename(path)}: missing column(s) ${missing.join(', ')} in the header (it has: ${[...columns.keys()].join(', ')}). ` +
                'CourtListener may have renamed a column in this snapshot; this version of CiteCheck cannot import it',
            );
          }
          checkedHeader = true;
        }
        const width = columns.size;
        const col = (name: string): number => columns.get(name) ?? -1;
        // Column positions resolved once per batch, not per row.
        const c = {
          id: col('id'), volume: col('volume'), reporter: col('reporter'), page: col('page'), cluster: col('cluster_id'),
          caseName: col('case_name'), caseNameShort: col('case_name_short'), caseNameFull: col('case_name_full'),
          dateFiled: col('date_filed'), docket: col('docket_id'), court: col('court_id'),
          citationString: col('citation_string'), fullName: col('full_name'), type: col('type'), jurisdiction: col('jurisdiction'),
          texts: ['xml_harvard', 'html_with_citations', 'html', 'html_lawbox', 'html_columbia', 'html_anon_2020'].map(col).filter((i) => i >= 0),
          fields: OPINION_FIELDS.map((f) => [f, col(f)] as const).filter(([, i]) => i >= 0),
        };
        for (const row of rows) {
          report.rows++;
          if (row.length !== width) {
            corrupt(`${row.length} fields, header has ${width}`);
            continue;
          }
          let changes: number;
          if (kind === 'citations') {
            const id = toInt(row[c.id]);
            const volume = volumeOf(row[c.volume]);
            const clusterId = toInt(row[c.cluster]);
            const rawReporter = row[c.reporter];
            // A page as CourtListener and briefs both may write it, without thousands separators (`60,123`).
            const page = row[c.page].trim().replace(/,/g, '');
            if (id === null || volume === null || clusterId === null || !rawReporter || !page) {
              corrupt(id === null ? 'bad id' : volume === null ? 'bad volume' : clusterId === null ? 'bad cluster_id' : !rawReporter ? 'empty reporter' : 'bad page');
              continue;
            }
            const pageNum = pageNumber(page);
            const type = c.type >= 0 ? toInt(row[c.type]) : null;
            const reporterId = this.reporterId(rawReporter);
            if (!this.wantedReporterIds.has(reporterId)) {
              report.filtered++;
              continue;
            }
            if (mode === 'reporters') this.clusterIds.add(clusterId);
            else if (mode === 'courts' && !this.clusterIds.has(clusterId)) {
              report.filtered++;
              continue;
            }
            changes = stmt.run(id, reporterId, volume, page, pageNum, clusterId, type).changes;
          } else if (kind === 'clusters') {
            const id = toInt(row[c.id]);
            if (id === null) {
              corrupt('bad id');
              continue;
            }
            const docketId = toInt(row[c.docket]);
            if (mode === 'reporters' && !this.clusterIds.has(id)) {
              report.filtered++;
              continue;
            }
            if (mode === 'courts') {
              if (docketId === null || !this.docketIds.has(docketId)) {
                report.filtered++;
                continue;
              }
              this.clusterIds.add(id);
            } else if (docketId !== null) this.docketIds.add(docketId);
            // Many clusters carry only the full or the short name; any name beats none.
            const name = row[c.caseName] || (c.caseNameFull >= 0 ? row[c.caseNameFull] : '') || (c.caseNameShort >= 0 ? row[c.caseNameShort] : '');
            changes = stmt.run(id, name, c.caseNameShort >= 0 ? row[c.caseNameShort] || null : null, c.dateFiled >= 0 ? row[c.dateFiled] || null : null, docketId).changes;
          } else if (kind === 'dockets') {
            const id = toInt(row[c.id]);
            if (id === null) {
              corrupt('bad id');
              continue;
            }
            const court = row[c.court] || null;
            if (mode === 'courts' ? !(court && courts!.has(court)) : !this.docketIds.has(id)) {
              report.filtered++;
              continue;
            }
            if (mode === 'courts') this.docketIds.add(id);
            changes = stmt.run(id, court).changes;
          } else if (kind === 'opinions') {
            const clusterId = toInt(row[c.cluster]);
            if (clusterId === null) {
              corrupt('bad cluster_id');
              continue;
            }
            if (mode !== 'all' && !this.clusterIds.has(clusterId)) {
              report.filtered++;
              continue;
            }
            const span = starPages(c.texts.map((i) => row[i]));
            if (span) stmt.run(clusterId, span[0], span[1]);
            // The text itself, read from the field CourtListener itself prefers (see @citecheck/quotes),
            // kept compressed with its page map: what a brief's quotations are checked against.
            const fields: OpinionFields = {};
            for (const [f, i] of c.fields) fields[f] = row[i];
            const parsed = parseOpinion(fields);
            const opinionId = toInt(row[c.id]);
            if (!parsed || opinionId === null) {
              if (!span) report.filtered++;
              else report.inserted++;
              if (++this.pending >= BATCH_ROWS) this.commit();
              continue;
            }
            const data = encodeOpinionText(parsed.opinion);
            changes = this.insertText.run(opinionId, clusterId, c.type >= 0 ? row[c.type] || null : null, parsed.field, parsed.opinion.text.length, data).changes;
            if (changes) {
              report.texts ??= { opinions: 0, chars: 0, bytes: 0 };
              report.texts.opinions++;
              report.texts.chars += parsed.opinion.text.length;
              report.texts.bytes += data.length;
            }
          } else {
            const id = row[c.id];
            if (!id) {
              corrupt('empty id');
              continue;
            }
            changes = stmt.run(id, c.citationString >= 0 ? row[c.citationString] || null : null, c.fullName >= 0 ? row[c.fullName] || null : null, c.jurisdiction >= 0 ? row[c.jurisdiction] || null : null).changes;
          }
          if (changes === 0) report.duplicates++;
          else report.inserted++;
          if (++this.pending >= BATCH_ROWS) this.commit();
        }
        const now = Date.now();
        if (now - lastProgress >= intervalMs) {
          lastProgress = now;
          onProgress(report);
        }
      }
    } catch (err) {
      if (err instanceof ImportError) throw err;
      if (err instanceof Bzip2Error) throw new ImportError(`${err.message} (after ${report.rows} rows)`, { cause: err });
      throw new ImportError(`${basename(path)}: ${(err as Error).message} (after ${report.rows} rows)`);
    }
    report.elapsedMs = Date.now() - fileStarted;
    onProgress(report);
    return report;
  }

  finish(): void {
    this.db.exec('COMMIT');
  }

  private commit(): void {
    this.db.exec('COMMIT');
    this.db.exec('BEGIN');
    this.pending = 0;
  }

  private reporterId(raw: string): number {
    let id = this.reporterIds.get(raw);
    if (id === undefined) {
      const canonical = canonicalReporter(raw);
      id = this.reporterIds.get(`\u0000${canonical}`);
      if (id === undefined) {
        id = this.reporterIds.size + 1;
        this.insertReporter.run(id, canonical);
        this.reporterIds.set(`\u0000${canonical}`, id);
        if (!this.filter.reporters || this.filter.reporters.has(canonical)) this.wantedReporterIds.add(id);
      }
      this.reporterIds.set(raw, id);
    }
    return id;
  }
}

/** A non-negative integer field, or null (empty, `12a`, `-3`, `1.5`). */
function toInt(s: string | undefined): number | null {
  if (!s) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 0 && /^\s*\d+\s*$/.test(s) ? n : null;
}

const CASEBODY = /<casebody\b[^>]*\bfirstpage="(\d+)"[^>]*\blastpage="(\d+)"/;
const STAR = /<page-number\b[^>]*\blabel="(\d+)"|class="star-pagination"[^>]*>\s*\*(?:Page\s+)?(\d+)/g;

/**
 * The pages an opinion's text spans, from its star pagination as CourtListener stores it: the
 * Harvard XML's `<casebody firstpage="757" lastpage="758">` and `<page-number label="294">*294`,
 * or `<span class="star-pagination">*758</span>` (`*Page 758`) in the HTML fields. The first
 * star marks the second page, so the span starts a page before it; it runs on while each star
 * is one of the next three pages (a marker may be missing), so the stars of a parallel reporter,
 * numbered elsewhere, do not stretch it.
 * Null without markers.
 * @example starPages(['<casebody firstpage="757" lastpage="758">']) // [757, 758]
 */
export function starPages(texts: (string | undefined)[]): [number, number] | null {
  for (const t of texts) {
    if (!t) continue;
    const body = CASEBODY.exec(t);
    if (body) return [Number(body[1]), Number(body[2])];
    let first: number | null = null;
    let last = 0;
    for (const m of t.matchAll(STAR)) {
      const n = Number(m[1] ?? m[2]);
      if (first === null) first = last = n;
      else if (n > last && n <= last + 3) last = n;
    }
    if (first !== null) return [Math.max(1, first - 1), last];
  }
  return null;
}

/**
 * One line for a terminal.
 * @example renderImportProgress(p) // 'citations-2024.csv.bz2: 1,200,000 rows (3 duplicates, 0 corrupt), 410,000 rows/s, 0:03'
 */
export function renderImportProgress(p: ImportProgress): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const secs = Math.round(p.elapsedMs / 1000);
  const clock = `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
  if (p.phase === 'indexing') return `building the lookup index over ${n(p.totalRows)} rows... ${clock}`;
  const what = p.phase === 'done' ? `done: ${n(p.totalRows)} rows in all` : `${basename(p.file)}: ${n(p.rows)} rows (${n(p.duplicates)} duplicates, ${n(p.corrupt)} corrupt)`;
  return `${what}, ${n(p.rowsPerSecond)} rows/s, ${clock}`;
}
