import { hostname } from 'node:os';
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { defineService } from '@citecheck/platform';
import { parseEvent, topics } from '@citecheck/proto';
import { configSchema } from './config';
import { ProgressRelay } from './transport/relay';

export const SERVICE_NAME = 'progress';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'progress.graphql')));

/**
 * The live channel: consumes `pipeline.progress` and relays each message on `/ws` to the
 * tabs registered for its session. Every instance consumes in a consumer group of its own
 * (in distributed mode), so each gateway or progress replica relays to its own browsers.
 */
export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config) => {
    const relay = new ProgressRelay(ports.logger);
    const group = config.MODE === 'distributed' ? `progress-${hostname()}-${process.pid}` : 'progress';
    return {
      typeDefs,
      resolvers: {
        Query: {
          progressHealth: () => ({ service: SERVICE_NAME, ok: true }),
        },
      },
      websocket: {
        path: '/ws',
        handleUpgrade: (request, socket, head) => relay.handleUpgrade(request, socket, head),
      },
      consumers: [
        {
          topic: topics['pipeline.progress'],
          group,
          handle: async (raw) => relay.publish(parseEvent('pipeline.progress', raw).payload),
        },
      ],
      async stop() {
        await relay.close();
      },
      async health() {
        return { ok: true, details: { connections: relay.connections } };
      },
    };
  },
});
