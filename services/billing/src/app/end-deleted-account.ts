/**
 * The admin deleted an account (identity's `user.deleted`): nothing may go on billing it. Every
 * subscription of the account that can still bill or be paid is cancelled at Stripe at once (no
 * further invoice; the admin's delete dialog says so), then the account's name and e-mail come
 * off billing's records and the Stripe customers made for it are deleted, so neither keeps
 * personal data of a deleted user.
 *
 * Delivered at least once: a subscription already ended is left alone, and a Stripe failure
 * throws, so the event is delivered again until Stripe has cancelled it.
 */
import type Stripe from 'stripe';
import { stateOf } from '../domain/subscription-state';
import { ENDED_STATUSES } from '../store';
import type { BillingContext } from './context';

type Ctx = Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'logger'>;

/** Stripe's answer for an object that is not (or no longer) there. */
function isMissing(error: unknown): boolean {
  return (error as { code?: string; statusCode?: number }).code === 'resource_missing' || (error as { statusCode?: number }).statusCode === 404;
}

export async function endDeletedAccount(ctx: Ctx, userId: string): Promise<{ cancelled: string[] }> {
  const subs = await ctx.subscriptions.ofUser(userId);
  if (subs.length === 0) return { cancelled: [] };
  const stripe = ctx.stripe;
  if (!stripe || !ctx.settings.prices) {
    // Configured once, now not: nothing can be cancelled from here. Said loudly, never silently.
    ctx.logger.error({ userId, subscriptions: subs.map((s) => s.id) }, 'deleted account has subscriptions but payments are not configured: cancel them in the Stripe dashboard');
    return { cancelled: [] };
  }
  const cancelled: string[] = [];
  for (const sub of subs) {
    if (ENDED_STATUSES.includes(sub.status)) continue;
    let ended: Stripe.Subscription | null = null;
    try {
      ended = await stripe.subscriptions.cancel(sub.id);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    await ctx.subscriptions.recordState(sub.id, ended ? stateOf(ended, ctx.settings.prices) : { status: 'canceled' });
    cancelled.push(sub.id);
  }
  for (const customerId of new Set(subs.map((s) => s.customerId).filter(Boolean))) {
    try {
      await stripe.customers.del(customerId);
    } catch (error) {
      if (!isMissing(error)) ctx.logger.warn({ err: error, customer: customerId }, 'deleted account: stripe customer not deleted');
    }
  }
  await ctx.subscriptions.forgetAccount(userId);
  ctx.logger.info({ userId, cancelled }, 'deleted account: subscriptions cancelled at stripe');
  return { cancelled };
}
