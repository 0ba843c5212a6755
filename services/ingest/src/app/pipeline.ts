/**
 * Ingest's consumers of the pipeline's events, keeping the Document's stage:
 *   citations.extracted -> stage extracted
 *   citations.validated -> stage validated, read copy of the verdicts, report, progress
 *                          report / stats / complete, the waiting upload answered
 *   pipeline.failed     -> stage failed, the reserved report given back, the upload answered
 * Each is idempotent: event ids are remembered, and stage changes are conditional updates,
 * so a redelivered event changes nothing twice.
 */
import type { Logger } from 'pino';
import type { Bus, Clock, DeliveryContext, ProcessedEvents } from '@citecheck/platform';
import { parseEvent, topics, type EventEnvelope, type IdentityApi } from '@citecheck/proto';
import { toSpecCitation } from '@citecheck/proto';
import { citationsVerified, completionMessage } from '../domain/report';
import type { IngestStore } from '../store/documents';
import { ensureReport } from './reports';
import { progressPublisher } from '@citecheck/platform';
import type { Waiters } from './waiters';
import { failureKeepsReport } from '../domain/charging';

export const CONSUMER = 'ingest.pipeline';
/** The landing page's counter: case citations checked so far. */
export const CITATIONS_COUNTER = 'citations-verified';

export interface PipelineDeps {
  bus: Bus;
  clock: Clock;
  logger: Logger;
  store: IngestStore;
  processed: ProcessedEvents;
  waiters: Waiters;
  identity: IdentityApi;
  /** A document reached validated or failed (the public API's webhooks); never fails the handler's work. */
  onFinished?: (documentId: string) => Promise<void>;
}

export function citationsExtractedHandler(deps: PipelineDeps) {
  return async (raw: EventEnvelope): Promise<void> => {
    const event = parseEvent(topics['citations.extracted'], raw);
    const { documentId } = event.payload;
    await deps.store.markExtracted(documentId, deps.clock.now());
  };
}

export function citationsValidatedHandler(deps: PipelineDeps) {
  return async (raw: EventEnvelope): Promise<void> => {
    const event = parseEvent(topics['citations.validated'], raw);
    if (await deps.processed.seen(CONSUMER, event.id)) return;
    const { documentId, citations, stats } = event.payload;
    const document = await deps.store.document(documentId);
    if (!document) {
      deps.logger.warn({ documentId }, 'citations.validated for an unknown document');
      return;
    }
    // Where each citation is in the document's text, for the annotated brief.
    const spans = citations.map((c) => ({ id: c.id, start: c.start, end: c.end }));
    await deps.store.saveCitations(documentId, citations.map(toSpecCitation), event.occurredAt, spans);

    const validated = await deps.store.markValidated(documentId, deps.clock.now(), citations.length, stats);
    const current = validated ?? (await deps.store.document(documentId))!;
    if (current.stage === 'validated') {
      const progress = progressPublisher(deps.bus, documentId, validated ? document.sessionId : null);
      progress.emit({ step: 'report', message: 'Generating the validation report', progress: 95, citationCount: citations.length, processingStats: stats });
      const report = await ensureReport(deps, current);
      if (!current.counted && (await deps.store.markCounted(documentId))) {
        await deps.store.addToCounter(CITATIONS_COUNTER, citationsVerified(citations));
      }
      progress.emit({ step: 'stats', message: 'Recording usage', progress: 98, citationCount: citations.length, processingStats: stats });
      progress.emit({
        step: 'complete',
        message: completionMessage(report),
        progress: 100,
        citationCount: citations.length,
        processingStats: stats,
      });
      await progress.flush();
      deps.waiters.settle(documentId, { ok: true });
      await deps.onFinished?.(documentId);
    }
    await deps.processed.mark(CONSUMER, event.id, deps.clock.now());
  };
}

export function pipelineFailedHandler(deps: PipelineDeps) {
  return async (raw: EventEnvelope, ctx: DeliveryContext): Promise<void> => {
    const event = parseEvent(topics['pipeline.failed'], raw);
    if (await deps.processed.seen(CONSUMER, event.id)) return;
    const { documentId, message, code } = event.payload;
    const document = await deps.store.document(documentId);
    if (!document) return;
    await deps.store.markFailed(documentId, deps.clock.now(), { message, code });
    const failed = await deps.store.document(documentId);
    if (failed?.stage === 'failed' && failed.reservationId && !failed.released && !failureKeepsReport(failed.failure?.code ?? code)) {
      // A failed document does not count against the user's reports unless the work was
      // accepted and done (domain/charging.ts). Release is idempotent per reservation, so a
      // retry after a crash here is harmless.
      await deps.identity.releaseReport(failed.userId, failed.reservationId);
      await deps.store.markReleased(documentId);
      deps.logger.info({ documentId, code, attempt: ctx.attempt }, 'document failed; report reservation released');
    }
    if (failed?.stage === 'failed') {
      deps.waiters.settle(documentId, { ok: false, message: failed.failure?.message ?? message, code: failed.failure?.code ?? code });
      await deps.onFinished?.(documentId);
    }
    await deps.processed.mark(CONSUMER, event.id, deps.clock.now());
  };
}
