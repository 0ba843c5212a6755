import { describe, expect, it } from '@jest/globals';
import type { ValidatedCitation } from '../events/document';
import { toGraphqlCitation, toSpecCitation } from './citation';

function validated(overrides: Partial<ValidatedCitation> = {}): ValidatedCitation {
  return {
    id: 'c1', type: 'case', form: 'full', text: '550 U.S. 544', start: 0, end: 12, normalized: '550 U.S. 544',
    volume: 550, reporter: 'U.S.', page: '544', pinCite: null, caseName: 'Bell Atlantic Corp. v. Twombly',
    plaintiff: null, defendant: null, year: 2007, court: 'scotus', parenthetical: null,
    context: 'See Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007).', documentPage: 2, paragraph: 0,
    antecedent: null, parallels: [], isValid: true, confidence: 97,
    validationDetails: 'Exact citation and case name match', courtListenerData: null,
    ...overrides,
  };
}

describe('toSpecCitation', () => {
  it('numbers paragraphs from 1, as a lawyer counts them (the engine counts from 0)', () => {
    expect(toSpecCitation(validated({ paragraph: 0 })).paragraph).toBe(1);
    expect(toSpecCitation(validated({ paragraph: 6 })).paragraph).toBe(7);
    expect(toSpecCitation(validated({ paragraph: null })).paragraph).toBeNull();
  });

  it('gives the document page as page, not the reporter page', () => {
    expect(toSpecCitation(validated()).page).toBe(2);
  });

  it('carries what the verdict was checked against, null for verdicts stored before the field', () => {
    expect(toSpecCitation(validated({ checkedAgainst: 'CourtListener bulk data of 2026-10-31' })).checkedAgainst).toBe('CourtListener bulk data of 2026-10-31');
    expect(toSpecCitation(validated()).checkedAgainst).toBeNull();
  });
});

describe('toGraphqlCitation', () => {
  it('gives string details as an object and the case-law URL in camel case', () => {
    const data = { caseName: 'Bell Atlantic Corp. v. Twombly', court: 'scotus', year: 2007, absolute_url: '/opinion/145730/bell-atlantic-corp-v-twombly/' };
    const citation = toGraphqlCitation(toSpecCitation(validated({ courtListenerData: data, checkedAgainst: 'CourtListener API' })));
    expect(citation.validationDetails).toEqual({ message: 'Exact citation and case name match', suggestion: null });
    expect(citation.courtListenerData).toEqual({ caseName: 'Bell Atlantic Corp. v. Twombly', court: 'scotus', year: 2007, absoluteUrl: '/opinion/145730/bell-atlantic-corp-v-twombly/' });
    expect(citation.checkedAgainst).toBe('CourtListener API');
  });

  it('keeps object details and no case-law data as they are', () => {
    const citation = toGraphqlCitation(toSpecCitation(validated({ isValid: false, validationDetails: { message: 'Wrong case name', suggestion: 'Check the parties' } })));
    expect(citation.validationDetails).toEqual({ message: 'Wrong case name', suggestion: 'Check the parties' });
    expect(citation.courtListenerData).toBeNull();
  });
});
