import { citationsVerified, reportTotals } from './report';

describe('reportTotals', () => {
  it.each([
    [[], { totalCitations: 0, validCitations: 0, invalidCitations: 0, accuracyRate: 0 }],
    [[true, true, false], { totalCitations: 3, validCitations: 2, invalidCitations: 1, accuracyRate: 67 }],
    // Pending citations (null) count in the total, not as valid or invalid.
    [[true, null, null, false], { totalCitations: 4, validCitations: 1, invalidCitations: 1, accuracyRate: 25 }],
    [[true, true, true, true, true, true, true, false], { totalCitations: 8, validCitations: 7, invalidCitations: 1, accuracyRate: 88 }],
  ])('%j', (verdicts, totals) => {
    expect(reportTotals(verdicts.map((isValid) => ({ isValid: isValid as boolean | null })))).toEqual(totals);
  });
});

describe('citationsVerified (the landing page counter)', () => {
  it('counts case citations that got a verdict, not ones left unverified or never checked', () => {
    const c = (type: 'case' | 'statute' | 'regulation', isValid: boolean | null) => ({ type, isValid });
    expect(citationsVerified([c('case', true), c('case', false), c('case', null), c('case', null), c('statute', null), c('regulation', null)])).toBe(2);
    expect(citationsVerified([])).toBe(0);
  });
});
