/**
 * SPEC.md section 3's validation report, from a document's verdicts. Pure.
 */
import type { SpecCitation } from '@citecheck/proto';

export interface ReportTotals {
  totalCitations: number;
  validCitations: number;
  invalidCitations: number;
  /** valid / total x 100, rounded to a whole percent (SPEC section 9); 0 for no citations. */
  accuracyRate: number;
}

export function reportTotals(citations: Pick<SpecCitation, 'isValid'>[]): ReportTotals {
  const totalCitations = citations.length;
  const validCitations = citations.filter((c) => c.isValid === true).length;
  const invalidCitations = citations.filter((c) => c.isValid === false).length;
  const accuracyRate = totalCitations === 0 ? 0 : Math.round((validCitations / totalCitations) * 100);
  return { totalCitations, validCitations, invalidCitations, accuracyRate };
}

/**
 * What the landing page's "citations verified" counter adds for a document: case citations
 * that got a verdict (valid or invalid). One left unverified (isValid null, e.g. a case the
 * available case-law source does not hold) was not verified, and statutes are never checked.
 */
export function citationsVerified(citations: Pick<SpecCitation, 'type' | 'isValid'>[]): number {
  return citations.filter((c) => c.type === 'case' && c.isValid !== null).length;
}
