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

/** Stripe's PaymentIntent of `sub`'s first invoice, or null when it cannot be read. */
async function firstIntent(ctx: Ctx, payments: Payments, sub: SubscriptionDoc): Promise<Stripe.PaymentIntent | null> {
  try {
    return await payments.stripe.paymentIntents.retrieve(sub.paymentIntentId);
  } catch (error) {
    ctx.logger.warn({ err: error, paymentIntentId: sub.paymentIntentId }, 'earlier payment intent could not be read');
    return null;
  }
}

/** Our record may lag Stripe (a payment whose webhook is still on its way): a paid one is never replaced. */
function unpaid(intent: Stripe.PaymentIntent): boolean {
  return intent.status !== 'succeeded' && intent.status !== 'processing';
}

/** Started signed out, for a pending registration (records from before accounts were made first have no account). */
export function startedByVisitor(sub: Pick<SubscriptionDoc, 'byVisitor' | 'userId'>): boolean {
  return sub.byVisitor === true || sub.userId === '';
}

/** The signed-in user's newest attempt when it is still unpaid, at Stripe as on record. */
export async function replacedUserAttempt(ctx: Ctx, payments: Payments, current: SubscriptionDoc | null): Promise<SubscriptionDoc | null> {
  if (!current || current.status !== 'incomplete') return null;
  const intent = await firstIntent(ctx, payments, current);
  return intent && unpaid(intent) ? current : null;
}

/**
 * The visitor's earlier attempt that `replacing` (its client secret, which only the browser
 * that started it holds) names, when it is still unpaid; null otherwise. The secret is compared
 * with Stripe's, so knowing someone's e-mail or PaymentIntent id cancels nothing.
 */
export async function replacedVisitorAttempt(ctx: Ctx, payments: Payments, replacing: string): Promise<SubscriptionDoc | null> {
  const paymentIntentId = replacing.split('_secret_')[0];
  if (!paymentIntentId || paymentIntentId === replacing) return null;
  const sub = await ctx.subscriptions.byPaymentIntent(paymentIntentId);
  if (!sub || !startedByVisitor(sub) || sub.status !== 'incomplete') return null;
  const intent = await firstIntent(ctx, payments, sub);
  if (!intent || intent.client_secret !== replacing || !unpaid(intent)) return null;
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
  if (!startedByVisitor(sub)) return;
  await ctx.subscriptions.forgetVisitor(sub.id);
  const live = (await ctx.subscriptions.liveOfCustomer(sub.customerId)).filter((other) => other.id !== sub.id);
  if (live.length > 0) return;
  try {
    await payments.stripe.customers.del(sub.customerId);
  } catch (error) {
    ctx.logger.warn({ err: error, customer: sub.customerId }, 'pending registration customer not deleted');
  }
}
