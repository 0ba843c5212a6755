/**
 * Plausibility: what can be said about a case citation without looking it up. Each rule
 * states a fact about the reporter (from the citation engine's catalogue) that the citation
 * contradicts; none of them guesses. A citation that breaks one cannot be real as written.
 */
import { courtMismatch } from '../courts';
import { findReporter } from '../engine';
import type { Citation } from '../engine';

export type ProblemCode = 'unknown-reporter' | 'future-year' | 'year-before-edition' | 'year-after-edition' | 'court-mismatch' | 'volume-too-high';

export interface PlausibilityProblem {
  code: ProblemCode;
  /** Says exactly why, for the lawyer reading the report. */
  message: string;
}

/**
 * Every problem found, most telling first (an empty list means "plausible").
 * @example checkPlausibility(cite('512 F.4th 233 (5th Cir. 2015)'), new Date())
 *   // [{ code: 'year-before-edition', message: 'F.4th began in 2021: it cannot report a 2015 decision' }, ...]
 */
export function checkPlausibility(c: Pick<Citation, 'reporter' | 'volume' | 'year' | 'court'>, now: Date): PlausibilityProblem[] {
  const problems: PlausibilityProblem[] = [];
  const entry = c.reporter ? findReporter(c.reporter) : null;
  if (!entry) {
    return [{ code: 'unknown-reporter', message: `Unknown reporter${c.reporter ? ` "${c.reporter}"` : ''}: it is not a published case reporter` }];
  }
  const thisYear = now.getUTCFullYear();
  const name = entry.canonical;
  // Westlaw, Lexis and neutral citations number volumes by year: a future volume is a future year.
  const yearlyVolumes = entry.kind === 'wl-lexis' || entry.kind === 'neutral';
  if (c.year !== null && c.year > thisYear) {
    problems.push({ code: 'future-year', message: `The year ${c.year} is in the future` });
  } else if (yearlyVolumes && c.volume !== null && c.volume > thisYear && c.volume < 2200) {
    problems.push({ code: 'future-year', message: `A ${name} citation starts with its year, and ${c.volume} is in the future` });
  }
  if (c.year !== null && c.year <= thisYear) {
    // A decision may be published the year after it is decided, never before.
    if (c.year < entry.start - 1) {
      problems.push({ code: 'year-before-edition', message: `${name} began in ${entry.start}: it cannot report a ${c.year} decision` });
    } else if (entry.end !== null && c.year > entry.end) {
      problems.push({ code: 'year-after-edition', message: `${name} ended in ${entry.end}: it cannot report a ${c.year} decision` });
    }
  }
  if (c.court) {
    const mismatch = courtMismatch(c.court, entry);
    if (mismatch) problems.push({ code: 'court-mismatch', message: mismatch.replace(entry.name, `${entry.name} (${name})`) });
  }
  // Only a closed series has a last volume for certain; the catalogue's figure for a series
  // still being published is a snapshot that new volumes overtake, and calling a brand-new
  // real case fabricated is the worst mistake this tool can make.
  if (c.volume !== null && entry.maxVolume !== null && entry.end !== null && !yearlyVolumes && c.volume > entry.maxVolume) {
    problems.push({ code: 'volume-too-high', message: `${name} has no volume ${c.volume}: the highest volume is ${entry.maxVolume}` });
  }
  return problems;
}
