import type { DocumentPosition } from '@citecheck/citations';
import type { ReadDocument } from './types';

/** Separator between paragraphs in the text handed to the citation engine. */
export const PARAGRAPH_SEPARATOR = '\n\n';

/**
 * The input `findCitations(text, { positions })` expects: paragraphs joined by a blank line, and
 * where each one starts with its page (null for .txt and for a .docx without explicit page breaks), index and kind;
 * and `blocks`, the offsets of the paragraphs set off by indentation (block quotations, for
 * `findQuotes(text, citations, { blocks })` of @citecheck/quotes).
 *
 * @example
 * const { text, positions } = toCitationInput(await readDocument(buffer));
 * findCitations(text, { positions });
 */
export function toCitationInput(document: ReadDocument): { text: string; positions: DocumentPosition[]; blocks: { start: number; end: number }[] } {
  const parts: string[] = [];
  const positions: DocumentPosition[] = [];
  const blocks: { start: number; end: number }[] = [];
  let offset = 0;
  for (const page of document.pages) {
    for (const paragraph of page.paragraphs) {
      if (parts.length > 0) offset += PARAGRAPH_SEPARATOR.length;
      positions.push({ offset, page: page.number, paragraph: paragraph.index, kind: paragraph.kind });
      parts.push(paragraph.text);
      if (paragraph.indented) blocks.push({ start: offset, end: offset + paragraph.text.length });
      offset += paragraph.text.length;
    }
  }
  return { text: parts.join(PARAGRAPH_SEPARATOR), positions, blocks };
}
