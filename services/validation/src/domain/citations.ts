/**
 * Pure conversions around a verdict: the event's citation back to the engine's shape (what
 * caselaw's verify() reads), and running verdict totals. (SPEC.md section 3's Citation, what the browser
 * reads, is proto's `toSpecCitation`.)
 */
import type { Citation } from '@citecheck/citations';
import type { ExtractedCitation, ValidatedCitation, Verdict } from '@citecheck/proto';

/** The engine's Citation for an extracted one; fields the event does not carry get neutral values. */
export function toEngineCitation(c: ExtractedCitation): Citation {
  return {
    type: c.type,
    form: c.form,
    text: c.text,
    start: c.start,
    end: c.end,
    normalized: c.normalized,
    volume: c.volume,
    reporter: c.reporter,
    page: c.page,
    pinCite: c.pinCite,
    caseName: c.caseName,
    plaintiff: c.plaintiff,
    defendant: c.defendant,
    year: c.year,
    court: c.court,
    parenthetical: c.parenthetical,
    context: c.context,
    documentPage: c.documentPage,
    paragraph: c.paragraph,
    paragraphKind: null,
    antecedent: c.antecedent,
    parallels: c.parallels,
    section: null,
    fullStart: c.start,
    fullEnd: c.end,
  };
}

export function withVerdict(c: ExtractedCitation, v: Verdict): ValidatedCitation {
  return { ...c, isValid: v.isValid, confidence: v.confidence, validationDetails: v.validationDetails, courtListenerData: v.courtListenerData };
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
