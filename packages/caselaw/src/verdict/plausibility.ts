/**
 * Plausibility: what can be said about a case citation without looking it up. Each rule
 * states a published fact about a reporter that the citation as written contradicts, and
 * names where the fact comes from. A rule that could hold a real citation against the brief
 * is not a rule: Westlaw and Lexis number old decisions too, some states gave public-domain
 * numbers to decisions older than the format, and the first reporters printed decisions older
 * than themselves.
 *
 * Most problems are in the parenthetical (year, court), where a typo is as likely as an
 * invention; those are `certain: false`, and the verdict looks the citation up before
 * holding them against it (a case found under its name at that address is real, and the
 * problem becomes a warning). Only an address that cannot exist is `certain`.
 */
import { courtKind, courtMismatch } from '../courts';
import { findReporter, isYearNumbered } from '../engine';
import type { Citation, ReporterEntry } from '../engine';
import { courtLabel } from './court-names';

export type ProblemCode = 'future-year' | 'future-volume' | 'year-before-edition' | 'year-after-edition' | 'court-mismatch' | 'volume-too-high';

export interface PlausibilityProblem {
  code: ProblemCode;
  /** Says exactly why, for the lawyer reading the report. */
  message: string;
  /** True when the address itself cannot exist, so no lookup can show the citation is real. */
  certain: boolean;
}

/**
 * Earliest decision year a reporter prints, where it is older than the reporter's first
 * volume. Source: Alexander Dallas's first volume, later numbered 1 U.S., reports Pennsylvania
 * decisions from the 1750s on (e.g. Respublica v. De Longchamps, 1 U.S. (1 Dall.) 111 (Pa. O. &
 * T. 1784)); the Lawyers' Edition reprints those volumes.
 */
const EARLIEST_DECISION: Record<string, number> = { 'U.S.': 1750, 'L. Ed.': 1750 };

/**
 * Federal Reporter editions that also printed district court decisions. Source: West printed
 * district court opinions in the Federal Reporter until the Federal Supplement began in 1932
 * (e.g. The T.J. Hooper, 53 F.2d 107 (S.D.N.Y. 1931)); a 1932 or 1933 decision may still sit
 * in F.2d, so only later ones are held to the appellate-only rule.
 */
const DISTRICT_COURTS_UNTIL: Record<string, number> = { 'F.': Infinity, 'F.2d': 1933 };

/** Westlaw, Lexis and public-domain citations are numbered by year: `2019 WL 4639462`, `2013 IL App (1st) 111279`. */
function numberedByYear(entry: ReporterEntry): boolean {
  return entry.kind === 'wl-lexis' || entry.kind === 'neutral';
}

/**
 * Every problem found, most telling first (an empty list means "plausible"). A reporter the
 * catalogue does not know yields none: missing from our catalogue is not missing from the
 * world, and the case-law lookup says whether it can search that reporter.
 * @example checkPlausibility(cite('512 F.4th 233 (5th Cir. 2015)'), new Date())
 *   // [{ code: 'year-before-edition', message: 'F.4th began in 2021: it cannot report a 2015 decision', certain: false }]
 */
export function checkPlausibility(c: Pick<Citation, 'reporter' | 'volume' | 'year' | 'court'>, now: Date): PlausibilityProblem[] {
  const entry = c.reporter ? findReporter(c.reporter) : null;
  if (!entry) return [];
  const problems: PlausibilityProblem[] = [];
  const thisYear = now.getUTCFullYear();
  const name = entry.canonical;
  // A public-domain number that shares its abbreviation with a printed series (`2019-Ohio-1234`
  // and the Ohio Reports of 1821-1851; `2019 PA Super 123` and Pa. Super. 1-456): its
  // "volume" is a year, and the printed series' years and last volume say nothing about it.
  const byYear = numberedByYear(entry) || isYearNumbered(name, c.volume, thisYear);

  // Source: the calendar. A decision cannot be dated after today.
  if (c.year !== null && c.year > thisYear) {
    problems.push({ code: 'future-year', message: `The year ${c.year} is in the future`, certain: false });
  }
  // Source: the Bluebook's forms for database and public-domain citations: Westlaw and Lexis
  // numbers and public-domain citations begin with a year; a number from a future year does
  // not exist yet.
  if (byYear && c.volume !== null && c.volume > thisYear && c.volume < 2200) {
    problems.push({ code: 'future-volume', message: `A ${name} citation starts with its year, and ${c.volume} is in the future`, certain: true });
  }

  // Source: the first and last publication years of each printed reporter (the engine's
  // catalogue, checked against Free Law Project's reporters-db). Not applied to numbers by
  // year: Westlaw and Lexis assign numbers to decisions of any age (courts cite Mastics v.
  // McGrew, 1979 WL 210543 (Ohio Ct. App. 1979), and Marbury v. Madison as 1803 U.S. LEXIS
  // 352), reporters-db records no first year for them, and some states (Oklahoma, New Mexico)
  // gave public-domain numbers to decisions older than the format.
  // Only editions whose years were checked (the catalogue's overlay): reporters-db's years tell
  // editions apart but are not bounds (it opens U.S. in 1875, after its nominative volumes).
  if (c.year !== null && c.year <= thisYear && !byYear && entry.yearsChecked) {
    const start = EARLIEST_DECISION[name] ?? entry.start;
    // A decision may be published the year after it is decided, never before.
    if (c.year < start - 1) {
      problems.push({ code: 'year-before-edition', message: `${name} began in ${entry.start}: it cannot report a ${c.year} decision`, certain: false });
    } else if (entry.end !== null && c.year > entry.end) {
      problems.push({ code: 'year-after-edition', message: `${name} ended in ${entry.end}: it cannot report a ${c.year} decision`, certain: false });
    }
  }

  // Source: the scope of West's federal reporters (U.S., S. Ct. and L. Ed.: the Supreme Court;
  // F.2d to F.4th and F. App'x: the courts of appeals; F. Supp.: the district courts), with the
  // older Federal Reporter's district court decisions allowed for (DISTRICT_COURTS_UNTIL).
  if (c.court) {
    const until = DISTRICT_COURTS_UNTIL[name];
    const olderDistrictDecision = until !== undefined && courtKind(c.court) === 'federal-district' && (c.year === null || c.year <= until);
    const mismatch = olderDistrictDecision ? null : courtMismatch(c.court, entry);
    if (mismatch) {
      const court = courtLabel(c.court);
      const message = mismatch.replace(entry.name, `${entry.name} (${name})`).replace(/ \([a-z0-9]+\)$/, court ? ` (${court})` : '');
      problems.push({ code: 'court-mismatch', message, certain: false });
    }
  }

  // Source: the last volume of a closed series (catalogue `maxVolume`: F.2d and F.3d stop at
  // 999). Only a closed series has a last volume for certain; the catalogue's figure for a
  // series still being published is a snapshot that new volumes overtake.
  if (c.volume !== null && entry.maxVolume !== null && entry.end !== null && !byYear && c.volume > entry.maxVolume) {
    problems.push({ code: 'volume-too-high', message: `${name} has no volume ${c.volume}: the highest volume is ${entry.maxVolume}`, certain: true });
  }
  return problems;
}
