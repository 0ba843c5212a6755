/**
 * First and last pages of cases, from the Caselaw Access Project's static site: one
 * `/{reporter_slug}/{volume}/CasesMetadata.json` per volume, a JSON array of cases, each with
 * `first_page`, `last_page` and its `citations` (`[{ "cite": "925 F.3d 1320", "type": "official" }]`).
 * CourtListener's bulk data has no last pages; these let a lookup place a page inside a case
 * for certain and see a pin cite past a case's end. CAP's volumes stop in 2018; later volumes
 * are simply not there (404) and keep the approximate rule.
 */
import type Database from 'better-sqlite3';
import { canonicalReporter } from '../engine';

export const CAP_STATIC_URL = 'https://static.case.law';
export const PAGE_RANGES_SOURCE = 'Caselaw Access Project (static.case.law)';

/** CAP's folder name for a reporter: `F.3d` → `f3d`, `F. Supp. 2d` → `f-supp-2d`, `U.S.` → `us`. */
export function capReporterSlug(reporter: string): string {
  return reporter
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[.'’]/g, ''))
    .filter(Boolean)
    .join('-');
}

interface CapCase {
  first_page?: string | number;
  last_page?: string | number;
  citations?: { cite?: string; type?: string }[];
}

export interface PageRangeReport {
  volumes: number;
  /** Volumes CAP has (the others answered 404). */
  volumesFound: number;
  cases: number;
  /** Volumes whose metadata could not be fetched or read, with why (a few, for the log). */
  failures: { volume: string; reason: string }[];
}

export interface PageRangeOptions {
  capUrl?: string;
  /** Volumes fetched at once (default 4: a public site, asked politely). */
  concurrency?: number;
  retries?: number;
  retryDelayMs?: number;
  onProgress?: (done: number, total: number, cases: number) => void;
}

/**
 * Fills `page_ranges` for every complete volume of the index (reporters CAP can have: not
 * WL/LEXIS or neutral series, which coverage never marks complete).
 */
export async function importPageRanges(db: Database.Database, options: PageRangeOptions = {}): Promise<PageRangeReport> {
  const capUrl = (options.capUrl ?? CAP_STATIC_URL).replace(/\/+$/, '');
  const volumes = db
    .prepare('SELECT c.reporter_id AS reporterId, r.name AS reporter, c.volume FROM coverage c JOIN reporters r ON r.id = c.reporter_id WHERE c.complete = 1 ORDER BY r.name, c.volume')
    .all() as { reporterId: number; reporter: string; volume: number }[];
  const insert = db.prepare('INSERT OR REPLACE INTO page_ranges (reporter_id, volume, first_page, last_page) VALUES (?, ?, ?, ?)');
  const report: PageRangeReport = { volumes: volumes.length, volumesFound: 0, cases: 0, failures: [] };
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < volumes.length) {
      const v = volumes[next++];
      const url = `${capUrl}/${capReporterSlug(v.reporter)}/${v.volume}/CasesMetadata.json`;
      try {
        const cases = await fetchJson(url, options);
        if (cases) {
          report.volumesFound++;
          const ranges = rangesOf(cases, v.reporter, v.volume);
          db.transaction(() => ranges.forEach(([first, last]) => insert.run(v.reporterId, v.volume, first, last)))();
          report.cases += ranges.length;
        }
      } catch (err) {
        if (report.failures.length < 20) report.failures.push({ volume: `${v.volume} ${v.reporter}`, reason: (err as Error).message });
        else report.failures.length++; // counted, not kept
      }
      options.onProgress?.(++done, volumes.length, report.cases);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return report;
}

/** [first, last] page of each case of the volume, keyed by its citation in this reporter. */
export function rangesOf(cases: unknown, reporter: string, volume: number): [number, number][] {
  if (!Array.isArray(cases)) throw new Error('CasesMetadata.json is not a list of cases');
  const out: [number, number][] = [];
  for (const c of cases as CapCase[]) {
    // The case's own citation in this reporter says where it starts; first_page is the fallback.
    const own = (c.citations ?? [])
      .map((x) => /^(\d+)\s+(.+?)\s+(\d+)$/.exec((x.cite ?? '').trim()))
      .find((m) => m && Number(m[1]) === volume && canonicalReporter(m[2]) === reporter);
    const first = own ? Number(own[3]) : toPage(c.first_page);
    const last = toPage(c.last_page);
    if (first !== null && last !== null && last >= first) out.push([first, last]);
  }
  return out;
}

function toPage(v: string | number | undefined): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  return v && /^\d+$/.test(v.trim()) ? Number(v) : null;
}

/** The parsed JSON, or null for a volume CAP does not have (404). Retries other failures. */
async function fetchJson(url: string, options: PageRangeOptions): Promise<unknown> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      if (res.status === 404 || res.status === 403) return null; // static hosts answer 403 for missing keys too
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return JSON.parse(await res.text());
    } catch (err) {
      if (attempt >= retries || err instanceof SyntaxError) throw err;
      await new Promise((r) => setTimeout(r, (attempt + 1) * (options.retryDelayMs ?? 1000)));
    }
  }
}
