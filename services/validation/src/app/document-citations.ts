/**
 * A document's citations with their verdicts, from validation's own record; empty until the
 * document has been checked. The document id (128 random bits) is the permission.
 */
import type { ValidatedCitation } from '@citecheck/proto';
import type { CitationRepository } from '../store/citations';

export async function documentCitations(deps: { citations: CitationRepository }, documentId: string): Promise<ValidatedCitation[]> {
  return deps.citations.ofDocument(documentId);
}
