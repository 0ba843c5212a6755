/**
 * Analytics' wiring. It records a usage metric per document from the pipeline's events
 * (SPEC.md section 3), keeping a directory of users from identity's events, and the visitor
 * tracker's sessions and page views (`/api/track-visitor`, `/api/track-page-view`).
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { defineService } from '@citecheck/platform';
import { configSchema } from './config';
import type { IdentityApi } from '@citecheck/proto';
import { adminUseCases } from './app/admin';
import { trackingUseCases } from './app/track-visitors';
import { usageRepository, userDirectory } from './store/usage';
import { visitorRepository } from './store/visitors';
import { consumers } from './transport/consumers';
import { trackingRoutes } from './transport/rest';

export const SERVICE_NAME = 'analytics';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'analytics.graphql')));

/** What analytics needs from other services: identity's admin check. */
export interface AnalyticsDeps {
  identity?: Pick<IdentityApi, 'isAdmin'>;
}

interface GraphqlContext {
  authorization?: string | null;
  ip?: string | null;
}

/** Analytics as both hosts run it. */
export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config, deps: AnalyticsDeps | undefined) => {
    const tracking = trackingUseCases({ visitors: visitorRepository(ports.store), clock: ports.clock, retentionDays: config.ANALYTICS_RETENTION_DAYS });
    const usage = usageRepository(ports.store);
    const admin = adminUseCases({ identity: deps?.identity, tracking, usage, clock: ports.clock });
    const callerOf = (context: GraphqlContext | undefined) => ({ authorization: context?.authorization ?? null, ip: context?.ip ?? null });
    let retention: NodeJS.Timeout | undefined;
    const purge = () =>
      tracking.purgeExpired().then(
        (gone) => ports.logger.info(gone, 'visitor analytics retention'),
        (err: unknown) => ports.logger.warn({ err }, 'visitor analytics retention failed'),
      );
    return {
      typeDefs,
      resolvers: {
        Query: {
          analyticsHealth: () => ({ service: SERVICE_NAME, ok: true }),
          visitorAnalytics: (_: unknown, range: { startDate?: string | null; endDate?: string | null }, context: GraphqlContext) =>
            admin.visitorAnalytics(callerOf(context), range),
          stats: (_: unknown, __: unknown, context: GraphqlContext) => admin.stats(callerOf(context)),
          usageMetrics: (_: unknown, __: unknown, context: GraphqlContext) => admin.usageMetrics(callerOf(context)),
        },
      },
      routes: trackingRoutes(tracking, admin),
      consumers: consumers({ usage, users: userDirectory(ports.store), logger: ports.logger }),
      async start() {
        await purge();
        // Daily; several instances purging the same rows is harmless.
        retention = setInterval(() => void purge(), 86_400_000);
        retention.unref();
      },
      async stop() {
        clearInterval(retention);
      },
    };
  },
});
