/**
 * Extraction's wiring: consumes `document.uploaded`, publishes `citations.extracted` (or
 * `pipeline.failed`) and progress. No routes of its own; its state is one job per document.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import gql from 'graphql-tag';
import { createBlobs, processedEvents, type Ports, type ServiceModule, type Subscription } from '@citecheck/platform';
import { configureReader, warmReader } from '@citecheck/reading';
import { topics, type IdentityApi } from '@citecheck/proto';
import { modelPassEnabled, type ExtractionConfig } from './config';
import { CONSUMER, MAX_ATTEMPTS, documentUploadedHandler } from './events/document-uploaded';
import { createModelClient } from './llm/model-client';
import { jobsCollection } from './store/jobs';

export const SERVICE_NAME = 'extraction';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth. */
export const typeDefs = gql(readFileSync(path.join(__dirname, 'graphql', 'extraction.graphql'), 'utf8'));

/** Extraction needs nothing from other services; the parameter keeps every service's signature alike. */
export type ExtractionDeps = { identity?: IdentityApi };

export async function createService(ports: Ports, config: ExtractionConfig, _deps: ExtractionDeps = {}): Promise<ServiceModule> {
  const jobs = jobsCollection(ports.store);
  const processed = processedEvents(ports.store);
  const model = modelPassEnabled(config)
    ? createModelClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, timeoutMs: config.OPENAI_TIMEOUT_MS })
    : null;
  const uploads = await createBlobs(config, config.UPLOADS_BLOB_NAMESPACE);
  const handler = documentUploadedHandler({
    bus: ports.bus,
    blobs: uploads,
    clock: ports.clock,
    logger: ports.logger,
    jobs,
    processed,
    model,
    chunkChars: config.LLM_CHUNK_CHARS,
    readTimeoutMs: config.READ_TIMEOUT_MS,
  });
  // Each read is a CPU-bound worker thread with its own heap: more readers than cores only
  // multiplies memory (20 parallel reads of a 50-page brief peaked at 1.7 GB) without finishing
  // sooner. The reader's pool queues the rest.
  configureReader({ workers: config.READ_CONCURRENCY });
  let subscription: Subscription | null = null;

  return {
    name: SERVICE_NAME,
    typeDefs,
    resolvers: {
      Query: {
        extractionHealth: () => ({ service: SERVICE_NAME, ok: true }),
      },
    },
    routes: new Router(),
    async start() {
      warmReader(); // the first upload should not wait for a reader thread to start
      subscription = await ports.bus.subscribe(topics['document.uploaded'], CONSUMER, handler, { maxAttempts: MAX_ATTEMPTS, backoffMs: 500 });
      ports.logger.info({ modelPass: Boolean(model) }, 'extraction consuming document.uploaded');
    },
    async stop() {
      await subscription?.close();
      subscription = null;
      await uploads.close();
    },
    async health() {
      return { ok: subscription !== null, details: { modelPass: Boolean(model) } };
    },
  };
}
