/**
 * Pure conversions around a verdict: the event's citation back to the engine's shape (what
 * caselaw's verify() reads), and running verdict totals. (SPEC.md section 3's Citation, what the browser
 * reads, is proto's `toSpecCitation`.)
 */
import type { Citation } from '@citecheck/citations';
import type { ExtractedCitation, QuoteCheckResult, ValidatedCitation, Verdict } from '@citecheck/proto';
import { lawyerVerdict } from './wording';

/** The engine's Citation for an extracted one; fields the event does not carry get neutral values. */
export function toEngineCitation({ id: _id, foundByModel: _foundByModel, ...c }: ExtractedCitation): Citation {
  return { ...c, paragraphKind: null, section: null, fullStart: c.start, fullEnd: c.end };
}

/** The citation with its verdict, worded for the lawyer who reads the report (see wording.ts). */
export function withVerdict(c: ExtractedCitation, verdict: Verdict, quotes?: QuoteCheckResult[]): ValidatedCitation {
  const v = lawyerVerdict(verdict);
  return {
    ...c,
    isValid: v.isValid,
    confidence: v.confidence,
    validationDetails: v.validationDetails,
    courtListenerData: v.courtListenerData,
    checkedAgainst: v.checkedAgainst ?? null,
    // Every case citation lists its quotations (none is an empty list); other citations have none
    // to show. A recheck keeps the quotations already checked.
    ...(c.type === 'case' ? { quotes: quotes ?? (c as Partial<ValidatedCitation>).quotes ?? [] } : {}),
  };
}

/** Running totals for SPEC's validationProgress. */
export function countVerdicts(citations: Pick<ValidatedCitation, 'isValid'>[]): { validCount: number; invalidCount: number } {
  let validCount = 0;
  let invalidCount = 0;
  for (const c of citations) {
    if (c.isValid === true) validCount++;
    else if (c.isValid === false) invalidCount++;
  }
  return { validCount, invalidCount };
}
