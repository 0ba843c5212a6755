import { citationsVerified, completionMessage, reportTotals } from './report';

describe('reportTotals', () => {
  it.each([
    [[], { totalCitations: 0, validCitations: 0, invalidCitations: 0, accuracyRate: 0 }],
    [[true, true, false], { totalCitations: 3, validCitations: 2, invalidCitations: 1, accuracyRate: 67 }],
    // Citations without a verdict (statutes, cases not verified) count in the total, and the
    // accuracy is over those checked: they are not failures.
    [[true, null, null, false], { totalCitations: 4, validCitations: 1, invalidCitations: 1, accuracyRate: 50 }],
    [[null, null], { totalCitations: 2, validCitations: 0, invalidCitations: 0, accuracyRate: 0 }],
    [[true, true, true, true, true, true, true, false], { totalCitations: 8, validCitations: 7, invalidCitations: 1, accuracyRate: 88 }],
  ])('%j', (verdicts, totals) => {
    expect(reportTotals(verdicts.map((isValid) => ({ isValid: isValid as boolean | null })))).toEqual(totals);
  });

  it('reads 3 of 18 flagged, 3 not checked as 80% of those checked, not 44% of all', () => {
    const brief = [...Array(12).fill(true), ...Array(3).fill(false), ...Array(3).fill(null)].map((isValid) => ({ isValid: isValid as boolean | null }));
    const totals = reportTotals(brief);
    expect(totals.accuracyRate).toBe(80);
    expect(completionMessage(totals)).toBe('Done: 18 citations: 12 valid, 3 flagged, 3 not checked or not verified (accuracy 80% of the 15 checked)');
    expect(completionMessage(reportTotals([]))).toBe('Done: 0 citations: 0 valid, 0 flagged');
  });
});

describe('citationsVerified (the landing page counter)', () => {
  it('counts case citations that got a verdict, not ones left unverified or never checked', () => {
    const c = (type: 'case' | 'statute' | 'regulation', isValid: boolean | null) => ({ type, isValid });
    expect(citationsVerified([c('case', true), c('case', false), c('case', null), c('case', null), c('statute', null), c('regulation', null)])).toBe(2);
    expect(citationsVerified([])).toBe(0);
  });
});
