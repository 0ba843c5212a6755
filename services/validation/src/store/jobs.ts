/**
 * One job per document, holding the `citations.validated` (or `pipeline.failed`) event it
 * produced. A redelivered `citations.extracted` finds it and re-publishes that event rather
 * than validating again: the per-document half of idempotency.
 */
import { stageJobs, type Collection, type StageJob, type Store } from '@citecheck/platform';
import type { EventOf } from '@citecheck/proto';

export type ValidationJob = StageJob<EventOf<'citations.validated'> | EventOf<'pipeline.failed'>>;

export function jobsCollection(store: Store): Collection<ValidationJob> {
  return stageJobs(store);
}
