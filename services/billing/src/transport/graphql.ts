/**
 * Resolvers of billing's subgraph: the same use cases as the REST routes. The caller's
 * credentials arrive in the GraphQL context as the gateway forwards them.
 */
import {
  claimTokenFrom,
  confirmSubscriptionBodySchema,
  createAccountAfterPaymentBodySchema,
  createSubscriptionBodySchema,
  upgradeAccountBodySchema,
  upgradeSubscriptionBodySchema,
} from '@citecheck/proto';
import { billingData } from '../app/billing-data';
import { cancelSubscription } from '../app/cancel-subscription';
import { confirmSubscription } from '../app/confirm-subscription';
import type { BillingContext } from '../app/context';
import { createAccountAfterPayment } from '../app/create-account-after-payment';
import { createSubscription } from '../app/create-subscription';
import { upgradeAccount } from '../app/upgrade-account';
import { upgradeSubscription } from '../app/upgrade-subscription';
import type { RateLimiter } from '@citecheck/platform';
import { countCall } from './limits';
import { caller } from './rest';

export interface BillingGraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
  ip?: string | null;
}

type Args = Record<string, unknown>;

export function createResolvers(app: BillingContext, serviceName: string, perIp: RateLimiter) {
  const userOf = (ctx: BillingGraphqlContext) => caller(app, ctx?.authorization ?? null, ctx?.cookie ?? null);
  return {
    Query: {
      billingHealth: () => ({ service: serviceName, ok: true }),
      billingData: async (_: unknown, __: Args, ctx: BillingGraphqlContext) => billingData(app, await userOf(ctx)),
    },
    Mutation: {
      createSubscription: async (_: unknown, args: Args, ctx: BillingGraphqlContext) => {
        await countCall(perIp, 'create-subscription', ctx?.ip ?? null);
        return createSubscription(app, await userOf(ctx), createSubscriptionBodySchema.parse(args));
      },
      confirmSubscription: async (_: unknown, args: Args, ctx: BillingGraphqlContext) =>
        confirmSubscription(app, await userOf(ctx), confirmSubscriptionBodySchema.parse(args).paymentIntentId),
      createAccountAfterPayment: async (_: unknown, args: Args, ctx: BillingGraphqlContext) => {
        await countCall(perIp, 'create-account-after-payment', ctx?.ip ?? null);
        return createAccountAfterPayment(app, createAccountAfterPaymentBodySchema.parse(args), claimTokenFrom(ctx?.cookie));
      },
      upgradeAccount: async (_: unknown, args: Args, ctx: BillingGraphqlContext) => upgradeAccount(app, await userOf(ctx), upgradeAccountBodySchema.parse(args)),
      cancelSubscription: async (_: unknown, __: Args, ctx: BillingGraphqlContext) => cancelSubscription(app, await userOf(ctx)),
      upgradeSubscription: async (_: unknown, args: Args, ctx: BillingGraphqlContext) =>
        upgradeSubscription(app, await userOf(ctx), upgradeSubscriptionBodySchema.parse(args).planType),
    },
  };
}
