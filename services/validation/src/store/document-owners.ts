/**
 * Who uploaded each document, as validation learns it from `document.uploaded`: what lets it
 * decide who may recheck a citation (app/recheck-as-owner.ts) and which documents' citations
 * go with a deleted account (app/forget-user.ts). Validation's own record; it reads no other
 * service's store.
 */
import { DuplicateKeyError, type Collection, type Store } from '@citecheck/platform';

export interface DocumentOwner {
  id: string; // documentId
  userId: string;
  uploadedAt: string;
}

export class DocumentOwners {
  private readonly owners: Collection<DocumentOwner>;

  constructor(store: Store) {
    this.owners = store.collection<DocumentOwner>({ name: 'document_owners', indexes: [{ fields: ['userId'] }] });
  }

  /** Records the uploader; a repeat (redelivery) changes nothing. */
  async record(owner: DocumentOwner): Promise<void> {
    try {
      await this.owners.insert(owner);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  async ownerOf(documentId: string): Promise<string | null> {
    return (await this.owners.get(documentId))?.userId ?? null;
  }

  async documentsOf(userId: string): Promise<string[]> {
    return (await this.owners.find({ userId })).map((o) => o.id);
  }

  async forget(documentId: string): Promise<void> {
    await this.owners.deleteMany({ id: documentId });
  }
}
