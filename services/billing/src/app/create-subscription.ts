/**
 * POST /api/create-subscription: a Stripe customer and an incomplete subscription whose first
 * invoice the browser pays with the returned client secret (`payment_behavior:
 * default_incomplete`).
 *
 * No payment starts without a payer the product can give an account to (ARCHITECTURE.md,
 * "Deliberate departures"): a signed-out caller must send its pending registration (name and
 * e-mail), and identity names the account the payment is for before anything is created at
 * Stripe (a new or not yet verified address; a verified one is refused, its owner signs in).
 * The subscription belongs to that account from the start, so its plan applies once Stripe
 * says it is paid, whether or not the payer comes back to set a password.
 *
 * A newer attempt cancels the caller's earlier unpaid one (abandoned-payments.ts) and reuses
 * its customer.
 */
import type Stripe from 'stripe';
import { ApiError, paidPlanSchema, type AuthenticatedUser, type CreateSubscriptionBody } from '@citecheck/proto';
import { errors, messages } from '../domain/billing';
import { idOf, stateOf } from '../domain/subscription-state';
import { cancelAttempt, replacedUserAttempt, replacedVisitorAttempt } from './abandoned-payments';
import { paymentsOf, type BillingContext } from './context';

/** Who pays: the signed-in user, or the account a visitor's pending registration names. */
interface Payer {
  id: string;
  email: string;
  name: string;
}

async function payerOf(ctx: Pick<BillingContext, 'identity'>, user: AuthenticatedUser | null, body: CreateSubscriptionBody): Promise<Payer> {
  if (user) return { id: user.id, email: user.email, name: user.name };
  if (!body.name || !body.email) throw errors.registrationRequired();
  const account = await ctx.identity.payerAccount({ name: body.name, email: body.email, newsletterOptIn: false });
  if (!account.ok) throw new ApiError(account.reason === 'already_registered' ? 409 : 400, account.message, account.reason);
  return { id: account.userId, email: account.email, name: account.name };
}

export async function createSubscription(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'identity' | 'clock' | 'logger'>,
  user: AuthenticatedUser | null,
  body: CreateSubscriptionBody,
): Promise<{ clientSecret: string; subscriptionId: string; publishableKey: string | null }> {
  const payments = paymentsOf(ctx);
  const { stripe, prices } = payments;
  const plan = paidPlanSchema.safeParse(body.planType);
  if (!plan.success) throw errors.unknownPlan();

  // Before anything at Stripe: a visitor without a pending registration is refused here.
  const payer = await payerOf(ctx, user, body);
  const current = await ctx.subscriptions.latestOf(payer.id);
  if (current && ['active', 'past_due', 'trialing'].includes(current.status)) throw errors.alreadySubscribed();
  // An earlier attempt left unpaid (back to the plans, another plan chosen) must not stay live
  // beside this one: the signed-in user's own, or the visitor's that the browser names (only
  // its client secret proves the attempt is this browser's; knowing the address is not enough).
  const replaced = user
    ? await replacedUserAttempt(ctx, payments, current)
    : body.replacing
      ? await replacedVisitorAttempt(ctx, payments, body.replacing)
      : null;

  const { email, name } = payer;
  let subscription: Stripe.Subscription;
  try {
    if (!user && replaced) await stripe.customers.update(replaced.customerId, { email, name, metadata: { userId: payer.id } });
    // A signed-in user keeps one customer; a visitor's is made for this attempt unless the
    // browser's own earlier attempt made one (a customer made for a visitor who never pays is deleted).
    const customerId =
      (user ? current?.customerId : undefined) ??
      replaced?.customerId ??
      (await stripe.customers.create({ email, name, metadata: user ? { userId: payer.id } : { userId: payer.id, pendingRegistration: 'true' } })).id;
    subscription = await stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: prices[plan.data] }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      metadata: { plan: plan.data, userId: payer.id },
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
    userId: payer.id,
    ...(user ? {} : { byVisitor: true }),
    email,
    name,
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
