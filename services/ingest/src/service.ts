/**
 * Ingest's wiring: upload acceptance, the Document and report aggregates, and the consumers
 * that follow each document through the pipeline. `deps.identity` is identity's API (in
 * process in embedded mode, proto's HTTP client (identity-client.ts) in distributed mode).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import gql from 'graphql-tag';
import { defineService, processedEvents } from '@citecheck/platform';
import { topics, type IdentityApi } from '@citecheck/proto';
import { configSchema } from './config';
import { CONSUMER, citationsExtractedHandler, citationsValidatedHandler, pipelineFailedHandler } from './events/pipeline';
import { Waiters } from './events/waiters';
import { resumeUnfinished } from './recovery';
import { createRoutes } from './routes';
import { IngestStore } from './store/documents';

export const SERVICE_NAME = 'ingest';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth. */
export const typeDefs = gql(readFileSync(path.join(__dirname, 'graphql', 'ingest.graphql'), 'utf8'));

export interface IngestDeps {
  identity: IdentityApi;
}

export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config, deps: IngestDeps) => {
    const store = new IngestStore(ports.store);
    const waiters = new Waiters();
    const pipeline = {
      bus: ports.bus,
      clock: ports.clock,
      logger: ports.logger,
      store,
      processed: processedEvents(ports.store),
      waiters,
      identity: deps.identity,
    };
    // The identity call in pipeline.failed may fail transiently: retried by the bus.
    const options = { maxAttempts: 8, backoffMs: 500 };

    return {
      typeDefs,
      resolvers: {
        Query: {
          ingestHealth: () => ({ service: SERVICE_NAME, ok: true }),
        },
      },
      routes: createRoutes({
        bus: ports.bus,
        blobs: ports.blobs,
        clock: ports.clock,
        logger: ports.logger,
        store,
        identity: deps.identity,
        waiters,
        waitMs: config.UPLOAD_WAIT_MS,
      }),
      consumers: [
        { topic: topics['citations.extracted'], group: CONSUMER, handle: citationsExtractedHandler(pipeline), options },
        { topic: topics['citations.validated'], group: CONSUMER, handle: citationsValidatedHandler(pipeline), options },
        { topic: topics['pipeline.failed'], group: CONSUMER, handle: pipelineFailedHandler(pipeline), options },
      ],
      async resume() {
        await resumeUnfinished(pipeline);
      },
      async health() {
        return { ok: true, details: { waitingUploads: waiters.size } };
      },
    };
  },
});
