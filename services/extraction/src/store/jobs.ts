/**
 * Extraction's only state: one job per document, holding the event it produced. A
 * redelivered `document.uploaded` finds its job done and re-publishes that same event
 * instead of reading the document again (downstream consumers dedupe it), so a crash between
 * "stored" and "published" cannot lose the result, and a repeat cannot double it.
 */
import type { Collection, Store } from '@citecheck/platform';
import type { EventOf } from '@citecheck/proto';

export interface ExtractionJob {
  id: string; // documentId
  status: 'done' | 'failed';
  /** The event this job produced, re-published on redelivery. */
  result: EventOf<'citations.extracted'> | EventOf<'pipeline.failed'>;
  finishedAt: string;
}

export function jobsCollection(store: Store): Collection<ExtractionJob> {
  return store.collection<ExtractionJob>({ name: 'jobs' });
}
