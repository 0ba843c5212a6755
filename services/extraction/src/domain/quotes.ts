/**
 * The brief's quotations for `citations.extracted` (kept apart from extract.ts, which the
 * citation thread's bundle takes in: the quotation engine runs on the main thread, after it).
 */
import type { Citation } from '@citecheck/citations';
import type { ExtractedCitation, ExtractedQuote } from '@citecheck/proto';
import { findQuotes, quoteTarget } from '@citecheck/quotes';

/**
 * The brief's quotations, each tied to the citation it is attributed to (by the id the event
 * gives that citation) and to the case and pins it is checked against; validation checks them
 * against the opinion. `blocks`: the paragraphs the reader saw indented (block quotations).
 */
export function toExtractedQuotes(text: string, citations: Citation[], extracted: ExtractedCitation[], blocks?: { start: number; end: number }[]): ExtractedQuote[] {
  return findQuotes(text, citations, blocks ? { blocks } : {}).map((quote) => {
    const target = quoteTarget(quote, citations);
    return {
      citationId: quote.citation !== null ? (extracted[quote.citation]?.id ?? null) : null,
      text: quote.text,
      start: quote.start,
      end: quote.end,
      kind: quote.kind,
      tie: quote.tie,
      notes: quote.notes,
      target: 'reason' in target ? null : { caseKey: target.caseKey, cites: target.cites.map((c) => ({ normalized: c.normalized, volume: c.volume, reporter: c.reporter, page: c.page, pin: c.pin })) },
      reason: 'reason' in target ? target.reason : null,
    };
  });
}
