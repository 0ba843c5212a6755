/**
 * SPEC.md section 3's validation report, from a document's verdicts. Pure.
 */
import type { SpecCitation } from '@citecheck/proto';

export interface ReportTotals {
  totalCitations: number;
  validCitations: number;
  invalidCitations: number;
  /**
   * Valid over the citations that were checked (valid + invalid) x 100, rounded to a whole
   * percent; 0 when none was. SPEC section 9 says valid over total, but a statute (never
   * checked) or a case the data could not settle is no failure: over the total, a brief with 3
   * of 18 citations flagged read 44%. The screens that show it say what it is over.
   */
  accuracyRate: number;
}

export function reportTotals(citations: Pick<SpecCitation, 'isValid'>[]): ReportTotals {
  const totalCitations = citations.length;
  const validCitations = citations.filter((c) => c.isValid === true).length;
  const invalidCitations = citations.filter((c) => c.isValid === false).length;
  const checked = validCitations + invalidCitations;
  const accuracyRate = checked === 0 ? 0 : Math.round((validCitations / checked) * 100);
  return { totalCitations, validCitations, invalidCitations, accuracyRate };
}

/** The progress channel's last word on a document: what was found, checked and flagged. */
export function completionMessage(totals: ReportTotals): string {
  const checked = totals.validCitations + totals.invalidCitations;
  const unchecked = totals.totalCitations - checked;
  const parts = [`${totals.validCitations} valid`, `${totals.invalidCitations} flagged`];
  if (unchecked > 0) parts.push(`${unchecked} not checked or not verified`);
  const rate = checked > 0 ? ` (accuracy ${totals.accuracyRate}% of the ${checked} checked)` : '';
  return `Done: ${totals.totalCitations} citations: ${parts.join(', ')}${rate}`;
}

/**
 * What the landing page's "citations verified" counter adds for a document: case citations
 * that got a verdict (valid or invalid). One left unverified (isValid null, e.g. a case the
 * available case-law source does not hold) was not verified, and statutes are never checked.
 */
export function citationsVerified(citations: Pick<SpecCitation, 'type' | 'isValid'>[]): number {
  return citations.filter((c) => c.type === 'case' && c.isValid !== null).length;
}
