/**
 * The quotations a brief attributes to a case, as the report shows them: a badge per status,
 * the counts the summary gives, and one cell of text for the CSV. The status names are the
 * API's (`verified`, `wrong-page`, `altered`, `not-found`, `unchecked`).
 */
import type { Citation, Quote } from '@citecheck/proto/graphql/types';

/** The badge tones (`@/components/ui/badge`'s Tone). */
export type Tone = 'valid' | 'invalid' | 'pending' | 'neutral';

export type QuoteStatus = 'verified' | 'wrong-page' | 'altered' | 'not-found' | 'unchecked';

const LABELS: Record<QuoteStatus, string> = {
  verified: 'Quotation verified',
  'wrong-page': 'Wrong page',
  altered: 'Altered quotation',
  'not-found': 'Quotation not found',
  unchecked: 'Quotation not checked',
};

const TONES: Record<QuoteStatus, Tone> = { verified: 'valid', 'wrong-page': 'pending', altered: 'invalid', 'not-found': 'invalid', unchecked: 'neutral' };

const known = (status: string): status is QuoteStatus => status in LABELS;

/** The badge's words: `Altered quotation`; a status this version does not know is shown as it is. */
export function quoteLabel(status: string): string {
  return known(status) ? LABELS[status] : status;
}

export function quoteTone(status: string): Tone {
  return known(status) ? TONES[status] : 'neutral';
}

/** A problem the lawyer must fix before filing: words that differ from the opinion, or are not in it. */
export function isQuoteProblem(status: string): boolean {
  return status === 'altered' || status === 'not-found';
}

export interface QuoteTotals {
  quotes: number;
  altered: number;
  notFound: number;
  /** Quotations no opinion text was available for: "0 altered" says nothing about them. */
  unchecked: number;
}

export function quoteTotalsOf(citations: Pick<Citation, 'quotes'>[]): QuoteTotals {
  const all = citations.flatMap((c) => c.quotes ?? []);
  const count = (status: string) => all.filter((q) => q.status === status).length;
  return { quotes: all.length, altered: count('altered'), notFound: count('not-found'), unchecked: count('unchecked') };
}

/** What a status counts as in a one-line tally, in the order a lawyer reads them: problems first. */
const TALLY: [QuoteStatus, string][] = [
  ['altered', 'altered'],
  ['not-found', 'not found'],
  ['wrong-page', 'on another page'],
  ['verified', 'verified'],
  ['unchecked', 'not checked'],
];

/** A citation's quotations in one line for the results table: `2 quotations: 1 altered, 1 verified`. */
export function quoteTallyText(quotes: Pick<Quote, 'status'>[] | null | undefined): string {
  const all = quotes ?? [];
  if (!all.length) return '';
  const parts = TALLY.map(([status, words]) => [all.filter((q) => q.status === status).length, words] as const)
    .filter(([n]) => n > 0)
    .map(([n, words]) => `${n} ${words}`);
  return `${all.length} ${all.length === 1 ? 'quotation' : 'quotations'}: ${parts.join(', ')}`;
}

/**
 * One CSV cell for a citation's quotations, one line each: status, the brief's words and what
 * was found (`Altered quotation: "…" (The opinion's words differ (page 1321): …)`).
 */
export function quotesCellText(quotes: Pick<Quote, 'status' | 'text' | 'message'>[] | null | undefined): string {
  return (quotes ?? []).map((q) => `${quoteLabel(q.status)}: “${q.text.replace(/\s+/g, ' ').trim()}” (${q.message})`).join('\n');
}
