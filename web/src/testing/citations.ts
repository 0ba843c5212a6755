import type { Citation } from '@citecheck/proto/graphql/types';

/** A citation as the supergraph answers it, with every field the test does not care about empty. */
export function aCitation(over: Partial<Citation> = {}): Citation {
  return {
    id: 'x',
    text: 'Foo v. Bar, 1 U.S. 1 (1800)',
    type: 'case',
    caseName: null,
    page: null,
    paragraph: null,
    isValid: null,
    confidence: 0,
    validationDetails: null,
    originalContext: '',
    courtListenerData: null,
    checkedAgainst: null,
    quotes: null,
    ...over,
  };
}
