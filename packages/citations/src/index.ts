/**
 * @citecheck/citations — every citation in a legal text: cases (full, parallel, neutral,
 * WL/LEXIS, short, id, supra), statutes and regulations, with their metadata.
 *
 * The pipeline mirrors eyecite's stages, one module each, read in this order:
 *   clean.ts     same-length cleanup (line breaks, superscripts, curly quotes)
 *   tokenize.ts  anchors: volume + reporter, Id., supra, statute codes
 *   find.ts      citations and their metadata (names.ts, courts.ts, statutes.ts help)
 *   resolve.ts   short forms → their full citations
 * plus catalogue.ts (the reporter data).
 */
import { cleanTextAndFindWords, wordTable } from './clean';
import { extractCitations, setContexts } from './find';
import { resolveInPlace } from './resolve';
import { lastWhere } from './last-where';
import { findReferences, MarkerCandidates, MARKER_FIRST_CHARS } from './references';
import { ANCHOR_FIRST_CHARS, TokenStream } from './tokenize';
import type { Citation, DocumentPosition, FindOptions } from './types';

export type { Citation, CitationForm, CitationType, DocumentPosition, FindOptions } from './types';
export { reporters, findReporter, type ReporterEntry, type ReporterFamily, type Edition, type ReporterKind } from './catalogue';
export { courtId, courtName } from './courts';
export { resolveShortForms } from './resolve';
export { formatCitationsJson, type CitationJson } from './format';
export { cleanText } from './clean';
export { tokenize, DEFAULT_EXTRACTORS, type Extractor, type Token } from './tokenize';

// The words the cleaning pass lists for the later stages: those the tokenizer and the
// reference finder look at (a third of a brief's words: digits and capitals, mostly).
const WORDS_TO_LIST = wordTable(ANCHOR_FIRST_CHARS + MARKER_FIRST_CHARS);

/**
 * Two lists of citations in text order as one, in text order, a citation of `first` before a
 * citation of `second` that starts at the same place (as a stable sort of the two joined gives):
 * merged in one pass, where sorting the joined list cost a twentieth of a pass on dense text.
 */
function mergeByStart(first: Citation[], second: Citation[]): Citation[] {
  const out: Citation[] = new Array(first.length + second.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < first.length && j < second.length) out[k++] = first[i].start <= second[j].start ? first[i++] : second[j++];
  while (i < first.length) out[k++] = first[i++];
  while (j < second.length) out[k++] = second[j++];
  return out;
}

/** The paragraph containing `offset` (positions sorted by offset), by binary search. */
export function positionAt(positions: DocumentPosition[], offset: number): DocumentPosition | null {
  const k = lastWhere(positions.length, (i) => positions[i].offset <= offset);
  return k >= 0 ? positions[k] : null;
}

/**
 * Every citation in `text`, in order of appearance, short forms resolved.
 * @example
 * findCitations('See Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 556 (2007).')[0]
 * // { type: 'case', form: 'full', text: '550 U.S. 544', normalized: '550 U.S. 544', pinCite: '556',
 * //   caseName: 'Bell Atlantic Corp. v. Twombly', year: 2007, court: 'scotus', ... }
 */
export function findCitations(text: string, options: FindOptions = {}): Citation[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const { clean, words, blankLines, beforeSpace } = cleanTextAndFindWords(text, WORDS_TO_LIST);
  const markers = new MarkerCandidates();
  // The tokens are read as they are found (TokenStream), each soon after it is made.
  let citations = extractCitations(text, clean, new TokenStream(clean, words, markers), options.removeAmbiguous === true);
  if (options.resolve !== false) resolveInPlace(citations);
  const references = findReferences(text, clean, citations, words, markers);
  if (references.length) citations = mergeByStart(citations, references);
  if (options.context !== false) setContexts(clean, citations, blankLines, beforeSpace);
  const positions = options.positions;
  if (positions && positions.length) {
    for (const c of citations) {
      const p = positionAt(positions, c.start);
      if (p) {
        c.documentPage = p.page;
        c.paragraph = p.paragraph;
        c.paragraphKind = p.kind ?? 'body';
      }
    }
  }
  return citations;
}

/**
 * The canonical form of a citation (`925 F.3d 1339`, `42 U.S.C. § 1983`), or of the first
 * citation in a string; null when there is none.
 * @example normalize('925 F. 3d 1339') // '925 F.3d 1339'
 */
export function normalize(citation: Citation | string): string | null {
  if (typeof citation === 'string') return findCitations(citation, { resolve: false, context: false })[0]?.normalized ?? null;
  return citation.normalized;
}
