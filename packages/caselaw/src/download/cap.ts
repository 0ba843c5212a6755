/**
 * The Caselaw Access Project as a source of existence: its static site lists, for every volume
 * it scanned (official reporters, and West's federal and regional ones, through mid-2018), every
 * case in the volume with its first and last page. Where CourtListener lacks a citation, or a
 * case altogether, that list still knows the case; and where it lists no case beginning at the
 * cited page, that is evidence that none does.
 *
 * The site's layout (harvard-lil/capstone, scripts/export_cap_static.py):
 *   /ReportersMetadata.json                          every reporter: slug, short_name, ...
 *   /{slug}/VolumesMetadata.json                     its volumes: volume_number, volume_folder, ...
 *   /{slug}/{volume_folder}/CasesMetadata.json       the volume's cases: id, name, name_abbreviation,
 *       decision_date, first_page, last_page, citations [{type, cite}], court {name_abbreviation}, file_name
 *   /{slug}/{volume_folder}/html/{file_name}.html    a case's text
 */
import type Database from 'better-sqlite3';
import { canonicalReporter } from '../engine';
import { pageNumber, volumeOf } from '../local-index/pages';

export const CAP_STATIC_URL = 'https://static.case.law';
export const CAP_SOURCE = 'Caselaw Access Project (static.case.law)';

/** CAP's folder name for a reporter: `F.3d` → `f3d`, `F. Supp. 2d` → `f-supp-2d`, `U.S.` → `us`. */
export function capReporterSlug(reporter: string): string {
  return reporter
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[.'’]/g, ''))
    .filter(Boolean)
    .join('-');
}

interface CapReporter {
  slug?: string;
  short_name?: string;
}

interface CapVolume {
  volume_number?: string | number;
  volume_folder?: string;
}

interface CapCase {
  id?: number;
  name?: string;
  name_abbreviation?: string;
  decision_date?: string;
  first_page?: string | number;
  last_page?: string | number;
  citations?: { cite?: string; type?: string }[];
  court?: { name_abbreviation?: string; name?: string };
  file_name?: string;
}

export interface CapReport {
  reporters: number;
  /** Volume folders listed by CAP for the reporters asked about. */
  volumes: number;
  /** Volumes whose case list was read. */
  volumesFound: number;
  cases: number;
  /** Volumes or reporters whose lists could not be fetched or read, with why (a few, for the log); `failed` counts them all. */
  failures: { volume: string; reason: string }[];
  failed: number;
}

export interface CapOptions {
  capUrl?: string;
  /** Only these reporters (canonical, as the index stores them). */
  reporters?: Set<string> | null;
  /** Lists fetched at once (default 8: a public static site). */
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
  onProgress?: (done: number, total: number, cases: number) => void;
}

export class CapError extends Error {
  override name = 'CapError';
}

/**
 * Fills `cap_cases` with every case of every volume CAP has (of the reporters asked for), and
 * records in `volumes.cap_cases` how many cases each volume's list holds. A volume is counted
 * only when all of its parts were read: half a list is no evidence of anything.
 */
export async function importCapLists(db: Database.Database, options: CapOptions = {}): Promise<CapReport> {
  const capUrl = (options.capUrl ?? CAP_STATIC_URL).replace(/\/+$/, '');
  const report: CapReport = { reporters: 0, volumes: 0, volumesFound: 0, cases: 0, failures: [], failed: 0 };
  const fail = (volume: string, reason: string): void => {
    report.failed++;
    if (report.failures.length < 20) report.failures.push({ volume, reason });
  };
  const listed = await fetchJson(`${capUrl}/ReportersMetadata.json`, options);
  if (listed === null) throw new CapError(`${capUrl} has no ReportersMetadata.json: is it the Caselaw Access Project's static site (${CAP_STATIC_URL})?`);
  if (!Array.isArray(listed)) throw new CapError(`${capUrl}/ReportersMetadata.json is not a list of reporters`);

  const reporterIds = new Map((db.prepare('SELECT id, name FROM reporters').all() as { id: number; name: string }[]).map((r) => [r.name, r.id]));
  const newReporter = db.prepare('INSERT INTO reporters (id, name) VALUES (?, ?)');
  let nextId = (db.prepare('SELECT COALESCE(MAX(id), 0) FROM reporters').pluck().get() as number) + 1;
  const reporterId = (name: string): number => {
    let id = reporterIds.get(name);
    if (id === undefined) {
      id = nextId++;
      newReporter.run(id, name);
      reporterIds.set(name, id);
    }
    return id;
  };

  // Every volume folder of every reporter asked for.
  const jobs: { slug: string; folder: string; reporter: string; reporterId: number; volume: number | string }[] = [];
  const reporters = (listed as CapReporter[]).filter((r) => r.slug && r.short_name).map((r) => ({ slug: r.slug!, reporter: canonicalReporter(r.short_name!) }));
  const wanted = reporters.filter((r) => !options.reporters || options.reporters.has(r.reporter));
  report.reporters = wanted.length;
  await pool(wanted, options.concurrency ?? 8, async (r) => {
    try {
      const volumes = await fetchJson(`${capUrl}/${r.slug}/VolumesMetadata.json`, options);
      if (!Array.isArray(volumes)) throw new Error(volumes === null ? 'no VolumesMetadata.json' : 'VolumesMetadata.json is not a list');
      for (const v of volumes as CapVolume[]) {
        const volume = volumeOf(String(v.volume_number ?? ''));
        const folder = v.volume_folder ?? String(v.volume_number ?? '');
        if (volume === null || !folder) continue;
        jobs.push({ slug: r.slug, folder, reporter: r.reporter, reporterId: reporterId(r.reporter), volume });
      }
    } catch (err) {
      fail(r.reporter, (err as Error).message);
    }
  });
  report.volumes = jobs.length;

  const insert = db.prepare('INSERT OR IGNORE INTO cap_cases (reporter_id, volume, first_page, cap_id, last_page, name, decision_date, court, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  /** Cases per volume, and volumes with a part that could not be read. */
  const counts = new Map<string, { reporterId: number; volume: number | string; cases: number; broken: boolean }>();
  let done = 0;
  await pool(jobs, options.concurrency ?? 8, async (job) => {
    const key = `${job.reporterId}\u0000${job.volume}`;
    const entry = counts.get(key) ?? { reporterId: job.reporterId, volume: job.volume, cases: 0, broken: false };
    counts.set(key, entry);
    try {
      const cases = await fetchJson(`${capUrl}/${job.slug}/${job.folder}/CasesMetadata.json`, options);
      if (cases === null) throw new Error('no CasesMetadata.json');
      const rows = casesOf(cases, job.reporter, job.volume, `${job.slug}/${job.folder}`);
      db.transaction(() => rows.forEach((c) => insert.run(job.reporterId, job.volume, c.firstPage, c.capId, c.lastPage, c.name, c.decisionDate, c.court, c.path)))();
      entry.cases += rows.length;
      report.volumesFound++;
      report.cases += rows.length;
    } catch (err) {
      entry.broken = true;
      fail(`${job.volume} ${job.reporter}`, (err as Error).message);
    }
    options.onProgress?.(++done, jobs.length, report.cases);
  });

  const upsert = db.prepare(
    'INSERT INTO volumes (reporter_id, volume, cases, types, first_year, last_year, cap_cases) VALUES (?, ?, 0, 0, NULL, NULL, ?) ON CONFLICT (reporter_id, volume) DO UPDATE SET cap_cases = excluded.cap_cases',
  );
  const unlisted = db.prepare('UPDATE volumes SET cap_cases = NULL WHERE reporter_id = ? AND volume = ?');
  db.transaction(() => {
    for (const v of counts.values()) {
      if (v.broken) unlisted.run(v.reporterId, v.volume);
      else upsert.run(v.reporterId, v.volume, v.cases);
    }
  })();
  return report;
}

export interface CapCaseRow {
  capId: number;
  firstPage: number;
  lastPage: number | null;
  name: string;
  decisionDate: string | null;
  court: string | null;
  path: string | null;
}

/**
 * The cases of one CasesMetadata.json, each placed by its own citation in this reporter (a case
 * printed in several reporters lists them all), else by its first page.
 */
export function casesOf(cases: unknown, reporter: string, volume: number | string, folder: string | null = null): CapCaseRow[] {
  if (!Array.isArray(cases)) throw new Error('CasesMetadata.json is not a list of cases');
  const out: CapCaseRow[] = [];
  for (const [i, c] of (cases as CapCase[]).entries()) {
    const own = (c.citations ?? [])
      .map((x) => /^(\S+)\s+(.+?)\s+(\S+)$/.exec((x.cite ?? '').trim()))
      .find((m) => m && String(volumeOf(m[1])) === String(volume) && canonicalReporter(m[2]) === reporter);
    const first = own ? pageNumber(own[3]) : pageOf(c.first_page);
    if (first === null) continue;
    const last = pageOf(c.last_page);
    const name = (c.name_abbreviation || c.name || '').trim();
    out.push({
      capId: typeof c.id === 'number' ? c.id : -(i + 1),
      firstPage: first,
      lastPage: last !== null && last >= first ? last : null,
      name,
      decisionDate: c.decision_date ?? null,
      court: c.court?.name_abbreviation ?? null,
      path: folder && c.file_name ? `${folder}/html/${c.file_name}.html` : null,
    });
  }
  return out;
}

function pageOf(v: string | number | undefined): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  return v ? pageNumber(v.trim()) : null;
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/** The parsed JSON, or null for a file the site does not have (404; static hosts answer 403 too). Retries other failures. */
async function fetchJson(url: string, options: CapOptions): Promise<unknown> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return JSON.parse(await res.text());
    } catch (err) {
      if (attempt >= retries || err instanceof SyntaxError) throw err;
      await new Promise((r) => setTimeout(r, (attempt + 1) * (options.retryDelayMs ?? 1000)));
    }
  }
}
