/**
 * Validation consumes `citations.extracted`, once per document: a redelivery, or a resume
 * after a restart, re-publishes the stored verdicts instead of validating again.
 */
import { citationMetrics, oncePerDocument, verdictLabel, type Consumer, type Ports } from '@citecheck/platform';
import { parseEvent, topics } from '@citecheck/proto';
import { CONSUMER, MAX_ATTEMPTS, validateCitations, type ValidationDeps } from '../app/validate-citations';
import { recordOwner, type OwnerDeps } from '../app/record-owner';
import { forgetDocument } from '../app/forget-document';

/** Validation's consumer group for the uploads (who may recheck a document's citations). */
export const OWNERS_CONSUMER = 'validation.document-owners';

export function consumers(deps: ValidationDeps & OwnerDeps, metrics?: Ports['metrics']): Consumer[] {
  const verdicts = metrics ? citationMetrics(metrics) : null;
  const handle = oncePerDocument({
    consumer: CONSUMER,
    bus: deps.bus,
    clock: deps.clock,
    processed: deps.processed,
    jobs: deps.jobs,
    leases: deps.leases,
    parse: (raw) => parseEvent(topics['citations.extracted'], raw),
    documentId: (event) => event.payload.documentId,
    succeeded: (result) => result.type === 'citations.validated',
    run: (event, ctx) => validateCitations(deps, event, ctx),
    logger: deps.logger,
    metrics: metrics && {
      registry: metrics,
      stage: 'validation',
      observe: (result) => {
        if (result.type === 'citations.validated') for (const citation of result.payload.citations) verdicts?.inc({ verdict: verdictLabel(citation.isValid) });
      },
    },
  });
  return [
    { topic: topics['citations.extracted'], group: CONSUMER, handle, options: { maxAttempts: MAX_ATTEMPTS, backoffMs: 500 } },
    {
      topic: topics['document.deleted'],
      group: 'validation.document-deleted',
      handle: async (raw) => forgetDocument(deps, parseEvent(topics['document.deleted'], raw)),
      options: { maxAttempts: 8, backoffMs: 500 },
    },
    {
      topic: topics['document.uploaded'],
      group: OWNERS_CONSUMER,
      handle: async (raw) => recordOwner(deps, parseEvent(topics['document.uploaded'], raw)),
      options: { maxAttempts: 8, backoffMs: 500 },
    },
  ];
}
