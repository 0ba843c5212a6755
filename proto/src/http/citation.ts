import type { ValidatedCitation } from '../events/document';

/**
 * SPEC.md section 3's Citation, as the browser reads it from the REST API: `page` is the
 * document page (not the reporter page) and `originalContext` the sentence around it.
 */
export interface SpecCitation {
  id: string;
  text: string;
  type: ValidatedCitation['type'];
  caseName: string | null;
  page: number | null;
  paragraph: number | null;
  isValid: boolean | null;
  confidence: number;
  validationDetails: ValidatedCitation['validationDetails'];
  originalContext: string;
  courtListenerData: ValidatedCitation['courtListenerData'];
}

export function toSpecCitation(c: ValidatedCitation): SpecCitation {
  return {
    id: c.id,
    text: c.text,
    type: c.type,
    caseName: c.caseName,
    page: c.documentPage,
    paragraph: c.paragraph,
    isValid: c.isValid,
    confidence: c.confidence,
    validationDetails: c.validationDetails,
    originalContext: c.context,
    courtListenerData: c.courtListenerData,
  };
}
