/**
 * POST /api/confirm-subscription: a signed-in user paid in the browser; once Stripe confirms
 * the payment the plan applies at once (the webhook would also apply it, a little later).
 * `passwordRequired` tells the page the session was not opened with a password (a free user
 * signed in by e-mail link): the paid dashboard would refuse it, so the page goes on to SPEC's
 * account setup (`POST /api/upgrade-account`) to set one.
 */
import type { AuthenticatedUser } from '@citecheck/proto';
import { errors, grantsPlan, renewalOwed } from '../domain/billing';
import { stateOf } from '../domain/subscription-state';
import { paymentsOf, type BillingContext } from './context';
import { paidSubscription, refreshSubscription } from './paid-subscription';
import { publishPlan } from './publish';

export async function confirmSubscription(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'publish' | 'clock' | 'logger'>,
  user: AuthenticatedUser | null,
  paymentIntentId: string,
): Promise<{ success: true; userType: string; passwordRequired: boolean }> {
  const payments = paymentsOf(ctx);
  if (!user) throw errors.authRequired();
  const { sub } = await paidSubscription(ctx, payments, paymentIntentId);
  if (sub.userId !== user.id) throw errors.paymentNotFound();
  const stripeSub = await refreshSubscription(payments, sub.id);
  const state = stateOf(stripeSub, payments.prices);
  // A renewal owed, by our record or Stripe's: confirming the first invoice's payment again
  // would mark it paid and give the uploads back without paying (issue 28, finding 7).
  const owed = renewalOwed(sub.status) || renewalOwed(stripeSub.status);
  await ctx.subscriptions.recordState(sub.id, state);
  if (owed || !grantsPlan(stripeSub.status)) throw errors.activationFailed();
  await publishPlan(ctx.publish, sub, state.plan ?? sub.plan, 'active', ctx.clock.now());
  return { success: true, userType: state.plan ?? sub.plan, passwordRequired: !user.passwordSession };
}
