/**
 * POST /api/upgrade-account (SPEC: the account-setup view after a signed-in user paid, when
 * the browser came back through Stripe's redirect): billing reads the subscription from Stripe
 * and, once it is paid, identity applies the plan and sets the password paid plans need. The
 * answer carries a password session for the account (the paid dashboard needs one), which the
 * page keeps in place of the session it came with.
 */
import { ApiError, paidPlanSchema, type AuthenticatedUser, type UpgradeAccountBody } from '@citecheck/proto';
import { errors, grantsPlan, messages, renewalOwed } from '../domain/billing';
import { stateOf } from '../domain/subscription-state';
import { paymentsOf, type BillingContext } from './context';

const REFUSALS = { invalid_input: 400, password_mismatch: 409, not_found: 404 } as const;

export async function upgradeAccount(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'identity' | 'clock' | 'logger'>,
  user: AuthenticatedUser | null,
  body: UpgradeAccountBody,
): Promise<{ success: true; userType: string; sessionToken: string }> {
  const payments = paymentsOf(ctx);
  if (!user) throw errors.authRequired();
  const plan = paidPlanSchema.safeParse(body.userType);
  if (!plan.success) throw errors.unknownPlan();
  const sub = await ctx.subscriptions.latestOf(user.id);
  if (!sub || sub.plan !== plan.data) throw new ApiError(402, messages.setupFailed, 'not_paid');
  const stripeSub = await payments.stripe.subscriptions.retrieve(sub.id);
  // A renewal owed, by our record or Stripe's: setting the account up again must not give the
  // uploads back without paying (issue 28, finding 7).
  const owed = renewalOwed(sub.status) || renewalOwed(stripeSub.status);
  await ctx.subscriptions.recordState(sub.id, stateOf(stripeSub, payments.prices));
  if (owed || !grantsPlan(stripeSub.status)) throw new ApiError(402, messages.setupFailed, 'not_paid');
  const result = await ctx.identity.setupPaidPlan({ userId: user.id, password: body.password, userType: plan.data, paidAt: ctx.clock.now().toISOString() });
  if (!result.ok) throw new ApiError(REFUSALS[result.reason], result.message, result.reason);
  return { success: true, userType: plan.data, sessionToken: result.sessionToken };
}
