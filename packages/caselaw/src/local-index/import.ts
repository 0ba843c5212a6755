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
 * At the end it records coverage: per reporter and volume, how many cases the snapshot holds
 * and whether it holds all of them (see schema.ts), so a lookup can tell "no such case" from
 * "not in the local data".
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { canonicalReporter, findReporter } from '../engine';
import { Bzip2Error, readCsv } from './csv';
import { CREATE_INDEXES, CREATE_TABLES, SCHEMA_VERSION, defaultIndexPath } from './schema';
import { IdSet } from './id-set';

export type BulkFileKind = 'courts' | 'dockets' | 'clusters' | 'citations';

/** Which table a bulk file feeds, from CourtListener's file names (`citations-2024-05-06.csv.bz2`). */
export function bulkFileKind(path: string): BulkFileKind | null {
  const name = basename(path).toLowerCase();
  if (!/\.csv(\.bz2)?$/.test(name)) return null;
  if (name.startsWith('citations')) return 'citations';
  if (name.startsWith('opinion-clusters') || name.startsWith('opinion_clusters') || name.startsWith('clusters')) return 'clusters';
  if (name.startsWith('dockets')) return 'dockets';
  if (name.startsWith('courts')) return 'courts';
  return null;
}

/**
 * Load order. Each table is read after the one that decides which of its rows are needed:
 * clusters before dockets, because three quarters of CourtListener's dockets (PACER dockets
 * without an opinion) have no cluster; with --reporters, citations first; with --courts,
 * dockets first (a case's court is on its docket).
 */
const KIND_ORDER: Record<'all' | 'reporters' | 'courts', BulkFileKind[]> = {
  all: ['courts', 'clusters', 'dockets', 'citations'],
  reporters: ['courts', 'citations', 'clusters', 'dockets'],
  courts: ['courts', 'dockets', 'clusters', 'citations'],
};

const REQUIRED: Record<BulkFileKind, string[]> = {
  courts: ['id'],
  dockets: ['id', 'court_id'],
  clusters: ['id', 'case_name', 'docket_id'],
  citations: ['id', 'volume', 'reporter', 'page', 'cluster_id'],
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
  coverage: { reporters: number; volumes: number; completeVolumes: number; cases: number };
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
   * Runs on the finished tables before the index is put in place (the page-range step of a
   * download uses it), so a failure there leaves the old index too.
   */
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

    const last = reports[reports.length - 1];
    const indexStart = Date.now();
    options.onProgress?.({ ...last, totalRows, elapsedMs: indexStart - started, rowsPerSecond: rate(totalRows, indexStart - started), phase: 'indexing' });
    db.exec(CREATE_INDEXES);
    // A subset keeps only the cases it asked for; clusters read before the citations that
    // would have excluded them go now.
    if (filter.mode === 'courts' && filter.reporters) db.exec('DELETE FROM clusters WHERE id NOT IN (SELECT cluster_id FROM citations)');
    const coverage = recordCoverage(db, authoritative, loader.incompleteVolumes);
    db.exec('ANALYZE');
    indexMs = Date.now() - indexStart;

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
      ['imported_at', new Date().toISOString()],
      ['files', JSON.stringify(reports.map((r) => basename(r.file)))],
      ['citations', String(reports.filter((r) => r.kind === 'citations').reduce((n, r) => n + r.inserted, 0))],
      ['duplicates', String(totals.duplicates)],
      ['corrupt', String(totals.corrupt)],
      ...Object.entries(extraMeta),
    ];
    db.transaction(() => metaRows.forEach(([k, v]) => meta.run(k, v)))();
    db.close();
    renameSync(workPath, indexPath);
    const elapsedMs = Date.now() - started;
    options.onProgress?.({ ...last, totalRows, elapsedMs, rowsPerSecond: rate(totalRows, elapsedMs), phase: 'done' });
    return { indexPath, authoritative, files: reports, skipped, totals, elapsedMs, indexMs, rowsPerSecond: rate(totalRows, elapsedMs), snapshotDate, description, coverage };
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
 * court's whole series is not imported). A miss there proves nothing.
 */
export function isSeriesNeverComplete(reporter: string): boolean {
  const kind = findReporter(reporter)?.kind;
  return kind === 'wl-lexis' || kind === 'neutral' || /\b(WL|LEXIS)\b/.test(reporter);
}

/** Counts cases per reporter volume and decides which volumes are complete. */
function recordCoverage(db: Database.Database, authoritative: boolean, incomplete: Set<string>): ImportReport['coverage'] {
  db.exec('INSERT INTO coverage (reporter_id, volume, cases, complete) SELECT reporter_id, volume, COUNT(DISTINCT cluster_id), 1 FROM citations GROUP BY reporter_id, volume');
  const reporters = db.prepare('SELECT id, name FROM reporters').all() as { id: number; name: string }[];
  const none = db.prepare('UPDATE coverage SET complete = 0 WHERE reporter_id = ?');
  const one = db.prepare('UPDATE coverage SET complete = 0 WHERE reporter_id = ? AND volume = ?');
  db.transaction(() => {
    if (!authoritative) db.exec('UPDATE coverage SET complete = 0');
    for (const r of reporters) if (isSeriesNeverComplete(r.name)) none.run(r.id);
    for (const key of incomplete) {
      const [reporterId, volume] = key.split(':').map(Number);
      one.run(reporterId, volume);
    }
  })();
  const t = db.prepare('SELECT COUNT(DISTINCT reporter_id) AS reporters, COUNT(*) AS volumes, COALESCE(SUM(complete), 0) AS completeVolumes, COALESCE(SUM(cases), 0) AS cases FROM coverage').get() as ImportReport['coverage'];
  return t;
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
  private pending = 0;
  /** Reporter ids the --reporters filter keeps (all when there is no such filter). */
  private readonly wantedReporterIds = new Set<number>();
  /** Clusters and dockets the rows read so far need (see KIND_ORDER). */
  private readonly clusterIds = new IdSet();
  private readonly docketIds = new IdSet();
  /** `reporterId:volume` of volumes that lost citations to the --courts filter: not complete. */
  readonly incompleteVolumes = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    private readonly filter: Filter,
  ) {
    this.insert = {
      courts: db.prepare('INSERT OR IGNORE INTO courts (id, citation_string, full_name) VALUES (?, ?, ?)'),
      dockets: db.prepare('INSERT OR IGNORE INTO dockets (id, court_id) VALUES (?, ?)'),
      clusters: db.prepare('INSERT OR IGNORE INTO clusters (id, case_name, case_name_short, date_filed, docket_id) VALUES (?, ?, ?, ?, ?)'),
      citations: db.prepare('INSERT OR IGNORE INTO citations (id, reporter_id, volume, page, page_num, cluster_id) VALUES (?, ?, ?, ?, ?, ?)'),
    };
    this.insertReporter = db.prepare('INSERT INTO reporters (id, name) VALUES (?, ?)');
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
          citationString: col('citation_string'), fullName: col('full_name'),
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
            const volume = toInt(row[c.volume]);
            const clusterId = toInt(row[c.cluster]);
            const rawReporter = row[c.reporter];
            const page = row[c.page].trim();
            const pageNum = leadingInt(page);
            if (id === null || volume === null || clusterId === null || !rawReporter || pageNum === null) {
              corrupt(id === null ? 'bad id' : volume === null ? 'bad volume' : clusterId === null ? 'bad cluster_id' : !rawReporter ? 'empty reporter' : 'bad page');
              continue;
            }
            const reporterId = this.reporterId(rawReporter);
            if (!this.wantedReporterIds.has(reporterId)) {
              report.filtered++;
              continue;
            }
            if (mode === 'reporters') this.clusterIds.add(clusterId);
            else if (mode === 'courts' && !this.clusterIds.has(clusterId)) {
              // Another court's case in this volume: the subset does not hold the whole volume.
              this.incompleteVolumes.add(`${reporterId}:${volume}`);
              report.filtered++;
              continue;
            }
            changes = stmt.run(id, reporterId, volume, page, pageNum, clusterId).changes;
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
          } else {
            const id = row[c.id];
            if (!id) {
              corrupt('empty id');
              continue;
            }
            changes = stmt.run(id, c.citationString >= 0 ? row[c.citationString] || null : null, c.fullName >= 0 ? row[c.fullName] || null : null).changes;
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

/** `1339` → 1339, `111279-U` → 111279, `___` → null: pages without a leading number cannot be placed. */
function leadingInt(page: string): number | null {
  const m = /^(\d+)/.exec(page);
  return m ? Number(m[1]) : null;
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
