/**
 * `user.deleted`: an account's documents go with it (issue 28, finding 10: before, its
 * reports and citations were still served, its uploads stayed on disk). For each of the
 * account's documents: a document still in the pipeline is cancelled, `document.deleted` asks
 * every service holding something of it to forget it (extraction's and validation's records,
 * validation's verdicts, analytics' usage record), the uploaded file is deleted, then the
 * Document, its read copy of the verdicts and its report. Each step can run twice: the bus
 * redelivers a handler that failed half-way, and what is already gone stays gone.
 */
import type { Logger } from 'pino';
import type { Blobs, Bus, Clock } from '@citecheck/platform';
import { createEvent, topics, type EventOf } from '@citecheck/proto';
import { UNFINISHED, type IngestStore } from '../store/documents';
import { annotatedKey } from '../domain/annotated';

export interface ForgetUserDeps {
  store: IngestStore;
  blobs: Blobs;
  bus: Bus;
  clock: Clock;
  logger: Logger;
}

export async function forgetUser(deps: ForgetUserDeps, event: EventOf<'user.deleted'>): Promise<{ documents: number }> {
  const { userId } = event.payload;
  const documents = await deps.store.documentsOf(userId);
  for (const document of documents) {
    if (UNFINISHED.includes(document.stage)) {
      const cancelled = createEvent(topics['document.cancelled'], { documentId: document.id, userId }, document.id);
      await deps.bus.publish(cancelled.type, document.id, cancelled);
    }
    const deleted = createEvent(topics['document.deleted'], { documentId: document.id, userId, deletedAt: deps.clock.now().toISOString() }, document.id);
    await deps.bus.publish(deleted.type, document.id, deleted);
    await deps.blobs.delete(document.blobKey);
    await deps.blobs.delete(annotatedKey(document.blobKey));
    await deps.store.forgetDocument(document.id);
  }
  if (documents.length > 0) deps.logger.info({ userId, documents: documents.length }, 'deleted account: documents forgotten');
  return { documents: documents.length };
}
