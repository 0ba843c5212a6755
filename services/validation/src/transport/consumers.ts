/**
 * Validation consumes `citations.extracted`, once per document: a redelivery, or a resume
 * after a restart, re-publishes the stored verdicts instead of validating again.
 */
import { oncePerDocument, type Consumer } from '@citecheck/platform';
import { parseEvent, topics } from '@citecheck/proto';
import { CONSUMER, MAX_ATTEMPTS, validateCitations, type ValidationDeps } from '../app/validate-citations';

export function consumers(deps: ValidationDeps): Consumer[] {
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
  });
  return [{ topic: topics['citations.extracted'], group: CONSUMER, handle, options: { maxAttempts: MAX_ATTEMPTS, backoffMs: 500 } }];
}
