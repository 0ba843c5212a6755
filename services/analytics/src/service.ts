/**
 * Analytics' wiring. So far it records a usage metric per document from the pipeline's
 * events (SPEC.md section 3), keeping a directory of users from identity's events; its only
 * query is `analyticsHealth` until the admin screens arrive.
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { defineService } from '@citecheck/platform';
import { configSchema } from './config';
import { usageRepository, userDirectory } from './store/usage';
import { consumers } from './transport/consumers';

export const SERVICE_NAME = 'analytics';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'analytics.graphql')));

/** Analytics as both hosts run it. */
export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports) => ({
    typeDefs,
    resolvers: {
      Query: {
        analyticsHealth: () => ({ service: SERVICE_NAME, ok: true }),
      },
    },
    consumers: consumers({ usage: usageRepository(ports.store), users: userDirectory(ports.store), logger: ports.logger }),
  }),
});
