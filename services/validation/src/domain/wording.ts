/**
 * What a verdict says to a lawyer. caselaw's verify() words an unverified citation for whoever
 * runs CiteCheck (which provider missed, that no authoritative index is configured, which
 * variable or command would fix it); the report, the results table and the CSV are read by
 * lawyers, who need to know only whether the case was checked and what to do about it. Once
 * processing is finished nothing reads "pending": a case the data could neither confirm nor
 * rule out is "Not verified: <why>", a statute or regulation "Not checked: statute (...)"
 * (caselaw words that one). Court ids (`ca2`, `nysd`) become court names the same way.
 */
import { courtName } from '@citecheck/citations';
import type { Verdict } from '@citecheck/proto';

/** What to do about a case CiteCheck could not look up in the source it has. */
export const CHECK_ELSEWHERE = 'Look this case up in CourtListener, Westlaw or Lexis before relying on it';
export const RECHECK_LATER = 'Recheck this citation later';

/** The lawyer's sentence for verify()'s "Unverified: <reason>; <reason>" message, or null when it is not one. */
function notVerifiedMessage(message: string): string | null {
  const reasons = /^Unverified:\s*(.*)$/s.exec(message)?.[1];
  if (reasons === undefined) return null;
  if (/lookup failed/i.test(reasons)) return 'Not verified: the case-law source could not be reached';
  // verify() says why in a lawyer's words (what the data holds, what it cannot rule out);
  // anything that still reads like configuration is replaced.
  if (reasons.trim() && !/[A-Z]{2,}_[A-Z_]+|\bcitecheck (?:caselaw|extract|check|admin)\b|--\w|authoritative|\bindex\b|is configured/i.test(reasons)) return `Not verified: ${reasons.trim()}`;
  if (/does not cover|not a complete/i.test(reasons)) {
    return 'Not verified: this case is not in the case-law source available here, so it is neither confirmed nor ruled out';
  }
  return 'Not verified: no case-law source was available to look this case up';
}

/** Operator instructions (environment variables, CLI commands) are replaced; others kept. */
function lawyerSuggestion(suggestion: string | undefined, failed: boolean): string | undefined {
  if (failed) return RECHECK_LATER;
  if (suggestion === undefined) return undefined;
  return /[A-Z]{2,}_[A-Z_]+|citecheck |--\w|\bindex\b|authoritative/i.test(suggestion) ? CHECK_ELSEWHERE : suggestion;
}

/** `(nysd 2012)` / `(ca2)` → the court's name; anything that is not a known court id is left as written. */
export function withCourtNames(text: string): string {
  return text.replace(/\(([a-z][a-z0-9]{1,15})((?: \d{4})?)\)/g, (whole, id: string, year: string) => {
    const name = courtName(id);
    return name ? `(${name}${year ? `,${year}` : ''})` : whole;
  });
}

/** The verdict as the report and the CSV show it. */
export function lawyerVerdict(v: Verdict): Verdict {
  const data = v.courtListenerData;
  const courtListenerData = data && data.court ? { ...data, court: courtName(data.court) ?? data.court } : data;
  const details = v.validationDetails;
  if (typeof details === 'string') return { ...v, validationDetails: notVerifiedMessage(details) ?? withCourtNames(details), courtListenerData };
  const notChecked = notVerifiedMessage(details.message);
  if (notChecked === null) {
    const suggestion = details.suggestion === undefined ? undefined : withCourtNames(details.suggestion);
    return { ...v, validationDetails: { message: withCourtNames(details.message), ...(suggestion === undefined ? {} : { suggestion }) }, courtListenerData };
  }
  const suggestion = lawyerSuggestion(details.suggestion, notChecked.includes('could not be reached'));
  return { ...v, validationDetails: { message: notChecked, ...(suggestion === undefined ? {} : { suggestion }) }, courtListenerData };
}
