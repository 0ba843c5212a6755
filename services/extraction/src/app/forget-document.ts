/**
 * `document.deleted` (its account was deleted): extraction's job record holds the citations
 * it found, sentences of the brief included; it goes. A redelivery finds nothing to delete.
 */
import type { Collection } from '@citecheck/platform';
import type { EventOf } from '@citecheck/proto';
import type { ExtractionJob } from '../store/jobs';

export async function forgetDocument(deps: { jobs: Collection<ExtractionJob> }, event: EventOf<'document.deleted'>): Promise<void> {
  await deps.jobs.deleteMany({ id: event.payload.documentId });
}
