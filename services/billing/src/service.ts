import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { defineService } from '@citecheck/platform';
import { configSchema } from './config';

export const SERVICE_NAME = 'billing';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'billing.graphql')));

/** Billing as both hosts run it. So far only its subgraph's health; Stripe arrives with the billing work. */
export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports) => ({
    typeDefs,
    resolvers: {
      Query: {
        billingHealth: () => ({ service: SERVICE_NAME, ok: true }),
      },
    },
    async start() {
      ports.logger.debug('started');
    },
  }),
});
