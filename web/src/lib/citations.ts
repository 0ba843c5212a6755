import type { Citation, ValidationReport } from '@citecheck/proto/graphql/types';

export type CitationStatus = 'valid' | 'invalid' | 'pending';
export type CitationFilter = 'all' | CitationStatus;

export const CITATION_FILTERS: CitationFilter[] = ['all', 'valid', 'invalid', 'pending'];

export function statusOf(citation: Pick<Citation, 'isValid'>): CitationStatus {
  if (citation.isValid === true) return 'valid';
  if (citation.isValid === false) return 'invalid';
  return 'pending';
}

/**
 * The filter's categories (SPEC: all, valid, invalid, pending). The citations list is empty
 * until the document's citations have been checked, so a citation listed without a verdict is
 * not waiting for one: it was not checked (a statute, a regulation) or could not be verified.
 * 'Pending' reads to a lawyer as still running, so it is never shown for it (ARCHITECTURE.md,
 * "Deliberate departures").
 */
export const STATUS_LABELS: Record<CitationStatus, string> = { valid: 'Valid', invalid: 'Invalid', pending: 'Not checked or not verified' };

/**
 * What one citation's verdict reads as: Valid, Invalid, or, without a verdict, what it is:
 * 'Not checked (statute)', 'Not checked (regulation)', 'Not verified' (a case the available
 * case-law data could not settle; its details say why).
 * @example statusLabel({ isValid: null, type: 'statute' }) // 'Not checked (statute)'
 */
export function statusLabel(citation: Pick<Citation, 'isValid' | 'type'>): string {
  if (citation.isValid === true) return 'Valid';
  if (citation.isValid === false) return 'Invalid';
  if (citation.type === 'statute' || citation.type === 'regulation') return `Not checked (${citation.type})`;
  return 'Not verified';
}

/** A sentence ends with its stop: '.', '!', '?' or an ellipsis; one is added where it has none. */
function sentence(text: string): string {
  return /[.!?…]["'”’)]*$/u.test(text) ? text : `${text}.`;
}

/**
 * Two sentences of a verdict, the second after the first's stop: the reason and the
 * suggestion never run together.
 * @example joinSentences('Possible hallucination - citation not found', 'Check formatting') // 'Possible hallucination - citation not found. Check formatting.'
 */
export function joinSentences(first: string, second: string | null): string {
  return second ? `${sentence(first)} ${sentence(second)}` : first;
}

/** Without a verdict and without the server's reason: what the citation is, in words. */
function unsettledText(citation: Pick<Citation, 'type'>): string {
  return citation.type === 'case' ? 'Not verified: no verdict could be reached for this citation.' : `Not checked: ${citation.type}s are listed, not verified.`;
}

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
export function resultDetails(citation: Pick<Citation, 'isValid' | 'validationDetails' | 'type'>): { message: string; suggestion: string | null } {
  const { message, suggestion } = detailsOf(citation);
  const status = statusOf(citation);
  if (status === 'invalid' && !message) {
    return { message: 'Possible hallucination - citation not found', suggestion: suggestion ?? 'Check formatting' };
  }
  if (message) return { message, suggestion };
  if (status === 'valid') return { message: 'Exact citation and case name match', suggestion };
  return { message: unsettledText(citation), suggestion };
}

/**
 * SPEC section 5 "Report citation detail fallback text", used on the report page and in the
 * CSV: the reason and the suggestion as two sentences. A citation without a verdict says what
 * it is ('Not checked: ...', 'Not verified: ...'), not 'Validation pending'.
 */
export function reportDetailText(citation: Pick<Citation, 'isValid' | 'validationDetails' | 'type'>): string {
  const { message, suggestion } = detailsOf(citation);
  const status = statusOf(citation);
  if (message) return joinSentences(message, suggestion);
  if (status === 'valid') return 'Exact citation and case name match';
  if (status === 'invalid') return suggestion ? `Citation not found. ${suggestion}` : 'Citation could not be verified';
  return joinSentences(unsettledText(citation), suggestion);
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
  /** Without a verdict: not checked (statutes, regulations) or not verified (cases). */
  pending: number;
  /** Citations with a verdict (valid + invalid): what the accuracy rate is over. */
  checked: number;
  /**
   * Valid over the citations that were checked, rounded; null when none was. SPEC section 9
   * says "valid over total", but a statute (never checked) or a case the data could not settle
   * is not a failure, and counting them so read "44%" for a brief with 3 of 18 flagged; every
   * screen that shows the rate says what it is over.
   */
  accuracyRate: number | null;
}

export function accuracyRate(valid: number, checked: number): number | null {
  return checked > 0 ? Math.round((valid / checked) * 100) : null;
}

/** Totals from the citations themselves; the report's stored figures win when present. */
export function totalsOf(citations: Citation[], report?: ValidationReport | null): CitationTotals {
  if (report && citations.length === 0) {
    const checked = report.validCitations + report.invalidCitations;
    return {
      total: report.totalCitations,
      valid: report.validCitations,
      invalid: report.invalidCitations,
      pending: Math.max(0, report.totalCitations - checked),
      checked,
      accuracyRate: checked > 0 ? Math.round(report.accuracyRate) : null,
    };
  }
  const valid = citations.filter((c) => c.isValid === true).length;
  const invalid = citations.filter((c) => c.isValid === false).length;
  return { total: citations.length, valid, invalid, pending: citations.length - valid - invalid, checked: valid + invalid, accuracyRate: accuracyRate(valid, valid + invalid) };
}

/** The rate as shown: '80%', or '—' when nothing was checked. */
export function formatAccuracy(totals: Pick<CitationTotals, 'accuracyRate'>): string {
  return totals.accuracyRate === null ? '—' : `${totals.accuracyRate}%`;
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
