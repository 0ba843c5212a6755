import type { ValidatedCitation } from '../events/document';

/**
 * SPEC.md section 3's Citation, as the browser reads it from the REST API: `page` is the
 * document page (not the reporter page), `paragraph` counts from 1 and `originalContext` is
 * the sentence around it.
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
    // The engine and the events count paragraphs from 0; a lawyer counts the first one as 1.
    paragraph: c.paragraph === null ? null : c.paragraph + 1,
    isValid: c.isValid,
    confidence: c.confidence,
    validationDetails: c.validationDetails,
    originalContext: c.context,
    courtListenerData: c.courtListenerData,
  };
}
