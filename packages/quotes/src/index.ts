/**
 * @citecheck/quotes — the words a brief quotes, checked against the opinion it attributes them to.
 *
 * Read in this order:
 *   markup.ts, plain.ts, opinion.ts  CourtListener's opinion fields → text with its page labels (pages.ts) and footnotes
 *   storage.ts                       that text's compact stored form
 *   brief.ts, target.ts              the brief's quotations, each tied to its citation and case
 *   words.ts, quote-text.ts          words as a lawyer compares them; ellipses and brackets
 *   prepare.ts, match.ts, align.ts   finding the passage in the opinion
 *   check.ts                         verified, wrong-page, altered, not-found, unchecked
 */
import type { Citation } from '@citecheck/citations';
import { findQuotes, type FindQuotesOptions } from './brief';
import { checkQuote } from './check';
import type { PreparedOpinion } from './prepare';
import { quoteTarget } from './target';
import type { BriefQuote, QuoteCheck, QuoteTarget, UncheckedReason } from './types';

export type * from './types';
export { parseOpinionMarkup } from './markup';
export { parseOpinionPlainText } from './plain';
export { OPINION_FIELDS, parseOpinion, parseOpinionField, joinOpinions } from './opinion';
export { SeriesPages, seriesFor } from './pages';
export { encodeOpinionText, decodeOpinionText, StoredOpinionError, DEFAULT_QUALITY } from './storage';
export { findQuotes, sentenceEnds, type FindQuotesOptions } from './brief';
export { quoteTarget } from './target';
export { prepareOpinion, type PreparedOpinion } from './prepare';
export { parseQuoteText } from './quote-text';
export { checkQuote, ALTERED_SHARE, ALTERED_RUN } from './check';
export { pinPages } from './pins';
export { tokenize } from './words';

/** A quotation of the brief and what checking it found. */
export interface BriefQuoteCheck extends QuoteCheck {
  quote: BriefQuote;
  /** The case it was checked against, when there is one. */
  target: QuoteTarget | null;
}

/**
 * Every quotation in a brief, checked. `opinionFor` gives the prepared opinion of a case (the
 * caller loads and prepares each case once, keyed by `target.caseKey`), or why there is none.
 * @example
 * const citations = findCitations(text);
 * checkQuotes(text, citations, (target) => index.opinion(target.caseKey) ?? 'no-text')
 * // [{ text: '...', status: 'verified', foundPage: '1006', message: 'Found on page 1006 of the opinion, as cited.', quote, target, ... }]
 */
export function checkQuotes(
  text: string,
  citations: Citation[],
  opinionFor: (target: QuoteTarget) => PreparedOpinion | UncheckedReason,
  options: FindQuotesOptions = {},
): BriefQuoteCheck[] {
  return findQuotes(text, citations, options).map((quote) => {
    const target = quoteTarget(quote, citations);
    if ('reason' in target) return { ...checkQuote(quote, { reason: target.reason }), quote, target: null };
    const opinion = opinionFor(target);
    const check = typeof opinion === 'string' ? checkQuote(quote, { reason: opinion }) : checkQuote(quote, { opinion, target });
    return { ...check, quote, target };
  });
}
