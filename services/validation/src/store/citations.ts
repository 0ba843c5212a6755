/**
 * Validation owns citations and their verdicts. A document's citations are one record, so
 * replacing a document's set is a single atomic write (a rerun after a crash can never leave
 * two sets, or half of one), and one write instead of one per citation. A citation id starts
 * with its document's id (see extraction), which is how one citation is found for a recheck.
 */
import { DuplicateKeyError, type Collection, type Store } from '@citecheck/platform';
import type { ValidatedCitation } from '@citecheck/proto';

export interface DocumentCitations {
  id: string; // documentId
  citations: ValidatedCitation[];
  checkedAt: string;
}

/** `<documentId>.<random>` -> documentId. */
export function documentIdOf(citationId: string): string | null {
  const dot = citationId.lastIndexOf('.');
  return dot > 0 ? citationId.slice(0, dot) : null;
}

export class CitationRepository {
  private readonly collection: Collection<DocumentCitations>;

  constructor(store: Store) {
    this.collection = store.collection<DocumentCitations>({ name: 'document_citations' });
  }

  /** The citation, its document's whole set and its index in it; null when unknown. */
  async find(citationId: string): Promise<{ documentId: string; index: number; all: ValidatedCitation[] } | null> {
    const documentId = documentIdOf(citationId);
    const record = documentId ? await this.collection.get(documentId) : null;
    const index = record ? record.citations.findIndex((c) => c.id === citationId) : -1;
    return record && index >= 0 ? { documentId: record.id, index, all: record.citations } : null;
  }

  async ofDocument(documentId: string): Promise<ValidatedCitation[]> {
    return (await this.collection.get(documentId))?.citations ?? [];
  }

  /** Forgets a document's citations (its account was deleted). */
  async removeDocument(documentId: string): Promise<void> {
    await this.collection.deleteMany({ id: documentId });
  }

  /** Sets a document's citations (replacing what a cut-off earlier run may have written). */
  async replaceDocument(documentId: string, citations: ValidatedCitation[], at: Date): Promise<void> {
    const record = { id: documentId, citations, checkedAt: at.toISOString() };
    if (await this.collection.update(documentId, { $set: record })) return;
    try {
      await this.collection.insert(record);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      await this.collection.update(documentId, { $set: record });
    }
  }
}
