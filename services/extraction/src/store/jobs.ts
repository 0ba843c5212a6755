/**
 * Extraction's only state: one job per document, holding the event it produced. A
 * redelivered `document.uploaded` finds its job done and re-publishes that same event
 * instead of reading the document again (downstream consumers dedupe it), so a crash between
 * "stored" and "published" cannot lose the result, and a repeat cannot double it.
 */
import { stageJobs, type Collection, type StageJob, type Store } from '@citecheck/platform';
import type { EventOf } from '@citecheck/proto';

export type ExtractionJob = StageJob<EventOf<'citations.extracted'> | EventOf<'pipeline.failed'>>;

export function jobsCollection(store: Store): Collection<ExtractionJob> {
  return stageJobs(store);
}
