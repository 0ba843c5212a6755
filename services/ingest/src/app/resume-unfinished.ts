/**
 * Start-up recovery: every Document that has not reached `validated` or `failed` is sent down
 * the pipeline again. The durable bus already redelivers any event whose handler did not
 * finish; this covers the rest, e.g. a Document stored just before a crash whose
 * `document.uploaded` never went out. Re-sending is safe at every stage: extraction and
 * validation keep the result of each document they finished and hand on that same result
 * instead of redoing the work, and ingest's stage changes are conditional; so the document
 * resumes from its last completed stage and nothing is done twice.
 */
import type { Bus, Clock } from '@citecheck/platform';
import type { Logger } from 'pino';
import type { IngestStore } from '../store/documents';
import { uploadedEvent } from './upload-document';

export async function resumeUnfinished(deps: { bus: Bus; clock: Clock; logger: Logger; store: IngestStore }): Promise<number> {
  const unfinished = await deps.store.unfinished();
  for (const document of unfinished) {
    await deps.bus.publish('document.uploaded', document.id, uploadedEvent(document));
    if (document.stage === 'received') await deps.store.markUploaded(document.id, deps.clock.now());
  }
  if (unfinished.length) deps.logger.info({ documents: unfinished.length }, 'resumed unfinished documents');
  return unfinished.length;
}
