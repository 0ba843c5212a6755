/** `document.uploaded`: validation notes who uploaded the document (store/document-owners.ts). */
import type { EventOf } from '@citecheck/proto';
import type { DocumentOwners } from '../store/document-owners';

export interface OwnerDeps {
  owners: DocumentOwners;
}

export async function recordOwner(deps: OwnerDeps, event: EventOf<'document.uploaded'>): Promise<void> {
  const { documentId, userId, uploadedAt } = event.payload;
  // An upload without an account (none today) has nobody who may recheck it.
  if (userId) await deps.owners.record({ id: documentId, userId, uploadedAt });
}
