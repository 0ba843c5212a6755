/**
 * One job per document, holding the `citations.validated` (or `pipeline.failed`) event it
 * produced. A redelivered `citations.extracted` finds it and re-publishes that event rather
 * than validating again: the per-document half of idempotency.
 */
import type { Collection, Store } from '@citecheck/platform';
import type { EventOf } from '@citecheck/proto';

export interface ValidationJob {
  id: string; // documentId
  status: 'done' | 'failed';
  result: EventOf<'citations.validated'> | EventOf<'pipeline.failed'>;
  finishedAt: string;
}

export function jobsCollection(store: Store): Collection<ValidationJob> {
  return store.collection<ValidationJob>({ name: 'jobs' });
}
