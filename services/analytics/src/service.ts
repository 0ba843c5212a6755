/**
 * Analytics' wiring. It records a usage metric per document from the pipeline's events
 * (SPEC.md section 3), keeping a directory of users from identity's events, and the visitor
 * tracker's sessions and page views (`/api/track-visitor`, `/api/track-page-view`).
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { createRateLimiter, defineService, perRequest } from '@citecheck/platform';
import { configSchema } from './config';
import type { IdentityApi } from '@citecheck/proto';
import { openGeolocation, UNKNOWN_LOCATION } from './adapters/geolocation';
import { adminUseCases } from './app/admin';
import { AUDIT_CONSUMER, auditHandler } from './app/record-audit';
import { auditRepository, blacklistRepository } from './store/admin';
import { trackingUseCases } from './app/track-visitors';
import { usageRepository, userDirectory } from './store/usage';
import { visitorRepository } from './store/visitors';
import { consumers } from './transport/consumers';
import { API_CALLS_CONSUMER, apiCallHandler, apiUsageSummary, callsOfKey } from './app/api-usage';
import { apiCallRepository } from './store/api-calls';
import { trackingRoutes } from './transport/rest';

export const SERVICE_NAME = 'analytics';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'analytics.graphql')));

/** What analytics needs from other services: identity's admin check. */
export interface AnalyticsDeps {
  identity?: Pick<IdentityApi, 'adminOf'>;
}

/** What the embedded host asks analytics in process (the gateway's blacklist at start). */
export interface AnalyticsApi {
  blockedAddresses(): Promise<string[]>;
}

interface GraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
  ip?: string | null;
}

type Args = Record<string, unknown>;

/** Analytics as both hosts run it. */
export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config, deps: AnalyticsDeps | undefined) => {
    const locate = await openGeolocation().catch((err: unknown) => {
      ports.logger.warn({ err }, 'geolocation database not readable: every visitor\'s country is Unknown');
      return () => UNKNOWN_LOCATION;
    });
    const tracking = trackingUseCases({
      visitors: visitorRepository(ports.store),
      clock: ports.clock,
      locate,
      retentionDays: config.ANALYTICS_RETENTION_DAYS,
      maxRecordsPerDay: config.ANALYTICS_MAX_RECORDS_PER_DAY,
    });
    // Shared by the replicas in distributed mode (rate-limit.ts), like every request limit.
    const trackingLimiter = createRateLimiter(ports, config.MODE, { name: 'tracking', limit: config.TRACKING_RATE_LIMIT, windowMs: 60_000 });
    const usage = usageRepository(ports.store);
    const audit = auditRepository(ports.store);
    const apiCalls = apiCallRepository(ports.store);
    const users = userDirectory(ports.store);
    const admin = adminUseCases({ identity: deps?.identity, tracking, usage, clock: ports.clock, blacklist: blacklistRepository(ports.store), audit, bus: ports.bus });
    // One caller object per request context, so identity checks one request's admin fields once.
    const callerOf = perRequest((context: GraphqlContext | undefined) => ({ authorization: context?.authorization ?? null, cookie: context?.cookie ?? null, ip: context?.ip ?? null }));
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
          blacklist: (_: unknown, __: unknown, context: GraphqlContext) => admin.blacklist(callerOf(context)),
          auditLog: (_: unknown, args: { limit?: number | null }, context: GraphqlContext) => admin.auditLog(callerOf(context), args.limit),
          apiUsage: async (_: unknown, args: { days?: number | null }, context: GraphqlContext) => {
            await admin.requireAdmin(callerOf(context));
            return apiUsageSummary({ calls: apiCalls, users, clock: ports.clock }, args.days);
          },
        },
        ApiKey: {
          // Reached only through identity's apiKeys / allApiKeys, which check who is asking.
          __resolveReference: async (reference: { id: string }) => ({ id: reference.id, calls: await callsOfKey(apiCalls, reference.id) }),
        },
        Mutation: {
          blockIp: (_: unknown, args: Args, context: GraphqlContext) => admin.blockIp(callerOf(context), args),
          unblockIp: (_: unknown, args: Args, context: GraphqlContext) => admin.unblockIp(callerOf(context), args),
        },
        UsageMetric: {
          // The record's id is its document's: ingest resolves it (null once the document is gone).
          document: (record: { id: string }) => ({ __typename: 'Document', id: record.id }),
        },
      },
      routes: trackingRoutes(tracking, admin, config.INTERNAL_TOKEN, trackingLimiter),
      consumers: [
        ...consumers({ usage, users, logger: ports.logger }),
        { topic: 'api.called', group: API_CALLS_CONSUMER, handle: apiCallHandler(apiCalls), options: { maxAttempts: 8, backoffMs: 500 } },
        { topic: 'admin.action', group: AUDIT_CONSUMER, handle: auditHandler(audit), options: { maxAttempts: 8, backoffMs: 500 } },
      ],
      api: { blockedAddresses: () => admin.blockedAddresses() } satisfies AnalyticsApi,
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
