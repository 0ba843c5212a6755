/**
 * Ingest follows each document through the pipeline: the consumers that keep its stage
 * (app/pipeline.ts has what each does).
 */
import type { Consumer } from '@citecheck/platform';
import { parseEvent, topics } from '@citecheck/proto';
import { forgetUser, type ForgetUserDeps } from '../app/forget-user';
import { CONSUMER, citationsExtractedHandler, citationsValidatedHandler, pipelineFailedHandler, type PipelineDeps } from '../app/pipeline';

/** Ingest's consumer group for account deletions. */
export const ACCOUNTS_CONSUMER = 'ingest.accounts';

export function consumers(pipeline: PipelineDeps, accounts: ForgetUserDeps): Consumer[] {
  // The identity call in pipeline.failed may fail transiently: retried by the bus.
  const options = { maxAttempts: 8, backoffMs: 500 };
  return [
    { topic: topics['citations.extracted'], group: CONSUMER, handle: citationsExtractedHandler(pipeline), options },
    { topic: topics['citations.validated'], group: CONSUMER, handle: citationsValidatedHandler(pipeline), options },
    { topic: topics['pipeline.failed'], group: CONSUMER, handle: pipelineFailedHandler(pipeline), options },
    { topic: topics['user.deleted'], group: ACCOUNTS_CONSUMER, handle: async (raw) => void (await forgetUser(accounts, parseEvent(topics['user.deleted'], raw))), options },
  ];
}
