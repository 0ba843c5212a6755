/**
 * Extraction consumes `document.uploaded`, once per document: a redelivery, or a resume after
 * a restart, re-publishes the stored result instead of reading the document again.
 */
import { ocrMetrics, oncePerDocument, type Consumer, type Ports } from '@citecheck/platform';
import { parseEvent, topics, type EventEnvelope } from '@citecheck/proto';
import { CONSUMER, extractDocument, MAX_ATTEMPTS, type ExtractionDeps } from '../app/extract-document';
import { forgetDocument } from '../app/forget-document';

export function consumers(deps: ExtractionDeps, metrics?: Ports['metrics']): Consumer[] {
  const ocrPages = metrics ? ocrMetrics(metrics) : null;
  const handle = oncePerDocument({
    consumer: CONSUMER,
    bus: deps.bus,
    clock: deps.clock,
    processed: deps.processed,
    jobs: deps.jobs,
    leases: deps.leases,
    parse: (raw) => parseEvent(topics['document.uploaded'], raw),
    documentId: (event) => event.payload.documentId,
    succeeded: (result) => result.type === 'citations.extracted',
    run: (event, ctx) => extractDocument(deps, event, ctx),
    logger: deps.logger,
    metrics: metrics && {
      registry: metrics,
      stage: 'extraction',
      observe: (result) => {
        if (result.type === 'citations.extracted') ocrPages?.inc(result.payload.ocrPages);
      },
    },
  });
  const cancels = deps.cancels;
  return [
    // A long scan's OCR runs up to the read budget: a rebalance meanwhile waits for it.
    { topic: topics['document.uploaded'], group: CONSUMER, handle, options: { maxAttempts: MAX_ATTEMPTS, backoffMs: 500, maxHandlerMs: deps.readTimeoutMs } },
    {
      topic: topics['document.deleted'],
      group: 'extraction.document-deleted',
      handle: async (raw: EventEnvelope) => forgetDocument(deps, parseEvent(topics['document.deleted'], raw)),
      options: { maxAttempts: 8, backoffMs: 500 },
    },
    ...(cancels
      ? [
          {
            topic: topics['document.cancelled'],
            group: 'extraction.document-cancelled',
            handle: async (raw: EventEnvelope) => cancels.cancel(parseEvent(topics['document.cancelled'], raw).payload.documentId),
          },
        ]
      : []),
  ];
}
