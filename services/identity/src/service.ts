/**
 * Wiring: identity's collections, use cases, routes, subgraph and consumers over the ports
 * it is given. `api` is the in-process IdentityApi other services use in embedded mode.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import gql from 'graphql-tag';
import type { IdentityApi } from '@citecheck/proto';
import type { Ports, ServiceModule, Subscription } from '@citecheck/platform';
import { Accounts } from './accounts';
import type { IdentityConfig } from './config';
import { parseCoupons } from './domain/coupons';
import { RateLimiter } from './domain/rate-limit';
import { subscribeConsumers } from './events/consumers';
import { createPublisher } from './events/publisher';
import { createResolvers } from './graphql/resolvers';
import { createRoutes } from './routes';
import { openCollections } from './store/collections';

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
  /** The use cases, for the embedded host and tests. */
  accounts: Accounts;
}

export async function createService(ports: Ports, config: IdentitySettings): Promise<IdentityService> {
  const collections = openCollections(ports.store);
  const sessionTtlMs = config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
  const accounts = new Accounts({
    collections,
    publish: createPublisher(ports.bus, ports.clock),
    clock: ports.clock,
    logger: ports.logger,
    settings: {
      publicUrl: config.PUBLIC_URL,
      coupons: parseCoupons(config.COUPONS),
      admin: { email: config.ADMIN_EMAIL, passwordHash: config.ADMIN_PASSWORD_HASH },
      sessionTtlMs,
      couponWindowMs: config.COUPON_WINDOW_MINUTES * 60 * 1000,
      adminFailureLimit: config.ADMIN_FAILURE_LIMIT,
      rateWindowMs: config.RATE_LIMIT_WINDOW_MS,
    },
  });
  const window = config.RATE_LIMIT_WINDOW_MS;
  const routes = createRoutes(accounts, {
    sessionTtlMs,
    internalToken: config.INTERNAL_TOKEN,
    limits: {
      perIp: new RateLimiter({ limit: config.RATE_LIMIT_PER_IP, windowMs: window }, ports.clock),
      perEmail: new RateLimiter({ limit: config.RATE_LIMIT_PER_EMAIL, windowMs: window }, ports.clock),
    },
  });
  let subscriptions: Subscription[] = [];

  const module: ServiceModule = {
    name: SERVICE_NAME,
    typeDefs,
    resolvers: createResolvers(accounts, SERVICE_NAME),
    routes,
    async start() {
      subscriptions = await subscribeConsumers(ports.bus, accounts);
      ports.logger.info({ admin: Boolean(config.ADMIN_EMAIL && config.ADMIN_PASSWORD_HASH) }, 'identity started');
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.close()));
      subscriptions = [];
    },
    async health() {
      // A cheap read proves the store answers.
      await collections.users.count({ id: '__health__' });
      return { ok: true, details: { consumers: subscriptions.length } };
    },
  };

  const api: IdentityApi = {
    authenticate: (token) => accounts.authenticate(token),
    reserveReport: (userId) => accounts.reserveReport(userId),
    releaseReport: (userId, reservationId) => accounts.releaseReport(userId, reservationId),
    isAdmin: (authorization, ip) => accounts.isAdmin(authorization, ip),
  };

  return { module, api, accounts };
}
