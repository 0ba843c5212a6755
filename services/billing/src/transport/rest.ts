/**
 * Billing's REST routes (SPEC section 7, "Payments and billing", plus Stripe's webhook and the
 * upgrade). Thin: parse with the proto schema, find the caller through identity, call one use
 * case. ApiErrors are rendered by the host as `{message, error}`.
 */
import Router from '@koa/router';
import type { RateLimiter } from '@citecheck/platform';
import type { Context } from 'koa';
import {
  claimTokenFrom,
  confirmSubscriptionBodySchema,
  createAccountAfterPaymentBodySchema,
  createSubscriptionBodySchema,
  sessionTokenFrom,
  upgradeAccountBodySchema,
  upgradeSubscriptionBodySchema,
  type AuthenticatedUser,
} from '@citecheck/proto';
import { billingData } from '../app/billing-data';
import { cancelSubscription } from '../app/cancel-subscription';
import { confirmSubscription } from '../app/confirm-subscription';
import type { BillingContext } from '../app/context';
import { createAccountAfterPayment } from '../app/create-account-after-payment';
import { createSubscription } from '../app/create-subscription';
import { handleWebhook } from '../app/handle-webhook';
import { upgradeAccount } from '../app/upgrade-account';
import { upgradeSubscription } from '../app/upgrade-subscription';
import { countCall } from './limits';

export const WEBHOOK_PATH = '/api/stripe/webhook';

function bodyOf(ctx: Context): unknown {
  return (ctx.request as { body?: unknown }).body ?? {};
}

export function caller(app: Pick<BillingContext, 'identity'>, authorization: string | null, cookie: string | null): Promise<AuthenticatedUser | null> {
  return app.identity.authenticate(sessionTokenFrom(authorization, cookie));
}

export function createRoutes(app: BillingContext, perIp: RateLimiter): Router {
  const router = new Router();
  const userOf = (ctx: Context) => caller(app, ctx.get('authorization') || null, ctx.get('cookie') || null);

  router.post('/api/create-subscription', async (ctx) => {
    await countCall(perIp, 'create-subscription', ctx.ip);
    const { clientSecret } = await createSubscription(app, await userOf(ctx), createSubscriptionBodySchema.parse(bodyOf(ctx)));
    ctx.body = { clientSecret };
  });
  router.post('/api/confirm-subscription', async (ctx) => {
    ctx.body = await confirmSubscription(app, await userOf(ctx), confirmSubscriptionBodySchema.parse(bodyOf(ctx)).paymentIntentId);
  });
  router.post('/api/create-account-after-payment', async (ctx) => {
    await countCall(perIp, 'create-account-after-payment', ctx.ip);
    ctx.body = await createAccountAfterPayment(app, createAccountAfterPaymentBodySchema.parse(bodyOf(ctx)), claimTokenFrom(ctx.get('cookie')));
  });
  router.post('/api/upgrade-account', async (ctx) => {
    ctx.body = await upgradeAccount(app, await userOf(ctx), upgradeAccountBodySchema.parse(bodyOf(ctx)));
  });
  router.get('/api/billing/data', async (ctx) => {
    ctx.body = await billingData(app, await userOf(ctx));
  });
  router.post('/api/billing/cancel-subscription', async (ctx) => {
    ctx.body = await cancelSubscription(app, await userOf(ctx));
  });
  router.post('/api/billing/upgrade-subscription', async (ctx) => {
    ctx.body = await upgradeSubscription(app, await userOf(ctx), upgradeSubscriptionBodySchema.parse(bodyOf(ctx)).planType);
  });
  router.post(WEBHOOK_PATH, async (ctx) => {
    // Stripe signs the exact bytes it sent: the host's body parser keeps them as rawBody.
    const raw = (ctx.request as { rawBody?: string }).rawBody;
    ctx.body = await handleWebhook(app, raw, ctx.get('stripe-signature') || undefined);
  });
  return router;
}
