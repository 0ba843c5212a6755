import type { Citation, ValidationReport } from '@citecheck/proto/graphql/types';

export type CitationStatus = 'valid' | 'invalid' | 'pending';
export type CitationFilter = 'all' | CitationStatus;

export const CITATION_FILTERS: CitationFilter[] = ['all', 'valid', 'invalid', 'pending'];

export function statusOf(citation: Pick<Citation, 'isValid'>): CitationStatus {
  if (citation.isValid === true) return 'valid';
  if (citation.isValid === false) return 'invalid';
  return 'pending';
}

export const STATUS_LABELS: Record<CitationStatus, string> = { valid: 'Valid', invalid: 'Invalid', pending: 'Pending' };

/** The verdict's reason and suggestion, blank ones read as none. */
export function detailsOf(citation: Pick<Citation, 'validationDetails'>): { message: string | null; suggestion: string | null } {
  const details = citation.validationDetails;
  return { message: details?.message.trim() || null, suggestion: details?.suggestion?.trim() || null };
}

/**
 * What the results table says about a citation. An invalid citation the server gave no
 * reason for reads as a likely hallucination (SPEC section 2). A pending one shows the
 * server's reason as is: "could not be verified here" is not "fabricated".
 */
export function resultDetails(citation: Pick<Citation, 'isValid' | 'validationDetails'>): { message: string; suggestion: string | null } {
  const { message, suggestion } = detailsOf(citation);
  const status = statusOf(citation);
  if (status === 'invalid' && !message) {
    return { message: 'Possible hallucination - citation not found', suggestion: suggestion ?? 'Check formatting' };
  }
  if (message) return { message, suggestion };
  if (status === 'valid') return { message: 'Exact citation and case name match', suggestion };
  return { message: 'Validation pending', suggestion };
}

/** SPEC section 5 "Report citation detail fallback text", used on the report page. */
export function reportDetailText(citation: Pick<Citation, 'isValid' | 'validationDetails'>): string {
  const { message, suggestion } = detailsOf(citation);
  const status = statusOf(citation);
  if (message) return suggestion ? `${message} ${suggestion}` : message;
  if (status === 'valid') return 'Exact citation and case name match';
  if (status === 'invalid') return suggestion ? `Citation not found. ${suggestion}` : 'Citation could not be verified';
  return 'Validation pending';
}

/**
 * Case-insensitive search on the citation as the brief cites it, then the status filter. The
 * server may send the case name apart from the reporter cite (text '925 F.3d 1339', caseName
 * 'Varghese v. China Southern Airlines Co.'), so the case name is searched too.
 */
export function filterCitations(citations: Citation[], filter: CitationFilter, search: string): Citation[] {
  const needle = search.trim().toLowerCase();
  const matches = (citation: Citation) =>
    citation.text.toLowerCase().includes(needle) || (citation.caseName ?? '').toLowerCase().includes(needle);
  return citations.filter((citation) => (filter === 'all' || statusOf(citation) === filter) && (!needle || matches(citation)));
}

export interface CitationTotals {
  total: number;
  valid: number;
  invalid: number;
  pending: number;
  /** Percentage of valid over total, rounded (SPEC section 9). */
  accuracyRate: number;
}

export function accuracyRate(valid: number, total: number): number {
  return total > 0 ? Math.round((valid / total) * 100) : 0;
}

/** Totals from the citations themselves; the report's stored figures win when present. */
export function totalsOf(citations: Citation[], report?: ValidationReport | null): CitationTotals {
  const valid = citations.filter((c) => c.isValid === true).length;
  const invalid = citations.filter((c) => c.isValid === false).length;
  const pending = citations.length - valid - invalid;
  if (report && citations.length === 0) {
    return {
      total: report.totalCitations,
      valid: report.validCitations,
      invalid: report.invalidCitations,
      pending: Math.max(0, report.totalCitations - report.validCitations - report.invalidCitations),
      accuracyRate: Math.round(report.accuracyRate),
    };
  }
  return { total: citations.length, valid, invalid, pending, accuracyRate: accuracyRate(valid, citations.length) };
}

/** CourtListener's absoluteUrl is site-relative; the link must leave for its site. */
export function courtListenerUrl(absoluteUrl: string | null | undefined): string | null {
  if (!absoluteUrl) return null;
  return /^https?:\/\//.test(absoluteUrl) ? absoluteUrl : `https://www.courtlistener.com${absoluteUrl.startsWith('/') ? '' : '/'}${absoluteUrl}`;
}

/**
 * At most `max` characters of a citation's context for the results table: whole words only,
 * the sentence's own punctuation kept, and an ellipsis only where something was left out.
 * @example contextExcerpt('See Ashcroft v. Iqbal, 556 U.S. 662 (2009).', 140) // unchanged
 */
export function contextExcerpt(context: string, max: number): string {
  const text = context.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  // One very long "word" (a URL) is cut where it must be.
  const head = lastSpace > max / 2 ? cut.slice(0, lastSpace) : text.slice(0, max);
  return `${head.replace(/[\s,;:([{“"‘'-]+$/u, '')} …`;
}

export interface CitationLocation {
  /** For the results table: 'p. 2, ¶ 5'. */
  short: string;
  /** For the report: 'Page 2, paragraph 5'. */
  long: string;
  /** Why there is no page, when there is only a paragraph. */
  note: string | null;
}

/**
 * Where the citation is in the document. A Word file has pages only where it breaks them
 * explicitly, so a .docx citation often has a paragraph and no page; it says so rather than
 * leaving the reader to wonder whether the page was lost.
 */
export function locationOf(citation: Pick<Citation, 'page' | 'paragraph'>): CitationLocation | null {
  const page = typeof citation.page === 'number' ? citation.page : null;
  const paragraph = typeof citation.paragraph === 'number' ? citation.paragraph : null;
  if (page !== null && paragraph !== null) return { short: `p. ${page}, ¶ ${paragraph}`, long: `Page ${page}, paragraph ${paragraph}`, note: null };
  if (page !== null) return { short: `p. ${page}`, long: `Page ${page}`, note: null };
  if (paragraph !== null) return { short: `¶ ${paragraph}`, long: `Paragraph ${paragraph}`, note: 'No page numbers in this document' };
  return null;
}

/**
 * What a report's verdicts were checked against, each source once, in order of first use: the
 * report says it once, so a lawyer knows whether the verdicts rest on the full case-law data or
 * on a sample.
 * @example checkedAgainstOf([{ checkedAgainst: 'CourtListener API' }, { checkedAgainst: null }]) // ['CourtListener API']
 */
export function checkedAgainstOf(citations: Pick<Citation, 'checkedAgainst'>[]): string[] {
  return [...new Set(citations.map((c) => c.checkedAgainst?.trim()).filter((s): s is string => Boolean(s)))];
}
