/**
 * Everything this package takes from the citation engine, in one place: the reporter
 * catalogue, so the index, the plausibility rules and the parser agree on what `F.3d` is.
 */
import { courtName, findReporter, reporters } from '@citecheck/citations';
import type { Citation } from '@citecheck/citations';
import { courtFamily, stateIn, type CourtFamily } from './courts';

export { findReporter, courtName };
export type { Citation };
export type ReporterEntry = NonNullable<ReturnType<typeof findReporter>>;

const canonicalCache = new Map<string, string>();

/**
 * Reporter spellings in CourtListener's and the Caselaw Access Project's data that the
 * catalogue's own lookup would give another reporter. `P.R.` there is the Puerto Rico Reports
 * (about 16,500 citations in CourtListener's data; CAP's `pr` volumes, 1899-1978), while
 * reporters-db lists `P.R.` among the spellings of the Pacific Reporter, which a lookup of the
 * bare spelling prefers: Puerto Rico cases would fill Pacific Reporter volumes.
 */
const DATA_SPELLINGS: Record<string, () => string | undefined> = {
  'p.r.': () => reporters.find((f) => f.name === 'Puerto Rico Reports')?.editions[0]?.canonical,
};

/**
 * The canonical spelling of a reporter as CourtListener's bulk data, CAP or an API answer writes
 * it (`F. 3d` → `F.3d`, `Fed. Appx.` and `F. App’x` → `F. App'x`, `P.R.` → the Puerto Rico
 * Reports). Unknown reporters keep their spelling, whitespace collapsed, so they still match
 * themselves. Memoised: the importer calls this 18 million times over a few thousand distinct
 * strings.
 */
export function canonicalReporter(raw: string): string {
  let hit = canonicalCache.get(raw);
  if (hit === undefined) {
    const collapsed = raw.trim().replace(/\s+/g, ' ');
    hit = DATA_SPELLINGS[collapsed.toLowerCase()]?.() ?? findReporter(collapsed)?.canonical ?? collapsed;
    canonicalCache.set(raw, hit);
  }
  return hit;
}

/** Abbreviation key: spacing, case and apostrophe shape do not matter (`F. 3d` = `F.3d`). */
function key(abbrev: string): string {
  return abbrev.replace(/[\s\u00a0]+/g, '').replace(/[\u2019\u2018`]/g, "'").toLowerCase();
}

let numberedByYear: Set<string> | null = null;
/**
 * Reporters with an edition numbered by year, from the catalogue: neutral (public-domain)
 * series, Westlaw and Lexis, and editions whose citation format begins with the year. Several
 * share their abbreviation with a printed series (`Ohio`: Ohio Reports 1821-1851 and Ohio's
 * web citations since 2002; `Pa. Super.`; `N.H.`; `Ark.`).
 */
function yearNumberedKeys(): Set<string> {
  if (numberedByYear) return numberedByYear;
  numberedByYear = new Set<string>();
  for (const family of reporters) {
    for (const e of family.editions) {
      const entry = findReporter(e.canonical);
      const byYear = family.kind === 'neutral' || family.kind === 'wl-lexis' || (entry?.formats ?? []).some((f) => f.includes('$volume_year'));
      if (!byYear) continue;
      numberedByYear.add(key(e.canonical));
      for (const v of e.variations) numberedByYear.add(key(v));
    }
  }
  // New York's and Arkansas's official slip series number by year too (`2019 NY Slip Op 01234`,
  // `2019 Ark. App. 123`), though reporters-db files them as state reporters.
  for (const r of ['NY Slip Op', 'Ark. App.']) numberedByYear.add(key(r));
  return numberedByYear;
}

/**
 * Whether a citation is a number by year (`2019-Ohio-1234`, `2019 PA Super 123`, `2019 WL
 * 4639462`) rather than a printed volume: the series allows it and the volume is a year of the
 * public-domain era. Such series are never held completely by any data CiteCheck has.
 * @example isYearNumbered('Pa. Super.', 2019, 2026) // true ('2019 PA Super 123')
 * @example isYearNumbered('Pa. Super.', 455, 2026)  // false (455 Pa. Super. 1, a printed volume)
 */
export function isYearNumbered(reporter: string, volume: number | string | null, thisYear: number): boolean {
  const entry = findReporter(reporter);
  if (entry?.kind === 'wl-lexis' || /\b(?:WL|LEXIS)\b/.test(reporter)) return true;
  const v = typeof volume === 'number' ? volume : Number(volume);
  return Number.isInteger(v) && v >= 1990 && v <= thisYear + 1 && yearNumberedKeys().has(key(entry?.canonical ?? reporter));
}

const SUPREME_COURT = new Set(['U.S.', 'S. Ct.', 'L. Ed.', 'L. Ed. 2d', 'U.S. LEXIS']);
const APPELLATE = new Set(['F.', 'F.2d', 'F.3d', 'F.4th', "F. App'x"]);
const TRIAL = new Set(['F. Supp.', 'F. Supp. 2d', 'F. Supp. 3d', 'B.R.', 'F.R.D.']);

/**
 * The court family a reporter alone implies, for a citation without a court in its
 * parenthetical: the Supreme Court's reporters, West's federal appellate and trial reporters, a
 * state's own reporters; null for regional reporters (many states) and the rest.
 * @example reporterFamily('F.3d') // 'fed-app'
 * @example reporterFamily('Ohio St. 3d') // 'state:ohio'
 */
export function reporterFamily(reporter: string): CourtFamily | null {
  const entry = findReporter(reporter);
  const canonical = entry?.canonical ?? reporter;
  if (SUPREME_COURT.has(canonical)) return 'scotus';
  if (APPELLATE.has(canonical)) return 'fed-app';
  if (TRIAL.has(canonical)) return 'fed-trial';
  if (!entry || entry.kind === 'regional' || entry.kind === 'wl-lexis') return null;
  const families = new Set(entry.courts.filter((c) => !c.startsWith('group:')).map((c) => courtFamily(c, courtName(c))));
  if (families.size === 1) return [...families][0];
  if (entry.kind === 'state' || entry.kind === 'neutral') {
    const state = stateIn(entry.name);
    if (state) return `state:${state}`;
  }
  return null;
}
