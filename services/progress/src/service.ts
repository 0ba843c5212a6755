import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { defineService } from '@citecheck/platform';
import { missedProgress, recordProgress, sweepProgress, type ProgressDeps } from './app/replay-progress';
import { ProgressLog } from './store/progress-log';
import { parseEvent, topics } from '@citecheck/proto';
import { configSchema } from './config';
import { ProgressRelay } from './transport/relay';

export const SERVICE_NAME = 'progress';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'progress.graphql')));

/** How long progress is kept for tabs that reconnect (and the sweep's period, a tenth of it). */
export const PROGRESS_KEEP_MS = 60 * 60 * 1000;

/**
 * The live channel: consumes `pipeline.progress`, keeps it in the progress log and relays
 * each message on `/ws` to the tabs registered for its session. Every instance consumes in a
 * consumer group of its own (in distributed mode), so each replica relays to its own
 * browsers; a new group starts at the next message (not the topic's start), since what a
 * reconnecting tab missed is read from the log by its document.
 */
export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config) => {
    const deps: ProgressDeps = { log: new ProgressLog(ports.store, PROGRESS_KEEP_MS), clock: ports.clock };
    const relay = new ProgressRelay(ports.logger, (sessionId) => missedProgress(deps, sessionId));
    let sweeping: NodeJS.Timeout | undefined;
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
          group: 'progress',
          handle: async (raw, delivery) => {
            const event = parseEvent('pipeline.progress', raw);
            // Logged first, so a tab registering meanwhile finds it in its replay.
            await recordProgress(deps, event, delivery.key);
            relay.publish(event.payload);
          },
          // Each replica relays to its own browsers, so each must see every message.
          options: { fromBeginning: false, perInstance: true },
        },
      ],
      async start() {
        const sweep = () => void sweepProgress(deps).catch((error: unknown) => ports.logger.warn({ err: error }, 'sweeping the progress log failed'));
        sweep();
        sweeping = setInterval(sweep, PROGRESS_KEEP_MS / 10);
        sweeping.unref();
      },
      async stop() {
        clearInterval(sweeping);
        await relay.close();
      },
      async health() {
        return { ok: true, details: { connections: relay.connections, sessions: relay.sessions } };
      },
    };
  },
});
