/**
 * Billing's wiring: Stripe customers, subscriptions and the webhook over the ports it is given.
 * `deps.identity` is identity's API (in process in embedded mode, proto's HTTP client in
 * distributed mode); billing needs it to find the caller and to create the account a visitor's
 * payment paid for.
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import type { IdentityApi } from '@citecheck/proto';
import { createRateLimiter, defineService, sealKey } from '@citecheck/platform';
import { createStripeClient } from './adapters/stripe';
import type { BillingContext } from './app/context';
import { createPublisher } from './app/publish';
import { configSchema, missingStripeVariables } from './config';
import { openBillingStore } from './store';
import { consumers } from './transport/consumers';
import { createResolvers } from './transport/graphql';
import { createRoutes } from './transport/rest';

export const SERVICE_NAME = 'billing';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'billing.graphql')));

export interface BillingDeps {
  identity: IdentityApi;
}

export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config, deps: BillingDeps) => {
    const missing = missingStripeVariables(config);
    const context: BillingContext = {
      ...openBillingStore(ports.store),
      stripe: createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE),
      identity: deps.identity,
      publish: createPublisher(ports.bus, ports.clock, sealKey(config)),
      clock: ports.clock,
      logger: ports.logger,
      settings: {
        prices: config.STRIPE_PRICE_PREMIUM && config.STRIPE_PRICE_ENTERPRISE ? { premium: config.STRIPE_PRICE_PREMIUM, enterprise: config.STRIPE_PRICE_ENTERPRISE } : null,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
        missing,
      },
    };
    // Shared by the replicas in distributed mode. While the store fails each replica counts on
    // its own (rate-limit.ts): checkout stays open and a script still cannot mint Stripe objects freely.
    const perIp = createRateLimiter(ports, config.MODE, { name: 'calls-per-ip', limit: config.RATE_LIMIT_PER_IP, windowMs: config.RATE_LIMIT_WINDOW_MS });
    return {
      typeDefs,
      resolvers: createResolvers(context, SERVICE_NAME, perIp),
      routes: createRoutes(context, perIp),
      consumers: consumers(context),
      async start() {
        if (missing.length === 0) ports.logger.info('payments configured');
        // Production without Stripe still starts (the plan calls say payments are not
        // configured), but says plainly what is missing.
        else ports.logger[config.NODE_ENV === 'production' ? 'error' : 'info']({ missing }, `payments are not configured: set ${missing.join(', ')}`);
      },
      async health() {
        return { ok: true, details: { paymentsConfigured: missing.length === 0 } };
      },
    };
  },
});
