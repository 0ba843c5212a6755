import { describe, expect, it } from '@jest/globals';
import { aCitation } from '@/testing/citations';
import {
  checkedAgainstOf,
  contextExcerpt,
  courtListenerUrl,
  formatAccuracy,
  joinSentences,
  locationOf,
  filterCitations,
  reportDetailText,
  resultDetails,
  statusLabel,
  totalsOf,
} from './citations';

const citation = aCitation;

describe('result details in the results table', () => {
  it('calls an invalid citation without details a possible hallucination', () => {
    expect(resultDetails(citation({ isValid: false }))).toEqual({ message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' });
  });
  it('shows the server reason for an unverified citation, not a hallucination', () => {
    const reason = 'Not in the case-law database available here; this citation could not be verified.';
    expect(resultDetails(citation({ isValid: null, validationDetails: { message: reason, suggestion: null } }))).toEqual({ message: reason, suggestion: null });
  });
  it('reads object details', () => {
    expect(resultDetails(citation({ isValid: false, validationDetails: { message: 'Wrong case name', suggestion: 'Anderson v. Liberty Lobby' } }))).toEqual({
      message: 'Wrong case name',
      suggestion: 'Anderson v. Liberty Lobby',
    });
  });
});

describe('report detail fallback text (SPEC section 5)', () => {
  it.each([
    [citation({ isValid: true }), 'Exact citation and case name match'],
    [citation({ isValid: false, validationDetails: { message: '', suggestion: 'Check formatting' } }), 'Citation not found. Check formatting'],
    [citation({ isValid: false }), 'Citation could not be verified'],
    // Once processing is done, a citation without a verdict says what it is, never 'pending'.
    [citation({ isValid: null, type: 'case' }), 'Not verified: no verdict could be reached for this citation.'],
    [citation({ isValid: null, type: 'statute' }), 'Not checked: statutes are listed, not verified.'],
    [citation({ isValid: null, type: 'case', validationDetails: { message: 'Not verified: not in the demo data', suggestion: null } }), 'Not verified: not in the demo data'],
    [citation({ isValid: true, validationDetails: { message: 'Matched on CourtListener', suggestion: null } }), 'Matched on CourtListener'],
    // The reason and the suggestion are two sentences, never run together.
    [citation({ isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' } }), 'Possible hallucination - citation not found. Check formatting.'],
    [citation({ isValid: false, validationDetails: { message: 'The case at this address is another one.', suggestion: 'Did you mean Anderson v. Liberty Lobby?' } }), 'The case at this address is another one. Did you mean Anderson v. Liberty Lobby?'],
  ])('%#', (c, text) => {
    expect(reportDetailText(c)).toBe(text);
  });

  it('joins a reason and a suggestion with the first sentence stopped', () => {
    expect(joinSentences('Wrong case name', 'See Anderson v. Liberty Lobby')).toBe('Wrong case name. See Anderson v. Liberty Lobby.');
    expect(joinSentences('Found by name.', null)).toBe('Found by name.');
    expect(joinSentences('Year differs (“1986”)', 'Check the year…')).toBe('Year differs (“1986”). Check the year…');
  });
});

describe('verdict labels (ARCHITECTURE: never Pending once processing is done)', () => {
  it.each([
    [{ isValid: true, type: 'case' }, 'Valid'],
    [{ isValid: false, type: 'case' }, 'Invalid'],
    [{ isValid: null, type: 'case' }, 'Not verified'],
    [{ isValid: null, type: 'statute' }, 'Not checked (statute)'],
    [{ isValid: null, type: 'regulation' }, 'Not checked (regulation)'],
  ] as const)('%j reads %s', (c, label) => {
    expect(statusLabel(c)).toBe(label);
  });
});

describe('filter and search', () => {
  const list = [
    citation({ id: '1', text: 'Varghese v. China Southern', isValid: false }),
    citation({ id: '2', text: 'Air France v. Saks', isValid: true }),
    citation({ id: '3', text: '28 U.S.C. § 1332(a)', type: 'statute', isValid: null }),
  ];
  it('filters by status', () => {
    expect(filterCitations(list, 'valid', '').map((c) => c.id)).toEqual(['2']);
    expect(filterCitations(list, 'invalid', '').map((c) => c.id)).toEqual(['1']);
    expect(filterCitations(list, 'pending', '').map((c) => c.id)).toEqual(['3']);
    expect(filterCitations(list, 'all', '')).toHaveLength(3);
  });
  it('searches citation text case-insensitively', () => {
    expect(filterCitations(list, 'all', 'vARGHESE').map((c) => c.id)).toEqual(['1']);
    expect(filterCitations(list, 'valid', 'varghese')).toEqual([]);
  });
  it('also searches the case name when the server sends it apart from the reporter cite', () => {
    const split = [
      citation({ id: '4', text: '925 F.3d 1339', caseName: 'Varghese v. China Southern Airlines Co.', isValid: null }),
      citation({ id: '5', text: '512 F.4th 233', caseName: 'Zaunbrecher v. Delta Air Lines, Inc.', isValid: false }),
    ];
    expect(filterCitations(split, 'all', 'VARGHESE').map((c) => c.id)).toEqual(['4']);
    expect(filterCitations(split, 'all', 'f.4TH').map((c) => c.id)).toEqual(['5']);
  });
  it('computes totals and the accuracy rate over the citations that were checked', () => {
    // The statute was never checked: it is no failure, so 1 of the 2 checked is 50%, not 33%.
    expect(totalsOf(list)).toEqual({ total: 3, valid: 1, invalid: 1, pending: 1, checked: 2, accuracyRate: 50 });
    expect(totalsOf([])).toEqual({ total: 0, valid: 0, invalid: 0, pending: 0, checked: 0, accuracyRate: null });
    expect(formatAccuracy(totalsOf([]))).toBe('—');
    // The brief: 18 citations, 3 flagged, 12 valid, 3 not checked: 80%, not 44% or 67%.
    const brief = [
      ...Array.from({ length: 12 }, (_, i) => citation({ id: `v${i}`, isValid: true })),
      ...Array.from({ length: 3 }, (_, i) => citation({ id: `i${i}`, isValid: false })),
      ...Array.from({ length: 3 }, (_, i) => citation({ id: `s${i}`, type: 'statute', isValid: null })),
    ];
    expect(totalsOf(brief)).toMatchObject({ total: 18, checked: 15, accuracyRate: 80 });
    expect(formatAccuracy(totalsOf(brief))).toBe('80%');
  });
});

describe('case-law links', () => {
  it('makes CourtListener addresses absolute', () => {
    expect(courtListenerUrl('/opinion/1/foo/')).toBe('https://www.courtlistener.com/opinion/1/foo/');
    expect(courtListenerUrl('https://x.test/a')).toBe('https://x.test/a');
    expect(courtListenerUrl(undefined)).toBeNull();
  });
});

describe('context excerpt in the results table', () => {
  const sentence = 'Plaintiffs rely on Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 556 (2007), for the plausibility standard, which the court applied.';

  it('shows a short context whole, with its punctuation and no ellipsis', () => {
    expect(contextExcerpt('See Ashcroft v. Iqbal, 556 U.S. 662 (2009).', 140)).toBe('See Ashcroft v. Iqbal, 556 U.S. 662 (2009).');
  });

  it('cuts a long one after a whole word and marks only that end', () => {
    const excerpt = contextExcerpt(sentence, 60);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.startsWith('…')).toBe(false);
    const shown = excerpt.slice(0, -1).trimEnd();
    expect(shown.length).toBeLessThanOrEqual(60);
    expect(sentence.startsWith(shown)).toBe(true);
    expect(sentence[shown.length]).toMatch(/[\s,]/);
  });

  it('does not leave a dangling comma or opening bracket before the ellipsis', () => {
    expect(contextExcerpt(sentence, 52)).toBe('Plaintiffs rely on Bell Atlantic Corp. v. Twombly …');
  });
});

describe('where a citation is in the document', () => {
  it.each([
    [{ page: 2, paragraph: 5 }, { short: 'p. 2, ¶ 5', long: 'Page 2, paragraph 5', note: null }],
    [{ page: 3, paragraph: null }, { short: 'p. 3', long: 'Page 3', note: null }],
    // A Word file without explicit page breaks: the paragraph alone, and why there is no page.
    [{ page: null, paragraph: 7 }, { short: '¶ 7', long: 'Paragraph 7', note: 'No page numbers in this document' }],
    [{ page: null, paragraph: null }, null],
  ])('%j', (where, expected) => {
    expect(locationOf(citation(where))).toEqual(expected);
  });
});

describe('what the verdicts were checked against', () => {
  it('lists each source once, in order of first use, skipping verdicts that name none', () => {
    expect(
      checkedAgainstOf([
        citation({ checkedAgainst: 'CourtListener bulk data of 2026-10-31' }),
        citation({ checkedAgainst: null }),
        citation({}),
        citation({ checkedAgainst: 'CourtListener API' }),
        citation({ checkedAgainst: 'CourtListener bulk data of 2026-10-31' }),
      ]),
    ).toEqual(['CourtListener bulk data of 2026-10-31', 'CourtListener API']);
  });
});
