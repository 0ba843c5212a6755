/**
 * What a citation's verdict says, as the words of a comment. Pure. The wording is the
 * verdict's own (`validationDetails`: its message, with the evidence, and its suggestion), so
 * whatever the verdicts say reaches the document unchanged; this file only decides which
 * verdicts are findings and adds a short label and the report's fallbacks for a blank reason.
 */

/** A quotation attributed to the citation and how checking it went (`altered`, `not-found`, `verified`, ...). */
export interface QuoteCheck {
  text: string;
  status: string;
  message: string;
}

/** A citation as the report has it, with its offsets in the reader's text. */
export interface CitationToAnnotate {
  id?: string;
  /** The citation as the brief writes it (`925 F.3d 1339`). */
  text: string;
  /** Offsets of `text` in the reader's text (`toCitationInput(document).text`), end exclusive. */
  start: number;
  end: number;
  /** Where the case name begins, when the engine found one before the citation (`fullStart`). */
  fullStart?: number;
  type?: string;
  caseName?: string | null;
  isValid: boolean | null;
  validationDetails: string | { message: string; suggestion?: string | null };
  /** What the verdict was checked against (`CourtListener bulk data of 2026-10-31`). */
  checkedAgainst?: string | null;
  /** Quotations attributed to the citation, once quotes are checked. */
  quotes?: QuoteCheck[];
}

export type FindingKind = 'invalid' | 'warning' | 'unverified' | 'quote' | 'valid';

export interface Finding {
  kind: FindingKind;
  /** `Invalid`, `Check`, `Not verified`, `Quotation`, `Valid`. */
  label: string;
  message: string;
  suggestion: string | null;
  checkedAgainst: string | null;
  /** Quotations of this citation that are findings (altered or not found). */
  quotes: QuoteCheck[];
}

/** Quote statuses that are not findings. */
const QUOTE_OK = new Set(['verified', 'exact', 'found', 'match', 'matched', 'ok']);

export function quoteIsFinding(quote: QuoteCheck): boolean {
  return !QUOTE_OK.has(quote.status.trim().toLowerCase());
}

function details(c: CitationToAnnotate): { message: string; suggestion: string | null } {
  const d = c.validationDetails;
  if (typeof d === 'string') return { message: d.trim(), suggestion: null };
  return { message: (d?.message ?? '').trim(), suggestion: d?.suggestion?.trim() || null };
}

/**
 * The finding a citation's verdict makes, or null when there is none (a valid citation with
 * nothing to check, a statute, which is listed and not verified). With `includeValid`, valid
 * citations are findings of kind `valid`.
 * @example findingOf({ isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' }, ... })
 *   // { kind: 'invalid', label: 'Invalid', message: 'Possible hallucination - citation not found', suggestion: 'Check formatting', ... }
 */
export function findingOf(c: CitationToAnnotate, includeValid = false): Finding | null {
  const { message, suggestion } = details(c);
  const quotes = (c.quotes ?? []).filter(quoteIsFinding);
  const checkedAgainst = c.checkedAgainst?.trim() || null;
  const isCase = c.type === undefined || c.type === 'case';
  const make = (kind: FindingKind, label: string, text: string): Finding => ({ kind, label, message: text, suggestion, checkedAgainst, quotes });

  if (c.isValid === false) {
    // The report's fallbacks for an invalid citation without a reason (SPEC sections 2 and 5).
    return make('invalid', 'Invalid', message || (suggestion ? `Citation not found. ${suggestion}` : 'Possible hallucination - citation not found'));
  }
  if (c.isValid === null) {
    if (isCase) return make('unverified', 'Not verified', message || 'Citation could not be verified');
    return quotes.length ? make('quote', 'Quotation', message) : null;
  }
  // Valid, but the verdict asks for a look at the year, the court or the pin.
  if (suggestion || /\bcheck\b/i.test(message)) return make('warning', 'Check', message || 'Exact citation and case name match');
  if (quotes.length) return make('quote', 'Quotation', message || 'Exact citation and case name match');
  if (includeValid) return make('valid', 'Valid', message || 'Exact citation and case name match');
  return null;
}

/**
 * Where the citation's case name begins: the engine's `fullStart`, or the name written just
 * before it; never in an earlier paragraph (a PDF's paragraphs end with the page, and a comment
 * or highlight stays with the citation's own words).
 */
export function nameStart(text: string, c: CitationToAnnotate): number {
  const sameParagraph = (from: number) => !text.slice(from, c.start).includes('\n');
  if (c.fullStart !== undefined && c.fullStart <= c.start && c.start - c.fullStart <= 400) return sameParagraph(c.fullStart) ? c.fullStart : c.start;
  const name = c.caseName?.trim();
  if (!name || c.text.includes(name)) return c.start;
  const before = text.slice(Math.max(0, c.start - name.length - 8), c.start);
  const at = before.lastIndexOf(name);
  // Only a name followed by a comma and spaces, as a citation writes it.
  if (at >= 0 && /^,?[^\S\n]*$/.test(before.slice(at + name.length))) return c.start - before.length + at;
  return c.start;
}

/** The comment on a citation, one paragraph per line: label and citation, the finding, the suggestion, the source; then its quotations. */
export function commentLines(c: CitationToAnnotate, finding: Finding, quotesInline: QuoteCheck[] = finding.quotes): string[] {
  // "Id." and "supra" forms name their case after them; a full or short citation before.
  const referring = /^(id\.|ibid\.)|\bsupra\b/i.test(c.text);
  const cited = !c.caseName || c.text.includes(c.caseName) ? c.text : referring ? `${c.text} (${c.caseName})` : `${c.caseName}, ${c.text}`;
  const lines = [`${finding.label}: ${cited}`];
  if (finding.message) lines.push(finding.message);
  if (finding.suggestion) lines.push(`Suggestion: ${finding.suggestion}`);
  if (finding.checkedAgainst) lines.push(`Checked against ${finding.checkedAgainst}.`);
  for (const quote of quotesInline) lines.push(quoteLine(quote));
  return lines;
}

/** A quotation finding, on the quotation's own words or in its citation's comment. */
export function quoteLine(quote: QuoteCheck): string {
  return `Quotation “${quote.text}”: ${quote.message || quote.status}`;
}

export interface Counts {
  total: number;
  valid: number;
  invalid: number;
  /** Neither valid nor invalid: unverified cases, and statutes and regulations (listed, not verified). */
  other: number;
  findings: Record<FindingKind, number>;
}

export function countFindings(citations: CitationToAnnotate[], includeValid: boolean): Counts {
  const counts: Counts = { total: citations.length, valid: 0, invalid: 0, other: 0, findings: { invalid: 0, warning: 0, unverified: 0, quote: 0, valid: 0 } };
  for (const c of citations) {
    if (c.isValid === true) counts.valid++;
    else if (c.isValid === false) counts.invalid++;
    else counts.other++;
    const finding = findingOf(c, includeValid);
    if (finding) counts.findings[finding.kind]++;
  }
  return counts;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `June 22, 2023` (UTC: the date the check ran, the same wherever the copy is read). */
export function longDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The summary at the top of the document: the report's totals, then what the comments mark,
 * then any finding that could not be put on its words.
 */
export function summaryLines(counts: Counts, checkedAt: Date, unplaced: { citation: CitationToAnnotate; finding: Finding }[]): string[] {
  const lines = [
    `CiteCheck checked this document on ${longDate(checkedAt)}: ${plural(counts.total, 'citation', 'citations')}, ${counts.valid} valid, ${counts.invalid} invalid, ${counts.other} not verified (statutes and regulations are listed, not verified).`,
  ];
  const f = counts.findings;
  const parts = [
    f.invalid && plural(f.invalid, 'invalid citation', 'invalid citations'),
    f.warning && plural(f.warning, 'citation to check (year, court or pin cite)', 'citations to check (year, court or pin cite)'),
    f.unverified && plural(f.unverified, 'case not verified', 'cases not verified'),
    f.quote && plural(f.quote, 'citation with a quotation to check', 'citations with a quotation to check'),
    f.valid && plural(f.valid, 'valid citation', 'valid citations'),
  ].filter(Boolean);
  const marked = f.invalid + f.warning + f.unverified + f.quote + f.valid;
  lines.push(marked === 0 ? 'No citation needs a comment.' : `Comments mark ${parts.join(', ')}, each on its own words.`);
  if (unplaced.length) {
    lines.push(`${plural(unplaced.length, 'finding', 'findings')} could not be placed on the citation's words in this copy:`);
    for (const { citation, finding } of unplaced) lines.push(`${finding.label}: ${citation.text} — ${finding.message}`);
  }
  return lines;
}
