import { readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import gql from 'graphql-tag';
import type { Ports, ServiceModule } from '@citecheck/platform';
import type { BillingConfig } from './config';

export const SERVICE_NAME = 'billing';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth. */
export const typeDefs = gql(readFileSync(path.join(__dirname, 'graphql', 'billing.graphql'), 'utf8'));

export async function createService(ports: Ports, _config?: BillingConfig): Promise<ServiceModule> {
  const routes = new Router();
  return {
    name: SERVICE_NAME,
    typeDefs,
    resolvers: {
      Query: {
        billingHealth: () => ({ service: SERVICE_NAME, ok: true }),
      },
    },
    routes,
    async start() {
      ports.logger.debug('started');
    },
    async stop() {},
    async health() {
      return { ok: true };
    },
  };
}
