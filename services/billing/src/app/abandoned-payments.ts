/**
 * Payments that were started and never made. A subscription is created `default_incomplete`
 * before the card is confirmed; Stripe expires one whose first invoice stays unpaid after 23
 * hours (`incomplete_expired`, its invoice voided). Until then it must not stay live beside a
 * newer attempt, and once it is over a visitor's pending registration (the name and e-mail on
 * the record and the Stripe customer made for it) is not kept for someone who never paid.
 */
import type Stripe from 'stripe';
import { stateOf } from '../domain/subscription-state';
import type { SubscriptionDoc } from '../store';
import type { BillingContext, Payments } from './context';

type Ctx = Pick<BillingContext, 'subscriptions' | 'logger'>;

/**
 * The visitor's earlier attempt that `replacing` (its client secret, which only the browser
 * that started it holds) names, when it is still unpaid; null otherwise. The secret is compared
 * with Stripe's, so knowing someone's e-mail or PaymentIntent id cancels nothing.
 */
export async function replacedVisitorAttempt(ctx: Ctx, payments: Payments, replacing: string): Promise<SubscriptionDoc | null> {
  const paymentIntentId = replacing.split('_secret_')[0];
  if (!paymentIntentId || paymentIntentId === replacing) return null;
  const sub = await ctx.subscriptions.byPaymentIntent(paymentIntentId);
  if (!sub || sub.userId !== '' || sub.status !== 'incomplete') return null;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await payments.stripe.paymentIntents.retrieve(paymentIntentId);
  } catch (error) {
    ctx.logger.warn({ err: error, paymentIntentId }, 'earlier payment intent could not be read');
    return null;
  }
  if (intent.client_secret !== replacing || intent.status === 'succeeded' || intent.status === 'processing') return null;
  return sub;
}

/**
 * Cancels an unpaid attempt at Stripe once a newer one is on record, and for a visitor forgets
 * it; a failure is logged (Stripe still expires it).
 */
export async function cancelAttempt(ctx: Ctx, payments: Payments, sub: SubscriptionDoc, visitor: boolean): Promise<void> {
  try {
    const cancelled = await payments.stripe.subscriptions.cancel(sub.id);
    await ctx.subscriptions.recordState(sub.id, stateOf(cancelled, payments.prices));
  } catch (error) {
    ctx.logger.warn({ err: error, subscriptionId: sub.id }, 'unpaid subscription not cancelled; stripe expires it after 23 hours');
    return;
  }
  if (visitor) await forgetAbandonedVisitor(ctx, payments, sub);
}

/**
 * A visitor's attempt is over without a payment (expired or cancelled): its name and e-mail are
 * forgotten, and the Stripe customer made for the pending registration is deleted unless
 * another attempt of the same visitor still uses it.
 */
export async function forgetAbandonedVisitor(ctx: Ctx, payments: Payments, sub: SubscriptionDoc): Promise<void> {
  if (sub.userId) return;
  await ctx.subscriptions.forgetVisitor(sub.id);
  const live = (await ctx.subscriptions.liveOfCustomer(sub.customerId)).filter((other) => other.id !== sub.id);
  if (live.length > 0) return;
  try {
    await payments.stripe.customers.del(sub.customerId);
  } catch (error) {
    ctx.logger.warn({ err: error, customer: sub.customerId }, 'pending registration customer not deleted');
  }
}
