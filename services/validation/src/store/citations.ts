/**
 * Validation owns citations and their verdicts. One record per citation, indexed by
 * document, with its position in the document so a document's set reads back in order.
 */
import type { Collection, Store } from '@citecheck/platform';
import type { ValidatedCitation } from '@citecheck/proto';

export interface CitationRecord {
  id: string; // the citation id
  documentId: string;
  index: number;
  citation: ValidatedCitation;
  checkedAt: string;
}

export class CitationRepository {
  private readonly collection: Collection<CitationRecord>;

  constructor(store: Store) {
    this.collection = store.collection<CitationRecord>({ name: 'citations', indexes: [{ fields: ['documentId', 'index'], unique: true }] });
  }

  get(id: string): Promise<CitationRecord | null> {
    return this.collection.get(id);
  }

  async ofDocument(documentId: string): Promise<ValidatedCitation[]> {
    const records = await this.collection.find({ documentId }, { sort: { index: 1 } });
    return records.map((r) => r.citation);
  }

  /**
   * Replaces a document's set. A rerun after a crash mid-write first clears what the cut-off
   * run left, so a document never ends up with two sets.
   */
  async replaceDocument(documentId: string, citations: ValidatedCitation[], at: Date): Promise<void> {
    await this.collection.deleteMany({ documentId });
    for (const [index, citation] of citations.entries()) {
      await this.collection.insert({ id: citation.id, documentId, index, citation, checkedAt: at.toISOString() });
    }
  }

  async update(citation: ValidatedCitation, at: Date): Promise<void> {
    await this.collection.update(citation.id, { $set: { citation, checkedAt: at.toISOString() } });
  }
}
