/**
 * Wiring: identity's repositories, use cases, routes, subgraph and consumers over the ports
 * it is given. `api` is the in-process IdentityApi other services use in embedded mode.
 */
import path from 'node:path';
import Router from '@koa/router';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import type { IdentityApi } from '@citecheck/proto';
import { assembleService, createRateLimiter, defineService, sealKey, type Ports, type ServiceModule, type ServiceParts } from '@citecheck/platform';
import { authenticate } from './app/authenticate';
import { adminOf } from './app/check-admin';
import { accountSetupLink } from './app/account-setup-link';
import { createPaidAccount } from './app/create-paid-account';
import { payerAccount } from './app/payer-account';
import { setupPaidPlan } from './app/setup-paid-plan';
import type { IdentityContext } from './app/context';
import { createPublisher } from './app/publish';
import { releaseReport } from './app/release-report';
import { reserveReport } from './app/reserve-report';
import { identityConfigSchema, type IdentityConfig } from './config';
import { parseCoupons } from './domain/coupons';
import { openIdentityStore } from './store';
import { consumers } from './transport/consumers';
import { createResolvers } from './transport/graphql';
import { addInternalRoutes } from './transport/internal';
import type { RequestLimits } from './transport/limits';
import { addAccountRoutes } from './transport/rest';
import { addApiKeyInternalRoute, apiKeyResolvers } from './transport/api-keys';
import { useApiKey, type ApiKeyLimits } from './app/use-api-key';
import { LoginThrottle } from './app/login-throttle';
import { storeLoginBackoffs } from './store/login-backoffs';

export const SERVICE_NAME = 'identity';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'identity.graphql')));

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
  | 'ADMIN_SESSION_TTL_MINUTES'
  | 'COUPON_WINDOW_MINUTES'
  | 'INTERNAL_TOKEN'
> &
  Partial<Pick<IdentityConfig, 'API_KEY_RATE_LIMIT'>> &
  Partial<Pick<IdentityConfig, 'DATA_DIR' | 'MODE'>>;

export interface IdentityService {
  module: ServiceModule;
  api: IdentityApi;
  /** What the use cases run against: tests call use cases with it. */
  context: IdentityContext;
}

/** Identity's repositories, publisher, clock, logger and settings over the ports it is given. */
export function createIdentityContext(ports: Ports, config: IdentitySettings): IdentityContext {
  return {
    ...openIdentityStore(ports.store),
    publish: createPublisher(ports.bus, ports.clock, sealKey(config)),
    clock: ports.clock,
    logger: ports.logger,
    settings: {
      publicUrl: config.PUBLIC_URL,
      coupons: parseCoupons(config.COUPONS),
      admin: { email: config.ADMIN_EMAIL, passwordHash: config.ADMIN_PASSWORD_HASH },
      sessionTtlMs: sessionTtlMs(config),
      couponWindowMs: config.COUPON_WINDOW_MINUTES * 60 * 1000,
      adminSessionTtlMs: config.ADMIN_SESSION_TTL_MINUTES * 60 * 1000,
    },
    // Counted in the store in distributed mode, so replicas add up to one limit; while the
    // store fails, each counts in its own process (rate-limit.ts, login-throttle.ts): an
    // outage neither opens the admin sign-in to unlimited guessing nor locks the admin out.
    adminFailures: createRateLimiter(ports, config.MODE, { name: 'admin-failures', limit: config.ADMIN_FAILURE_LIMIT, windowMs: config.RATE_LIMIT_WINDOW_MS }),
    loginThrottle: new LoginThrottle(ports.clock, config.MODE === 'distributed' ? storeLoginBackoffs(ports.store) : null, ports.logger),
  };
}

function sessionTtlMs(config: Pick<IdentitySettings, 'SESSION_TTL_DAYS'>): number {
  return config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
}

/** The request limits of register, login, forgot-password, coupons and reset (transport/limits.ts). */
function requestLimits(ports: Ports, config: IdentitySettings): RequestLimits {
  const window = config.RATE_LIMIT_WINDOW_MS;
  return {
    perIp: createRateLimiter(ports, config.MODE, { name: 'calls-per-ip', limit: config.RATE_LIMIT_PER_IP, windowMs: window }),
    perEmail: createRateLimiter(ports, config.MODE, { name: 'calls-per-email', limit: config.RATE_LIMIT_PER_EMAIL, windowMs: window }),
  };
}

/**
 * Calls per API key per minute, over every service that serves the public API: counted here,
 * in the store in distributed mode, so replicas and services add up to one limit per key.
 */
function apiKeyLimits(ports: Ports, config: IdentitySettings): ApiKeyLimits {
  const windowMs = 60_000;
  return { windowMs, limiter: createRateLimiter(ports, config.MODE, { name: 'api-key-calls', limit: config.API_KEY_RATE_LIMIT ?? 60, windowMs }) };
}

/** Routes, subgraph, consumer and in-process API over one context. */
export function identityParts(context: IdentityContext, config: IdentitySettings, limits: RequestLimits, keyLimits: ApiKeyLimits): ServiceParts<IdentityApi> {
  const routes = new Router();
  addAccountRoutes(routes, context, { sessionTtlMs: sessionTtlMs(config), limits });
  addInternalRoutes(routes, context, config.INTERNAL_TOKEN);
  addApiKeyInternalRoute(routes, context, keyLimits, config.INTERNAL_TOKEN);
  const resolvers = createResolvers(context, SERVICE_NAME, limits);
  const keyResolvers = apiKeyResolvers(context);
  return {
    typeDefs,
    resolvers: { ...resolvers, Query: { ...resolvers.Query, ...keyResolvers.Query }, Mutation: { ...resolvers.Mutation, ...keyResolvers.Mutation } },
    routes,
    consumers: consumers(context),
    async start() {
      context.logger.info({ admin: Boolean(config.ADMIN_EMAIL && config.ADMIN_PASSWORD_HASH) }, 'identity started');
      if (config.MODE === 'distributed' && !config.INTERNAL_TOKEN) {
        context.logger.warn('INTERNAL_TOKEN is not set: mail links (one-time tokens) travel the bus unsealed');
      }
    },
    async health() {
      // A cheap read proves the store answers.
      await context.users.ping();
      return { ok: true };
    },
    api: {
      authenticate: (token) => authenticate(context, token),
      reserveReport: (userId) => reserveReport(context, userId),
      releaseReport: (userId, reservationId) => releaseReport(context, userId, reservationId),
      adminOf: (caller) => adminOf(context, { authorization: caller.authorization, cookie: caller.cookie, ip: caller.ipAddress }),
      createPaidAccount: (request) => createPaidAccount(context, request),
      setupPaidPlan: (request) => setupPaidPlan(context, request),
      useApiKey: (apiKey) => useApiKey(context, keyLimits, apiKey),
      payerAccount: (request) => payerAccount(context, request),
      accountSetupLink: (userId) => accountSetupLink(context, userId),
    },
  };
}

/** Identity as both hosts run it: the embedded composition root and its own main.ts. */
export const service = defineService({
  name: SERVICE_NAME,
  config: identityConfigSchema,
  create: async (ports, config) => identityParts(createIdentityContext(ports, config), config, requestLimits(ports, config), apiKeyLimits(ports, config)),
});

/** Identity built over `ports` with its context in reach (tests host it this way). */
export function createService(ports: Ports, config: IdentitySettings): IdentityService {
  const context = createIdentityContext(ports, config);
  const module = assembleService(SERVICE_NAME, ports, identityParts(context, config, requestLimits(ports, config), apiKeyLimits(ports, config)));
  return { module, api: module.api as IdentityApi, context };
}
