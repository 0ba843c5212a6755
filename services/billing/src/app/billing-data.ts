/**
 * GET /api/billing/data: SPEC section 3's billing data, read from Stripe for the signed-in
 * user's newest subscription: the plan, status and period, the charges, the customer.
 */
import type Stripe from 'stripe';
import { ApiError, PLANS, type AuthenticatedUser, type BillingData } from '@citecheck/proto';
import { errors, messages, statusLabel } from '../domain/billing';
import { stateOf } from '../domain/subscription-state';
import { paymentsOf, type BillingContext } from './context';

export async function billingData(ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'logger'>, user: AuthenticatedUser | null): Promise<BillingData> {
  const payments = paymentsOf(ctx);
  if (!user) throw errors.authRequired();
  const sub = await ctx.subscriptions.latestOf(user.id);
  if (!sub) throw errors.noBilling();
  let stripeSub: Stripe.Subscription;
  let charges: Stripe.ApiList<Stripe.Charge>;
  let customer: Stripe.Customer | Stripe.DeletedCustomer;
  try {
    [stripeSub, charges, customer] = await Promise.all([
      payments.stripe.subscriptions.retrieve(sub.id),
      payments.stripe.charges.list({ customer: sub.customerId, limit: 100 }),
      payments.stripe.customers.retrieve(sub.customerId),
    ]);
  } catch (error) {
    ctx.logger.error({ err: error }, 'billing data could not be read from stripe');
    throw new ApiError(502, messages.billingFetchFailed, 'stripe_error');
  }
  const state = stateOf(stripeSub, payments.prices);
  const plan = state.plan ?? sub.plan;
  const price = stripeSub.items.data[0]?.price;
  // Stripe says "active" until its own retries give up; a failed payment recorded from the
  // webhook is shown as owed meanwhile.
  const status = sub.status === 'past_due' && stripeSub.status === 'active' ? 'past_due' : stripeSub.status;
  return {
    subscription: {
      plan: {
        nickname: price?.nickname ?? PLANS[plan].name,
        amount: price?.unit_amount ?? PLANS[plan].priceCents,
        interval: price?.recurring?.interval ?? 'month',
      },
      status,
      statusLabel: statusLabel(status),
      currentPeriodStart: state.currentPeriodStart ?? sub.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd ?? sub.currentPeriodEnd,
      cancelAtPeriodEnd: stripeSub.cancel_at_period_end,
    },
    charges: charges.data.map((c) => ({
      id: c.id,
      description: c.description ?? `${PLANS[plan].name} subscription`,
      created: c.created,
      amount: c.amount,
      status: c.status,
      receiptUrl: c.receipt_url,
    })),
    customer: 'deleted' in customer && customer.deleted ? null : { email: (customer as Stripe.Customer).email ?? user.email, name: (customer as Stripe.Customer).name ?? null },
  };
}
