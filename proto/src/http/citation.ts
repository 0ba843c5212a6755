import type { QuoteCheckResult, ValidatedCitation } from '../events/document';
import type { Citation as GraphqlCitation } from '../graphql/types.generated';

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
  /** Beyond SPEC's fields (a client that does not know it ignores it): the source the verdict was checked against. */
  checkedAgainst: string | null;
  /** Case citations: the quotations attributed to the case, checked against its opinion (absent for verdicts stored before quotations were checked). */
  quotes?: QuoteCheckResult[];
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
    checkedAgainst: c.checkedAgainst ?? null,
    ...(c.quotes ? { quotes: c.quotes } : {}),
  };
}

/**
 * SPEC's Citation in the supergraph's shape: details always an object, the database's URL in
 * camel case. Validation's resolvers answer with it, and the web client reads the upload's
 * REST answer with it, so both screens see one shape.
 * @example toGraphqlCitation(spec).courtListenerData?.absoluteUrl // spec.courtListenerData.absolute_url
 */
export function toGraphqlCitation(spec: SpecCitation): GraphqlCitation {
  const details = spec.validationDetails;
  const data = spec.courtListenerData;
  return {
    ...spec,
    validationDetails: typeof details === 'string' ? { message: details, suggestion: null } : { message: details.message, suggestion: details.suggestion ?? null },
    courtListenerData: data && { caseName: data.caseName, court: data.court, year: data.year, absoluteUrl: data.absolute_url },
    quotes: spec.quotes ? spec.quotes.map((q) => ({ text: q.text, status: q.status, foundPage: q.foundPage, message: q.message, pin: q.pin ?? null, opinionText: q.opinionText ?? null, diff: q.diff ?? null })) : null,
  };
}
