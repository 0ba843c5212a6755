/**
 * POST /api/billing/cancel-subscription: cancels at the end of the paid period (SPEC: access
 * stays until then). Stripe ends the subscription at period end and says so with
 * `customer.subscription.deleted`; the webhook then returns the account to free.
 */
import { ApiError, type AuthenticatedUser } from '@citecheck/proto';
import { errors, formatDate, messages, planName } from '../domain/billing';
import { stateOf } from '../domain/subscription-state';
import { paymentsOf, type BillingContext } from './context';
import { publishPlan, requestMail } from './publish';

export async function cancelSubscription(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'publish' | 'clock' | 'logger'>,
  user: AuthenticatedUser | null,
): Promise<{ success: true; cancelAtPeriodEnd: true; currentPeriodEnd: number }> {
  const payments = paymentsOf(ctx);
  if (!user) throw errors.authRequired();
  const sub = await ctx.subscriptions.latestOf(user.id);
  if (!sub || sub.status === 'canceled') throw errors.noBilling();
  let state;
  try {
    state = stateOf(await payments.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }), payments.prices);
  } catch (error) {
    ctx.logger.error({ err: error }, 'stripe refused the cancellation');
    throw new ApiError(502, messages.cancelFailed, 'stripe_error');
  }
  const updated = (await ctx.subscriptions.recordState(sub.id, state)) ?? sub;
  const plan = state.plan ?? sub.plan;
  await publishPlan(ctx.publish, sub, plan, 'cancelling', ctx.clock.now());
  if (!sub.cancelAtPeriodEnd) {
    await requestMail(ctx.publish, `subscription-cancelled:${sub.id}`, user.email, 'subscription-cancelled', {
      plan: planName(plan),
      accessUntil: formatDate(updated.currentPeriodEnd),
    });
  }
  return { success: true, cancelAtPeriodEnd: true, currentPeriodEnd: updated.currentPeriodEnd };
}
