/** The annotator's input and answer, the same for a .docx and a PDF. */
import type { CitationToAnnotate, Counts, Finding } from './findings';

export interface AnnotateInput {
  /** The reader's text the citations' offsets are in: `toCitationInput(document).text`. */
  text: string;
  citations: CitationToAnnotate[];
  /** When the check ran: each comment's date and the summary's. */
  checkedAt: Date;
  /** Comment valid citations too (default: only findings). */
  includeValid?: boolean;
  /** The comments' author (default `CiteCheck`). */
  author?: string;
}

export interface Placed {
  citation: CitationToAnnotate;
  finding: Finding;
}

export interface AnnotateResult {
  bytes: Buffer;
  /** Findings with a comment (or highlight) on their own words. */
  placed: Placed[];
  /** Findings that could not be put on their words: listed in the summary instead. */
  unplaced: Placed[];
  counts: Counts;
}

