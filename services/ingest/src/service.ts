/**
 * Ingest's wiring: upload acceptance, the Document and report aggregates, and the consumers
 * that follow each document through the pipeline. `deps.identity` is identity's API (in
 * process in embedded mode, proto's HTTP client (identity-client.ts) in distributed mode).
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { defineService, processedEvents } from '@citecheck/platform';
import type { IdentityApi } from '@citecheck/proto';
import { expireUploads } from './app/expire-uploads';
import { resumeUnfinished } from './app/resume-unfinished';
import { Waiters } from './app/waiters';
import { configSchema } from './config';
import { IngestStore } from './store/documents';
import { consumers } from './transport/consumers';
import { createResolvers } from './transport/graphql';
import { createRoutes } from './transport/rest';
import { addApiV1Routes } from './transport/api-v1';
import { webhookPolicy } from './adapters/webhooks';
import { WebhookStore } from './store/webhooks';
import { queueWebhook, webhookSender } from './app/webhooks';

export const SERVICE_NAME = 'ingest';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'ingest.graphql')));

export interface IngestDeps {
  identity: IdentityApi;
}

export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config, deps: IngestDeps) => {
    const store = new IngestStore(ports.store);
    const waiters = new Waiters();
    // The public API's webhooks: subscriptions and an outbox of deliveries, sent in the background.
    const webhooks = new WebhookStore(ports.store);
    const policy = webhookPolicy(config);
    const sender = webhookSender(webhooks, policy, ports.clock, ports.logger, ports.metrics);
    const webhookDeps = { store, webhooks, clock: ports.clock, publicUrl: config.PUBLIC_URL };
    const pipeline = {
      bus: ports.bus,
      clock: ports.clock,
      logger: ports.logger,
      store,
      processed: processedEvents(ports.store),
      waiters,
      identity: deps.identity,
      onFinished: async (documentId: string) => {
        if (await queueWebhook(webhookDeps, documentId)) sender.kick();
      },
    };
    const uploads = {
      bus: ports.bus,
      blobs: ports.blobs,
      clock: ports.clock,
      logger: ports.logger,
      store,
      identity: deps.identity,
      waiters,
      waitMs: config.UPLOAD_WAIT_MS,
    };
    const routes = createRoutes({ ...uploads, metrics: ports.metrics });
    addApiV1Routes(routes, { ...uploads, webhooks, webhookPolicy: policy, publicUrl: config.PUBLIC_URL });

    let retention: NodeJS.Timeout | undefined;
    const expire = () =>
      expireUploads({ store, blobs: ports.blobs, clock: ports.clock }, config.UPLOAD_RETENTION_DAYS).then(
        (gone) => ports.logger.info(gone, 'upload retention'),
        (err: unknown) => ports.logger.warn({ err }, 'upload retention failed; will try again'),
      );
    return {
      typeDefs,
      resolvers: createResolvers({ store, bus: ports.bus, clock: ports.clock, identity: deps.identity }, SERVICE_NAME),
      routes,
      consumers: consumers(pipeline, { store, blobs: ports.blobs, bus: ports.bus, clock: ports.clock, logger: ports.logger }),
      async resume() {
        await resumeUnfinished(pipeline);
        sender.start();
        await expire();
        // Daily; several replicas deleting the same files is harmless.
        retention = setInterval(() => void expire(), 86_400_000);
        retention.unref();
      },
      async stop() {
        clearInterval(retention);
        await sender.stop();
      },
      async health() {
        return { ok: true, details: { waitingUploads: waiters.size } };
      },
    };
  },
});
