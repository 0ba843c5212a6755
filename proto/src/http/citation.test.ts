import { describe, expect, it } from '@jest/globals';
import type { ValidatedCitation } from '../events/document';
import { toSpecCitation } from './citation';

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
});
