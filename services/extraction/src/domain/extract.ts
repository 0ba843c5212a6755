/**
 * The pure part of extraction: text and paragraph positions in, the `citations.extracted`
 * payload's citations out. No I/O, so the CLI (`citecheck check`) can call the same steps:
 *
 *   const { text, positions } = toCitationInput(await readDocument(buffer));
 *   const citations = toExtractedCitations(findCitations(text, { positions }), randomId);
 */
import { findCitations, type Citation, type DocumentPosition } from '@citecheck/citations';
import { extractedCitationSchema, type ExtractedCitation } from '@citecheck/proto';
import { withReadableContexts } from './context';

export interface CitationInput {
  text: string;
  positions: DocumentPosition[];
}

/**
 * Citations in `text`, counted batch by batch (cut at line ends) without resolving short forms:
 * one count per batch, so the caller can stop at the first batch past a limit and a document
 * built to yield 150,000 citations costs a few batches of work and memory instead of 150,000
 * citation objects. Short forms are counted too, so the count errs high at a cut.
 */
export function* batchCitationCounts(text: string, batchChars: number): Generator<number> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + batchChars);
    if (end < text.length) {
      const lineEnd = text.lastIndexOf('\n', end);
      if (lineEnd > start) end = lineEnd + 1;
    }
    yield findCitations(text.slice(start, end), { resolve: false }).length;
    start = end;
  }
}

/** True when `text` holds more than `limit` citations (see batchCitationCounts). */
export function exceedsCitationLimit(text: string, limit: number, batchChars: number): boolean {
  let count = 0;
  for (const found of batchCitationCounts(text, batchChars)) {
    count += found;
    if (count > limit) return true;
  }
  return false;
}

/** Every citation the engine finds, with its document page and paragraph, and its context as the document wrote it. */
export function findDocumentCitations(input: CitationInput): Citation[] {
  return withReadableContexts(input.text, findCitations(input.text, { positions: input.positions }));
}

/**
 * The engine's citations as the event carries them; `newId` gives each its id. The event's
 * schema is the one list of fields: parsing keeps those and drops the engine's others.
 */
export function toExtractedCitations(citations: Citation[], newId: () => string, foundByModel: ReadonlySet<Citation> = new Set()): ExtractedCitation[] {
  return citations.map((c) => extractedCitationSchema.parse({ ...c, id: newId(), ...(foundByModel.has(c) ? { foundByModel: true } : {}) }));
}

