/**
 * Billing changed a plan (`subscription.changed`): set the user's plan and report limit, and
 * whether a payment is owed (past_due stops uploads until it is paid).
 */
import type { SubscriptionChanged, UserType } from '@citecheck/proto';
import { emailKey } from '../domain/email';
import { planChange, type User } from '../domain/user';
import type { IdentityContext } from './context';

/** Applies a plan change to `user` unless it is a repeated or older one. */
export async function applyPlan(
  ctx: Pick<IdentityContext, 'users'>,
  user: User,
  userType: UserType,
  reportLimit: number,
  changedAt: string,
  status?: SubscriptionChanged['status'],
): Promise<void> {
  const change = planChange(user, userType, reportLimit, changedAt, status);
  if (change) await ctx.users.changePlan(user, change);
}

export async function applySubscriptionChange(ctx: Pick<IdentityContext, 'users' | 'pendingPlans'>, event: SubscriptionChanged): Promise<void> {
  const user = (event.userId ? await ctx.users.byId(event.userId) : null) ?? (await ctx.users.byEmail(event.email));
  if (user) {
    await applyPlan(ctx, user, event.userType, event.reportLimit, event.changedAt, event.status);
    return;
  }
  // Paid before the account exists (SPEC: visitors may pay first): kept until sign-up.
  await ctx.pendingPlans.keepLatest({ id: emailKey(event.email), userType: event.userType, reportLimit: event.reportLimit, changedAt: event.changedAt });
}
