/**
 * Analytics' wiring. So far it records a usage metric per document from the pipeline's
 * events (SPEC.md section 3), keeping a directory of users from identity's events; its only
 * query is `analyticsHealth` until the admin screens arrive.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import gql from 'graphql-tag';
import type { Ports, ServiceModule, Subscription } from '@citecheck/platform';
import type { IdentityApi } from '@citecheck/proto';
import type { AnalyticsConfig } from './config';
import { CONSUMER, usageHandlers } from './events/usage';
import { usageCollection, usersCollection } from './store/usage';

export const SERVICE_NAME = 'analytics';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth. */
export const typeDefs = gql(readFileSync(path.join(__dirname, 'graphql', 'analytics.graphql'), 'utf8'));

export type AnalyticsDeps = { identity?: IdentityApi };

export async function createService(ports: Ports, _config: AnalyticsConfig, _deps: AnalyticsDeps = {}): Promise<ServiceModule> {
  const handlers = usageHandlers({ usage: usageCollection(ports.store), users: usersCollection(ports.store), logger: ports.logger });
  const subscriptions: Subscription[] = [];

  return {
    name: SERVICE_NAME,
    typeDefs,
    resolvers: {
      Query: {
        analyticsHealth: () => ({ service: SERVICE_NAME, ok: true }),
      },
    },
    routes: new Router(),
    async start() {
      for (const [topic, handler] of Object.entries(handlers)) {
        subscriptions.push(await ports.bus.subscribe(topic, CONSUMER, handler, { maxAttempts: 8, backoffMs: 500 }));
      }
    },
    async stop() {
      await Promise.all(subscriptions.splice(0).map((s) => s.close()));
    },
    async health() {
      return { ok: subscriptions.length === Object.keys(handlers).length };
    },
  };
}
