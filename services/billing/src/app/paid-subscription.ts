/**
 * Checking a payment with Stripe, server-side: the browser's word that it paid is never taken.
 * The PaymentIntent must be one this service created (its subscription is on record), belong to
 * that subscription's customer, and have succeeded.
 */
import type Stripe from 'stripe';
import { errors } from '../domain/billing';
import { idOf } from '../domain/subscription-state';
import type { SubscriptionDoc } from '../store';
import type { BillingContext, Payments } from './context';

export async function paidSubscription(
  ctx: Pick<BillingContext, 'subscriptions' | 'logger'>,
  payments: Payments,
  paymentIntentId: string,
): Promise<{ sub: SubscriptionDoc; paidAt: Date }> {
  const sub = paymentIntentId ? await ctx.subscriptions.byPaymentIntent(paymentIntentId) : null;
  if (!sub) throw errors.paymentNotFound();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await payments.stripe.paymentIntents.retrieve(paymentIntentId);
  } catch (error) {
    ctx.logger.warn({ err: error, paymentIntentId }, 'payment intent could not be read');
    throw errors.paymentNotFound();
  }
  if (intent.status !== 'succeeded' || idOf(intent.customer) !== sub.customerId) throw errors.paymentNotSucceeded();
  return { sub, paidAt: new Date(intent.created * 1000) };
}

/** Stripe's view of the subscription now (its first invoice paid makes it active). */
export async function refreshSubscription(payments: Payments, id: string): Promise<Stripe.Subscription> {
  return payments.stripe.subscriptions.retrieve(id);
}
