/**
 * The public shapes of the quote engine: an opinion's text with its reporter pages, the
 * quotations a brief makes, and what checking one of them against the opinion found.
 */

/** Where a reporter page begins in an opinion's text (a star-pagination label: `*1005`). */
export interface PageMark {
  /** Offset in `OpinionText.text` where the page begins. */
  offset: number;
  /** The page as labelled (`1005`; rarely a roman numeral). */
  label: string;
  /** Index into `OpinionText.series`: which reporter's pages this label counts. */
  series: number;
}

/**
 * One reporter's page sequence in the text. CourtListener's `citation-index` says which of the
 * case's citations a label belongs to (1 for the first); older HTML has none, and then a
 * second reporter's labels are told by their two stars (`**98`) or by their numbering.
 */
export interface PageSeries {
  citationIndex: number | null;
}

/** A footnote's text, placed after the body as CourtListener's sources place it. */
export interface Footnote {
  start: number;
  end: number;
  /** The footnote's number or symbol as labelled (`1`, `*`). */
  label: string;
  /** Where its marker stood in the body text (the page of the footnote), or -1 when not found. */
  refOffset: number;
}

/** An opinion as plain text (paragraphs separated by a blank line) with its page map. */
export interface OpinionText {
  text: string;
  /** In text order. Marks inside footnotes belong to the footnote (a footnote running onto the next page). */
  marks: PageMark[];
  series: PageSeries[];
  /** In text order, not overlapping. */
  footnotes: Footnote[];
}

/** CourtListener's opinion text fields (the `opinions` bulk file's columns, the API's opinion object). */
export type OpinionField =
  | 'html_with_citations'
  | 'xml_harvard'
  | 'html_columbia'
  | 'html_lawbox'
  | 'html_anon_2020'
  | 'html'
  | 'plain_text';

export type OpinionFields = Partial<Record<OpinionField, string | null | undefined>>;

/** Something the brief says about its quotation after the citation: `(emphasis added)`, ... */
export type QuoteNote =
  | 'emphasis-added'
  | 'emphasis-in-original'
  | 'emphasis-omitted'
  | 'internal-quotation-marks-omitted'
  | 'alteration-in-original'
  | 'citations-omitted'
  | 'footnote-omitted'
  | 'cleaned-up';

/** How a quotation was tied to its citation. */
export type QuoteTie =
  /** Inside the citation's parenthetical: `(holding that "...")`. */
  | 'parenthetical'
  /** The citation follows the quotation in the same sentence. */
  | 'following'
  /** The citation sentence right after the sentence the quotation ends (`"..." Id. at 1006.`). */
  | 'next-sentence'
  /** The citation comes before the quotation in the same sentence (`In Smith, 1 F.3d at 5, the court said "..."`). */
  | 'preceding'
  /** A block quotation: the citation on the line after it, at its end, or in the sentence introducing it. */
  | 'block';

/** A quotation found in a brief. */
export interface BriefQuote {
  /** The quoted words as the brief writes them, without the enclosing quotation marks. */
  text: string;
  /** Offsets of `text` in the brief's text (end exclusive). */
  start: number;
  end: number;
  kind: 'inline' | 'block';
  /** Index into the citations passed to findQuotes of the citation the words are attributed to, or null. */
  citation: number | null;
  tie: QuoteTie | null;
  /** What the citation's parentheticals say about the quotation. */
  notes: QuoteNote[];
}

/** One citation of the quoted case, with the pin the brief gives for the quotation in it. */
export interface CiteTarget {
  /** `100 A.3d 1004`. */
  normalized: string;
  volume: number | null;
  reporter: string | null;
  /** The case's first page in this reporter. */
  page: string;
  /** The pin cite as written (`1006`, `1006-07`, `1006 n.3`), or null when none applies to this reporter. */
  pin: string | null;
  /** The case's last page in this reporter, when the caller knows it (a one-page case has no page labels). */
  lastPage?: string | null;
  /** This citation's place among the case's citations (CourtListener's `citation-index`, from 1), when the caller knows it. */
  citationIndex?: number | null;
}

/** The case a quotation is attributed to: its citation and the parallel citations written with it. */
export interface QuoteTarget {
  /** The normalized citation standing for the case (the first of its parallel group). */
  caseKey: string;
  cites: CiteTarget[];
}

export type QuoteStatus = 'verified' | 'wrong-page' | 'altered' | 'not-found' | 'unchecked';

/** Why a quotation was not checked. */
export type UncheckedReason =
  /** The case has no opinion text in the local index and none could be fetched. */
  | 'no-text'
  /** The citation itself was not found (or looks fabricated): there is no opinion to compare. */
  | 'case-not-found'
  /** No case citation goes with the quotation. */
  | 'no-citation'
  /** A short form (`Id.`, `supra`) that could not be tied to one case. */
  | 'unresolved-citation'
  /** The opinion's source could not be reached (CourtListener down or refusing). */
  | 'source-unavailable';

/** A run of words in a word-by-word comparison; `changed` marks words that differ from the other side. */
export interface DiffPart {
  text: string;
  changed: boolean;
}

/** One difference between the quotation and the opinion, in reading order. */
export interface QuoteChange {
  /** replaced: other words; added: words the opinion does not have; omitted: the opinion's words left out without an ellipsis. */
  kind: 'replaced' | 'added' | 'omitted';
  /** The brief's words ('' when omitted). */
  quote: string;
  /** The opinion's words ('' when added). */
  opinion: string;
}

/** The result for one quotation: the output contract `{ text, status, foundPage, message }` and what a report needs to show the change. */
export interface QuoteCheck {
  /** The quotation as the brief writes it. */
  text: string;
  status: QuoteStatus;
  /** Where the words are (verified, wrong-page) or the nearest passage is (altered): `1006`, or `1006-1007` across a page break. */
  foundPage: string | null;
  /** For a lawyer, in words. */
  message: string;
  /** The pin the brief gives (for the reporter whose pages were checked), or null. */
  pin: string | null;
  /** False when the words were found but their page could not be told (no page labels for the cited reporter, or a pin that names no page). */
  pageChecked: boolean;
  /** The opinion's words for the passage found (verified, wrong-page, altered), page labels and footnote markers left out. */
  opinionText: string | null;
  /** altered: the quotation and the opinion's passage word by word, the changed words marked. */
  diff: { quote: DiffPart[]; opinion: DiffPart[] } | null;
  /** altered: the differences, in order. */
  changes: QuoteChange[];
  /** unchecked: why. */
  reason: UncheckedReason | null;
  /** The brief's own notes on the quotation (`(emphasis added)`, ...), as read. */
  notes: QuoteNote[];
}
