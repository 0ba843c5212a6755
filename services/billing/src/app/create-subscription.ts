/**
 * POST /api/create-subscription: a Stripe customer and an incomplete subscription whose first
 * invoice the browser pays with the returned client secret (`payment_behavior:
 * default_incomplete`). Works for a visitor without an account: the pending registration's
 * name and e-mail, when sent, go on the customer, and the account is created after payment.
 * A newer attempt cancels the caller's earlier unpaid one (abandoned-payments.ts) and reuses
 * its customer.
 */
import type Stripe from 'stripe';
import { ApiError, paidPlanSchema, type AuthenticatedUser, type CreateSubscriptionBody } from '@citecheck/proto';
import { errors, messages } from '../domain/billing';
import { idOf, stateOf } from '../domain/subscription-state';
import { cancelAttempt, replacedUserAttempt, replacedVisitorAttempt } from './abandoned-payments';
import { paymentsOf, type BillingContext } from './context';

export async function createSubscription(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'clock' | 'logger'>,
  user: AuthenticatedUser | null,
  body: CreateSubscriptionBody,
): Promise<{ clientSecret: string; subscriptionId: string; publishableKey: string | null }> {
  const payments = paymentsOf(ctx);
  const { stripe, prices } = payments;
  const plan = paidPlanSchema.safeParse(body.planType);
  if (!plan.success) throw errors.unknownPlan();

  const current = user ? await ctx.subscriptions.latestOf(user.id) : null;
  if (current && ['active', 'past_due', 'trialing'].includes(current.status)) throw errors.alreadySubscribed();
  // An earlier attempt left unpaid (back to the plans, another plan chosen) must not stay live
  // beside this one: the signed-in user's own, or the visitor's that the browser names.
  const replaced = user
    ? await replacedUserAttempt(ctx, payments, current)
    : body.replacing
      ? await replacedVisitorAttempt(ctx, payments, body.replacing)
      : null;

  const email = user?.email ?? body.email;
  const name = user?.name ?? body.name;
  let subscription: Stripe.Subscription;
  try {
    if (!user && replaced && (email || name)) {
      await stripe.customers.update(replaced.customerId, { ...(email ? { email } : {}), ...(name ? { name } : {}) });
    }
    const customerId =
      current?.customerId ??
      replaced?.customerId ??
      (
        await stripe.customers.create({
          ...(email ? { email } : {}),
          ...(name ? { name } : {}),
          metadata: user ? { userId: user.id } : { pendingRegistration: 'true' },
        })
      ).id;
    subscription = await stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: prices[plan.data] }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      metadata: { plan: plan.data, ...(user ? { userId: user.id } : {}) },
    });
  } catch (error) {
    ctx.logger.error({ err: error }, 'stripe refused the subscription');
    throw new ApiError(502, messages.createFailed, 'stripe_error');
  }

  const invoice = subscription.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  const paymentIntentId = idOf(invoice?.payments?.data.find((p) => p.payment.type === 'payment_intent')?.payment.payment_intent);
  if (!clientSecret || !paymentIntentId) throw new ApiError(502, messages.noClientSecret, 'no_client_secret');

  await ctx.subscriptions.add({
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    paymentIntentId,
    userId: user?.id ?? '',
    email: email ?? '',
    name: name ?? '',
    plan: plan.data,
    status: subscription.status,
    itemId: '',
    currentPeriodStart: 0,
    currentPeriodEnd: 0,
    cancelAtPeriodEnd: false,
    lastEventAt: 0,
    createdAt: ctx.clock.now().toISOString(),
    ...stateOf(subscription, prices),
  });
  // Only once the new attempt is on record: the customer it shares stays.
  if (replaced) await cancelAttempt(ctx, payments, replaced, !user);
  return { clientSecret, subscriptionId: subscription.id, publishableKey: ctx.settings.publishableKey };
}
