/**
 * POST /api/billing/upgrade-subscription: Premium to Enterprise within the period. Stripe
 * swaps the price and invoices the prorated difference at once (`proration_behavior:
 * always_invoice`); if that payment fails the change is refused and nothing changes
 * (`payment_behavior: error_if_incomplete`). The new limit applies at once.
 */
import { ApiError, isUpgrade, paidPlanSchema, type AuthenticatedUser } from '@citecheck/proto';
import { errors, messages } from '../domain/billing';
import { stateOf } from '../domain/subscription-state';
import { paymentsOf, type BillingContext } from './context';
import { publishPlan } from './publish';

export async function upgradeSubscription(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'publish' | 'clock' | 'logger'>,
  user: AuthenticatedUser | null,
  planType: string,
): Promise<{ success: true; userType: string }> {
  const payments = paymentsOf(ctx);
  if (!user) throw errors.authRequired();
  const target = paidPlanSchema.safeParse(planType);
  if (!target.success) throw errors.unknownPlan();
  const sub = await ctx.subscriptions.latestOf(user.id);
  if (!sub || sub.status !== 'active' || sub.cancelAtPeriodEnd || !isUpgrade(sub.plan, target.data)) throw errors.upgradeFailed();
  let state;
  try {
    const current = await payments.stripe.subscriptions.retrieve(sub.id);
    const item = current.items.data[0];
    const updated = await payments.stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: payments.prices[target.data] }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      metadata: { plan: target.data },
    });
    state = stateOf(updated, payments.prices);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'stripe refused the upgrade');
    throw new ApiError(402, `${messages.activationFailed}: the prorated payment did not go through.`, 'upgrade_payment_failed');
  }
  await ctx.subscriptions.recordState(sub.id, state);
  await publishPlan(ctx.publish, sub, state.plan ?? target.data, 'active', ctx.clock.now());
  return { success: true, userType: state.plan ?? target.data };
}
