/**
 * `document.deleted` (its account was deleted): validation's record of the document's
 * citations and verdicts (sentences of the brief included), its job record and its owner go.
 * A redelivery finds nothing to delete.
 */
import type { Collection } from '@citecheck/platform';
import type { EventOf } from '@citecheck/proto';
import type { CitationRepository } from '../store/citations';
import type { DocumentOwners } from '../store/document-owners';
import type { ValidationJob } from '../store/jobs';

export interface ForgetDocumentDeps {
  citations: CitationRepository;
  jobs: Collection<ValidationJob>;
  owners: DocumentOwners;
}

export async function forgetDocument(deps: ForgetDocumentDeps, event: EventOf<'document.deleted'>): Promise<void> {
  const { documentId } = event.payload;
  await deps.citations.removeDocument(documentId);
  await deps.jobs.deleteMany({ id: documentId });
  await deps.owners.forget(documentId);
}
