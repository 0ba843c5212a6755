/**
 * The name search: every case of the snapshot, with or without a citation, looked up by the
 * distinctive words of the cited name (names/search-keys.ts), among the cited court's family
 * (courts.ts) and within a few years of the cited year. Each word is one range scan of the
 * name_keys table; the cases found are compared with the cited name as a verdict compares a
 * found case (names/compare.ts: abbreviations, OCR misreadings, parties swapped, `State` and
 * `United States` never enough on their own).
 *
 * Finding the case means it is real, whatever CourtListener holds of its citations. Finding
 * none is evidence that it does not exist only when the search could have seen it: the
 * snapshot holds every case (no --reporters subset), the name has a distinctive word, the court
 * family and year are known and not after the snapshot, no word was too common to search in
 * full, and the data holds that family's decisions of that year about as well as those of the
 * years around it (a gap in CourtListener's collection proves nothing).
 */
import type Database from 'better-sqlite3';
import { courtFamily, familyLabel } from '../courts';
import { courtName, reporterFamily } from '../engine';
import { courtLabel } from '../verdict/court-names';
import { compareCaseNames } from '../names/compare';
import { searchWords, wordHash } from '../names/search-keys';
import { citationUrl, clusterUrl, yearOf } from '../provider';
import type { CaseCluster, NameQuery, NameSearchResult } from '../provider';
import type { Court } from './lookup';

/** Years either side of the cited year: a decision is filed, reheard and reported over a year or two. */
export const YEAR_WINDOW = 3;
/** Rows read for one word; a word with more (a common surname in a busy court) is too common to search in full. */
const ROWS_PER_WORD = 400;
/** Cases compared at most; past this the search stops, and finding none proves nothing. */
const MAX_COMPARED = 100;
/** A year holding less than this share of the usual count of the years around it has a gap. */
const THIN = 0.75;

interface ClusterRow {
  case_name: string | null;
  case_name_short: string | null;
  date_filed: string | null;
  court_id: string | null;
}

export interface NameSearchOptions {
  /** The index in words (`CourtListener bulk data of 2026-10-31`). */
  description: string;
  snapshotYear: number;
  /** Whether a fruitless search may be evidence at all (an authoritative index of every case). */
  conclusive: boolean;
  citationsOf: (clusterId: number) => string[];
}

export class NameSearch {
  private readonly families = new Map<string, number>();
  private readonly inFamily: Database.Statement;
  private readonly anyFamily: Database.Statement;
  private readonly cluster: Database.Statement;
  private readonly perYear: Database.Statement;
  private readonly courtPerYear: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly courts: Map<string, Court>,
    private readonly options: NameSearchOptions,
  ) {
    for (const f of db.prepare('SELECT id, name FROM families').all() as { id: number; name: string }[]) this.families.set(f.name, f.id);
    this.inFamily = db.prepare(`SELECT cluster_id, year FROM name_keys WHERE key = ? AND family = ? AND year BETWEEN ? AND ? LIMIT ${ROWS_PER_WORD + 1}`).raw();
    this.anyFamily = db.prepare(`SELECT cluster_id, year FROM name_keys WHERE key = ? AND year BETWEEN ? AND ? LIMIT ${ROWS_PER_WORD + 1}`).raw();
    this.cluster = db.prepare('SELECT case_name, case_name_short, date_filed, court_id FROM clusters WHERE id = ?');
    this.perYear = db.prepare('SELECT year, cases FROM family_years WHERE family = ? AND year BETWEEN ? AND ?');
    this.courtPerYear = db.prepare('SELECT year, cases FROM court_years WHERE court_id = ? AND year BETWEEN ? AND ?');
  }

  /** The family a citation names: its court's, else the one its reporter implies. */
  familyOf(q: Pick<NameQuery, 'court' | 'reporter'>): string | null {
    if (q.court) {
      const c = this.courts.get(q.court);
      const f = courtFamily(q.court, c?.full_name ?? courtName(q.court), c?.jurisdiction ?? null);
      if (f) return f;
    }
    return q.reporter ? reporterFamily(q.reporter) : null;
  }

  /**
   * `volumeYears`: the years the cited volume holds decisions of, when the data knows them: a
   * year written wrong (`(1968)` for 1986) must not hide the case from the search.
   */
  search(q: NameQuery, volumeYears: [number, number] | null = null): Omit<NameSearchResult, 'source'> {
    const words = searchWords(q.caseName);
    const family = this.familyOf(q);
    const familyId = family ? this.families.get(family) : undefined;
    const year = q.year;
    const span = volumeYears && volumeYears[1] - volumeYears[0] <= 10 ? volumeYears : null;
    const [from, to] =
      year !== null ? [Math.min(year, span?.[0] ?? year) - YEAR_WINDOW, Math.max(year, span?.[1] ?? year) + YEAR_WINDOW] : [0, 9999];
    const where = family ? familyLabel(family) : 'every court';
    const scope = `the decisions of ${where}${year !== null ? ` from ${from} to ${to}` : ''} in ${this.options.description}`;
    const result = { id: q.id, same: [] as CaseCluster[], similar: [] as CaseCluster[], conclusive: false, scope };
    if (words.length === 0) return { ...result, why: `${q.caseName} has no word distinctive enough to search by` };
    if (family && familyId === undefined) return { ...result, why: `${this.options.description} holds no decisions of ${where}` };

    // Candidates: cases sharing a distinctive word; most words shared first, then nearest the cited year.
    const hits = new Map<number, { n: number; gap: number }>();
    let tooCommon = false;
    for (const w of words) {
      const key = wordHash(w);
      const rows = (familyId !== undefined ? this.inFamily.all(key, familyId, from, to) : this.anyFamily.all(key, from, to)) as [number, number][];
      if (rows.length > ROWS_PER_WORD) {
        tooCommon = true;
        rows.length = ROWS_PER_WORD;
      }
      for (const [id, y] of rows) {
        const h = hits.get(id);
        if (h) h.n++;
        else hits.set(id, { n: 1, gap: year !== null ? Math.abs(y - year) : 0 });
      }
    }
    const candidates = [...hits].sort((a, b) => b[1].n - a[1].n || a[1].gap - b[1].gap || a[0] - b[0]);
    // Once the case is found, only candidates as good as it are still looked at (another case of
    // the same name, which makes "reported at" ambiguous); the rest cannot be more alike.
    let bar: { n: number; gap: number } | null = null;
    let compared = 0;
    for (const [id, h] of candidates) {
      if (compared >= MAX_COMPARED) break;
      if (bar && (h.n < bar.n || h.gap > bar.gap + 1)) break;
      compared++;
      const row = this.cluster.get(id) as ClusterRow | undefined;
      if (!row?.case_name) continue;
      const verdict = compareCaseNames(q.caseName, row.case_name, row.case_name_short).verdict;
      if (verdict === 'same') {
        result.same.push(this.toCluster(id, row));
        bar ??= h;
      } else if (verdict === 'partial') result.similar.push(this.toCluster(id, row));
    }
    if (result.same.length || result.similar.length) return result;

    const why = this.whyNotConclusive(q, family, familyId, words, tooCommon || candidates.length > MAX_COMPARED);
    if (why) return { ...result, why };
    // Before calling the search conclusive: the same name in another court's decisions of those
    // years (a court written wrong in the parenthetical) is a case to check, not an absence.
    if (familyId !== undefined) {
      for (const w of words) {
        const rows = this.anyFamily.all(wordHash(w), from, to) as [number, number][];
        if (rows.length > ROWS_PER_WORD) return { ...result, why: `the names in ${q.caseName} are too common to search every court's decisions that carry them` };
        for (const [id] of rows) {
          if (hits.has(id)) continue;
          hits.set(id, { n: 0, gap: 0 });
          const row = this.cluster.get(id) as ClusterRow | undefined;
          if (row?.case_name && compareCaseNames(q.caseName, row.case_name, row.case_name_short).verdict === 'same') result.similar.push(this.toCluster(id, row));
        }
      }
      if (result.similar.length) return { ...result, why: 'a case of that name was decided by another court in those years' };
    }
    return { ...result, conclusive: true };
  }

  /** Why a search that found nothing proves nothing, or null when it is evidence. */
  private whyNotConclusive(q: NameQuery, family: string | null, familyId: number | undefined, words: string[], tooMany: boolean): string | null {
    if (!this.options.conclusive) return `${this.options.description} is not a full snapshot of every case`;
    if (!family || familyId === undefined) return 'the court is not known, so the search could not be limited to its decisions';
    if (q.year === null) return 'the year is not known, so the search could not be limited to the decisions of its time';
    if (q.year > this.options.snapshotYear) return `the cited year, ${q.year}, is after the data was taken`;
    if (tooMany) return `the names in ${q.caseName} are too common to search every case that carries them (${words.join(', ')})`;
    // The family's holdings of the year, and the cited court's own when the data has it.
    const scopes: [string, { year: number; cases: number }[]][] = [[familyLabel(family), this.perYear.all(familyId, q.year - 5, q.year + 5) as { year: number; cases: number }[]]];
    if (q.court) {
      const own = this.courtPerYear.all(q.court, q.year - 5, q.year + 5) as { year: number; cases: number }[];
      if (own.length) scopes.push([courtLabel(q.court) ?? courtName(q.court) ?? q.court, own]);
    }
    for (const [who, rows] of scopes) {
      const cases = rows.find((r) => r.year === q.year)?.cases ?? 0;
      const around = rows.filter((r) => r.year !== q.year && r.cases > 0).map((r) => r.cases).sort((a, b) => a - b);
      const usual = around.length ? around[Math.floor(around.length / 2)] : 0;
      // Three quarters of the usual: a year's count varies, a hole in the collection shows.
      if (cases === 0 || cases < usual * THIN) {
        return `${this.options.description} holds ${cases === 0 ? 'no' : `only ${cases.toLocaleString('en-US')}`} decisions of ${who} from ${q.year}${usual ? `, against about ${usual.toLocaleString('en-US')} in the years around it` : ''}, so its collection of that year has gaps`;
      }
    }
    return null;
  }

  private toCluster(id: number, r: ClusterRow): CaseCluster {
    const court = r.court_id ? this.courts.get(r.court_id) : undefined;
    const citations = this.options.citationsOf(id);
    const first = citations[0] ?? '';
    const m = /^(\S+) (.+) (\S+)$/.exec(first);
    return {
      clusterId: id,
      caseName: r.case_name ?? '',
      caseNameShort: r.case_name_short,
      court: r.court_id,
      courtName: court?.full_name ?? null,
      courtCitation: court?.citation_string ?? null,
      dateFiled: r.date_filed,
      year: yearOf(r.date_filed),
      absoluteUrl: m ? citationUrl(m[1], m[2], m[3]) : clusterUrl(id, r.case_name ?? ''),
      citation: first,
      citations,
    };
  }
}
