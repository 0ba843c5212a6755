/** The MCP tool extract_citations: every citation in a text, read by the engine, no lookup. */
import { extractText } from '@citecheck/caselaw';
import { toApiCitation, type ExtractResponse } from '@citecheck/proto';

export function extractCitationsForKey(text: string): ExtractResponse {
  const citations = extractText(text).map(toApiCitation);
  return { citations, total: citations.length };
}
