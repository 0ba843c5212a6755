/**
 * POST /api/stripe/webhook: Stripe's events about our subscriptions. The signature is checked
 * over the raw body with the endpoint secret before anything is read; each event is handled
 * once (its id is claimed first); events that arrive out of order never roll a subscription
 * back (state changes are conditional on the event's time, renewals on the period).
 *
 *   invoice.paid                   the period renews: the month's report count restarts; receipt mailed
 *                                  (the first one with the account-setup link while no password is set)
 *   invoice.payment_failed         past due: the user sees 'Payment Required'; notice mailed
 *   customer.subscription.updated  plan, status and cancellation as Stripe now has them; a
 *                                  visitor's unpaid attempt that expired (incomplete_expired,
 *                                  23 hours) forgets the pending registration
 *   customer.subscription.deleted  the period ended after a cancellation: back to free; a
 *                                  visitor's unpaid attempt cancelled for a newer one is forgotten
 */
import type Stripe from 'stripe';
import { errors, formatAmount, formatDate, grantsPlan, planName } from '../domain/billing';
import { idOf, periodOfInvoice, stateOf, subscriptionOfInvoice } from '../domain/subscription-state';
import type { SubscriptionDoc } from '../store';
import { paymentsOf, type BillingContext, type Payments } from './context';
import { forgetAbandonedVisitor, startedByVisitor } from './abandoned-payments';
import { publishPlan, publishRenewal, requestMail } from './publish';

type Ctx = Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'webhookEvents' | 'identity' | 'publish' | 'clock' | 'logger'>;

export async function handleWebhook(ctx: Ctx, rawBody: string | undefined, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
  const payments = paymentsOf(ctx);
  const secret = ctx.settings.webhookSecret;
  if (!secret) throw errors.notConfigured();
  let event: Stripe.Event;
  try {
    event = payments.stripe.webhooks.constructEvent(rawBody ?? '', signature ?? '', secret);
  } catch (error) {
    ctx.logger.warn({ reason: (error as Error).message }, 'stripe webhook refused');
    throw errors.badSignature();
  }
  if (!(await ctx.webhookEvents.claim(event.id, event.type, ctx.clock.now().toISOString()))) return { received: true, duplicate: true };
  try {
    await apply(ctx, payments, event);
  } catch (error) {
    // Given back, so Stripe's retry is handled.
    await ctx.webhookEvents.release(event.id);
    throw error;
  }
  return { received: true };
}

async function apply(ctx: Ctx, payments: Payments, event: Stripe.Event): Promise<void> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'invoice.paid':
      return invoicePaid(ctx, event.data.object, event.created, at);
    case 'invoice.payment_failed':
      return paymentFailed(ctx, event.data.object, event.created, at);
    case 'customer.subscription.updated':
      return subscriptionUpdated(ctx, payments, event.data.object, event.created, at);
    case 'customer.subscription.deleted':
      return subscriptionDeleted(ctx, payments, event.data.object, event.created, at);
    default:
      ctx.logger.debug({ type: event.type }, 'stripe event not used');
  }
}

async function ours(ctx: Ctx, subscriptionId: string | null): Promise<SubscriptionDoc | null> {
  const sub = subscriptionId ? await ctx.subscriptions.byId(subscriptionId) : null;
  if (!sub && subscriptionId) ctx.logger.info({ subscriptionId }, 'stripe event for a subscription not on record');
  return sub;
}

async function invoicePaid(ctx: Ctx, invoice: Stripe.Invoice, eventAt: number, at: Date): Promise<void> {
  const sub = await ours(ctx, subscriptionOfInvoice(invoice));
  if (!sub) return;
  const period = periodOfInvoice(invoice);
  const to = invoice.customer_email || sub.email;
  // The first payment's receipt is how a payer who closed the page before the account setup
  // finds their way back: while the account has no password it carries a link that signs the
  // mailed address in to set one (identity's, one-time; sealed on the bus like every mail link).
  const setupLink = invoice.billing_reason === 'subscription_create' && sub.userId ? await ctx.identity.accountSetupLink(sub.userId) : null;
  await requestMail(ctx.publish, `payment-receipt:${invoice.id}`, to, 'payment-receipt', {
    plan: planName(sub.plan),
    amount: formatAmount(invoice.amount_paid),
    date: formatDate(invoice.status_transitions?.paid_at ?? invoice.created),
    ...(invoice.hosted_invoice_url ? { receiptUrl: invoice.hosted_invoice_url } : {}),
    ...(setupLink ? { link: setupLink } : {}),
  });
  // A prorated upgrade's invoice pays for part of the current period: no new period.
  if (!period || (invoice.billing_reason !== 'subscription_create' && invoice.billing_reason !== 'subscription_cycle')) return;
  const renewed = await ctx.subscriptions.renewPeriod(sub.id, period.start, period.end, eventAt);
  if (!renewed) return;
  if (!renewed.userId) return; // a record from before accounts were made first: its account starts on this plan when made
  if (sub.status !== 'active') await publishPlan(ctx.publish, renewed, renewed.plan, 'active', at);
  await publishRenewal(ctx.publish, renewed, period.start, period.end, at);
}

async function paymentFailed(ctx: Ctx, invoice: Stripe.Invoice, eventAt: number, at: Date): Promise<void> {
  const sub = await ours(ctx, subscriptionOfInvoice(invoice));
  if (!sub) return;
  const updated = await ctx.subscriptions.applyState(sub.id, { status: 'past_due' }, eventAt);
  if (!updated) return;
  if (updated.userId) await publishPlan(ctx.publish, updated, updated.plan, 'past_due', at);
  await requestMail(ctx.publish, `payment-failed:${invoice.id}:${invoice.attempt_count}`, invoice.customer_email || sub.email, 'payment-failed', {
    plan: planName(sub.plan),
    amount: formatAmount(invoice.amount_due),
  });
}

async function subscriptionUpdated(ctx: Ctx, payments: Payments, object: Stripe.Subscription, eventAt: number, at: Date): Promise<void> {
  const sub = await ours(ctx, object.id);
  if (!sub) return;
  const state = stateOf(object, payments.prices);
  const updated = await ctx.subscriptions.applyState(sub.id, state, eventAt);
  if (updated?.status === 'incomplete_expired') return forgetAbandonedVisitor(ctx, payments, updated);
  if (!updated || !updated.userId) return;
  const planChanged = updated.plan !== sub.plan;
  const statusChanged = updated.status !== sub.status || updated.cancelAtPeriodEnd !== sub.cancelAtPeriodEnd;
  if (!planChanged && !statusChanged) return;
  if (!grantsPlan(updated.status)) return;
  const status = updated.status === 'past_due' ? 'past_due' : updated.cancelAtPeriodEnd ? 'cancelling' : 'active';
  await publishPlan(ctx.publish, updated, updated.plan, status, at);
}

async function subscriptionDeleted(ctx: Ctx, payments: Payments, object: Stripe.Subscription, eventAt: number, at: Date): Promise<void> {
  const sub = await ours(ctx, object.id);
  if (!sub) return;
  const updated = await ctx.subscriptions.applyState(sub.id, { status: 'canceled', cancelAtPeriodEnd: false }, eventAt);
  // A visitor's attempt that ended unpaid (cancelled for a newer one, which may have recorded it already).
  if (startedByVisitor(sub) && (sub.status === 'incomplete' || sub.status === 'canceled')) await forgetAbandonedVisitor(ctx, payments, sub);
  if (!updated) return;
  ctx.logger.info({ subscriptionId: sub.id, customer: idOf(object.customer) }, 'subscription ended');
  if (updated.userId) await publishPlan(ctx.publish, updated, 'free', 'cancelled', at);
}
