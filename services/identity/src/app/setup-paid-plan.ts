/**
 * SPEC's account setup after a signed-in user paid ('Set Up Your {Plan} Account', then
 * `POST /api/upgrade-account`): billing has checked with Stripe that the plan is paid; identity
 * applies it and sets the password paid plans sign in with. An existing password is never
 * replaced here: a repeat must bring the same one. The answer is a password session: the caller
 * has just proved the password, and the session it came with (a verification link's) would
 * still be refused the paid dashboard.
 */
import type { PaidPlanSetupRequest, PaidPlanSetupResult } from '@citecheck/proto';
import { messages } from '../domain/errors';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../domain/passwords';
import { PLAN_LIMITS } from '../domain/plans';
import { applyPlan } from './apply-subscription-change';
import type { IdentityContext } from './context';
import { openSession } from './sessions';

export async function setupPaidPlan(ctx: Pick<IdentityContext, 'users' | 'sessions' | 'clock' | 'settings'>, request: PaidPlanSetupRequest): Promise<PaidPlanSetupResult> {
  const user = await ctx.users.byId(request.userId);
  if (!user) return { ok: false, reason: 'not_found', message: messages.userNotFound };
  if (request.password.length < MIN_PASSWORD_LENGTH) return { ok: false, reason: 'invalid_input', message: messages.passwordTooShortSetup };
  if (user.passwordHash) {
    if (!(await verifyPassword(request.password, user.passwordHash))) return { ok: false, reason: 'password_mismatch', message: messages.passwordSetupFailed };
  } else if (!(await ctx.users.setFirstPassword(user, await hashPassword(request.password)))) {
    return { ok: false, reason: 'password_mismatch', message: messages.passwordSetupFailed };
  }
  const current = (await ctx.users.byId(user.id)) ?? user;
  await applyPlan(ctx, current, request.userType, PLAN_LIMITS[request.userType], request.paidAt);
  const { sessionToken } = await openSession(ctx, current, true);
  return { ok: true, sessionToken };
}
