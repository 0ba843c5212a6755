/**
 * The public shapes of the citation engine. Every stage (clean, tokenize, find, resolve)
 * produces or refines these; nothing outside this package needs to know the stages.
 */

/**
 * SPEC.md's citation kinds (only `case` citations are verified), plus law-review articles
 * (`journal`) and court rules (`rule`: `Fed. R. Civ. P. 12(b)(6)`), listed like statutes.
 */
export type CitationType = 'case' | 'statute' | 'regulation' | 'journal' | 'rule';

/**
 * How the citation is written: `full` (volume reporter page, or a full statute cite),
 * `short` (`550 U.S. at 556`, `Twombly, 550 U.S. at 556`), `id` (`Id.`, `Id. at 5`, `Ibid.`),
 * `supra` (`Daubert, supra, at 593`), `reference` (a party's name and a pin after the case was
 * cited in full: `In Twombly at 556, the Court ...`).
 */
export type CitationForm = 'full' | 'short' | 'id' | 'supra' | 'reference';

/** Where a stretch of text sits in the source document (passed in by the reader). */
export interface DocumentPosition {
  /** Offset in the text handed to findCitations where this paragraph starts. */
  offset: number;
  /** Document page (1-based), or null when the format has no pages (.docx). */
  page: number | null;
  /** Paragraph index (0-based, in reading order). */
  paragraph: number;
  kind?: 'body' | 'footnote' | 'endnote';
}

export interface Citation {
  type: CitationType;
  form: CitationForm;
  /** Exact source text of the citation (the matched span). */
  text: string;
  /** Offsets of `text` in the input (end exclusive). */
  start: number;
  end: number;
  /** Canonical form: `925 F.3d 1339`, `42 U.S.C. § 1983`, `29 C.F.R. § 1630.2(g)`. */
  normalized: string | null;
  volume: number | null;
  /** Canonical reporter abbreviation from the catalogue (`F.3d`, `U.S.`), or the code (`U.S.C.`). */
  reporter: string | null;
  /** Reporter page (first page of the case) as written; a string because of `___` and `111279-U`. */
  page: string | null;
  pinCite: string | null;
  /** The case name as written (`Bell Atlantic Corp. v. Twombly`), or null. */
  caseName: string | null;
  plaintiff: string | null;
  defendant: string | null;
  year: number | null;
  /** Court id (`scotus`, `ca11`, `nysd`), from the parenthetical or implied by the reporter. */
  court: string | null;
  /** The explanatory parenthetical after the citation, if any (`(holding that ...)`). */
  parenthetical: string | null;
  /** The sentence around the citation (SPEC.md's originalContext). */
  context: string;
  /** Document page and paragraph, when positions were passed to findCitations. */
  documentPage: number | null;
  paragraph: number | null;
  paragraphKind: 'body' | 'footnote' | 'endnote' | null;
  /** For short, id and supra forms: the normalized full citation it refers to. */
  antecedent: string | null;
  /** Normalized forms of the other citations in the same parallel group (`384 U.S. 436` ↔ `86 S. Ct. 1602`). */
  parallels: readonly string[];
  /** Statutes and regulations: the section(s) cited (`1630.2(g)`, `1331, 1343`); else null. */
  section: string | null;
  /**
   * From the case name (when found) through the last parenthetical; equals start/end when
   * there is neither. Lets a highlighter mark `Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007)`.
   */
  fullStart: number;
  fullEnd: number;
}

export interface FindOptions {
  /** Paragraph boundaries, sorted by offset; gives each citation its page and paragraph. */
  positions?: DocumentPosition[];
  /** Resolve short forms to their antecedents (default true). */
  resolve?: boolean;
  /**
   * Drop a case citation whose spelling still names several reporters after its year is
   * considered (`1 Johnson 1 (1806)`), as eyecite's `remove_ambiguous` does (default false:
   * it is kept, read as the first of them).
   */
  removeAmbiguous?: boolean;
  /**
   * Give each citation the sentence around it, `context` (default true). Without it the
   * field is '' and the engine does about a seventh less work: for callers that read only
   * the citations (normalize), and to time the engine on what eyecite computes.
   */
  context?: boolean;
}

