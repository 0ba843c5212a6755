/**
 * Wiring: identity's repositories, use cases, routes, subgraph and consumers over the ports
 * it is given. `api` is the in-process IdentityApi other services use in embedded mode.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import gql from 'graphql-tag';
import type { IdentityApi } from '@citecheck/proto';
import { RateLimiter, type Ports, type ServiceModule, type Subscription } from '@citecheck/platform';
import { authenticate } from './app/authenticate';
import { isAdmin } from './app/check-admin';
import type { IdentityContext } from './app/context';
import { createPublisher } from './app/publish';
import { releaseReport } from './app/release-report';
import { reserveReport } from './app/reserve-report';
import type { IdentityConfig } from './config';
import { parseCoupons } from './domain/coupons';
import { openIdentityStore } from './store';
import { subscribeConsumers } from './transport/consumers';
import { createResolvers } from './transport/graphql';
import { addInternalRoutes } from './transport/internal';
import { addAccountRoutes } from './transport/rest';

export const SERVICE_NAME = 'identity';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth. */
export const typeDefs = gql(readFileSync(path.join(__dirname, 'graphql', 'identity.graphql'), 'utf8'));

/** The subset of the configuration identity reads (tests may pass just these). */
export type IdentitySettings = Pick<
  IdentityConfig,
  | 'PUBLIC_URL'
  | 'COUPONS'
  | 'ADMIN_EMAIL'
  | 'ADMIN_PASSWORD_HASH'
  | 'RATE_LIMIT_WINDOW_MS'
  | 'RATE_LIMIT_PER_IP'
  | 'RATE_LIMIT_PER_EMAIL'
  | 'ADMIN_FAILURE_LIMIT'
  | 'SESSION_TTL_DAYS'
  | 'COUPON_WINDOW_MINUTES'
  | 'INTERNAL_TOKEN'
>;

export interface IdentityService {
  module: ServiceModule;
  api: IdentityApi;
  /** What the use cases run against: the embedded host and tests call use cases with it. */
  context: IdentityContext;
}

export async function createService(ports: Ports, config: IdentitySettings): Promise<IdentityService> {
  const sessionTtlMs = config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
  const window = config.RATE_LIMIT_WINDOW_MS;
  const context: IdentityContext = {
    ...openIdentityStore(ports.store),
    publish: createPublisher(ports.bus, ports.clock),
    clock: ports.clock,
    logger: ports.logger,
    settings: {
      publicUrl: config.PUBLIC_URL,
      coupons: parseCoupons(config.COUPONS),
      admin: { email: config.ADMIN_EMAIL, passwordHash: config.ADMIN_PASSWORD_HASH },
      sessionTtlMs,
      couponWindowMs: config.COUPON_WINDOW_MINUTES * 60 * 1000,
    },
    adminFailures: new RateLimiter({ limit: config.ADMIN_FAILURE_LIMIT, windowMs: window }, ports.clock),
  };
  const routes = new Router();
  addAccountRoutes(routes, context, {
    sessionTtlMs,
    limits: {
      perIp: new RateLimiter({ limit: config.RATE_LIMIT_PER_IP, windowMs: window }, ports.clock),
      perEmail: new RateLimiter({ limit: config.RATE_LIMIT_PER_EMAIL, windowMs: window }, ports.clock),
    },
  });
  addInternalRoutes(routes, context, config.INTERNAL_TOKEN);
  let subscriptions: Subscription[] = [];

  const module: ServiceModule = {
    name: SERVICE_NAME,
    typeDefs,
    resolvers: createResolvers(context, SERVICE_NAME),
    routes,
    async start() {
      subscriptions = await subscribeConsumers(ports.bus, context);
      ports.logger.info({ admin: Boolean(config.ADMIN_EMAIL && config.ADMIN_PASSWORD_HASH) }, 'identity started');
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.close()));
      subscriptions = [];
    },
    async health() {
      await context.users.ping();
      return { ok: true, details: { consumers: subscriptions.length } };
    },
  };

  const api: IdentityApi = {
    authenticate: (token) => authenticate(context, token),
    reserveReport: (userId) => reserveReport(context, userId),
    releaseReport: (userId, reservationId) => releaseReport(context, userId, reservationId),
    isAdmin: (authorization, ip) => isAdmin(context, { authorization, ip }),
  };

  return { module, api, context };
}
