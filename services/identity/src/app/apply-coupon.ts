/**
 * POST /api/apply-coupon, the second of the coupon sign-up's three calls (free register,
 * apply coupon, set password). The calls carry no session, only the e-mail, so a coupon may
 * only be applied to an account created moments ago and not yet verified: otherwise anyone
 * could upgrade a stranger's account and then set its password. Like the password, the coupon
 * attaches for good only when the address is verified in the browser that applied it; any
 * other verification takes it off and gives its use back (void-unverified-credentials.ts).
 */
import type { ApplyCouponBody, UserType } from '@citecheck/proto';
import { normalizeCouponCode } from '../domain/coupons';
import { hashToken } from '../domain/tokens';
import { badRequest, conflict, forbidden, messages, notFound } from '../domain/errors';
import { isPaidPlan, PLAN_LIMITS } from '../domain/plans';
import { isoAt, type IdentityContext } from './context';
import { withinCouponWindow } from './coupon-window';

export async function applyCoupon(
  ctx: Pick<IdentityContext, 'users' | 'couponUses' | 'clock' | 'settings'>,
  input: ApplyCouponBody,
  /** The calling browser's sign-in claim (cookie): the coupon stays only if that browser verifies. */
  claim: string | null = null,
): Promise<{ success: true; message: string; userType: UserType; reportLimit: number }> {
  const email = input.email;
  const code = normalizeCouponCode(input.couponCode);
  if (!email || !code) throw badRequest(messages.couponFieldsRequired, 'missing_fields');
  const coupon = ctx.settings.coupons.get(code);
  if (!coupon) throw badRequest(messages.couponInvalid, 'invalid_coupon');
  const user = await ctx.users.byEmail(email);
  if (!user) throw notFound(messages.accountNotFound, 'account_not_found');
  if (user.couponCode === code) {
    // The same call again (a retried request): already applied, no second use counted.
    return { success: true, message: 'Coupon applied', userType: user.userType, reportLimit: user.reportLimit };
  }
  if (user.couponCode || isPaidPlan(user.userType)) throw conflict(messages.couponAlreadyUsed, 'coupon_already_applied');
  if (user.isVerified || !withinCouponWindow(ctx.clock, ctx.settings.couponWindowMs, user.createdAt)) {
    throw forbidden(messages.couponNewAccountsOnly, 'coupon_not_allowed');
  }
  if (!(await ctx.couponUses.take(coupon.code, coupon.useLimit))) throw badRequest(messages.couponExhausted, 'coupon_exhausted');
  const updated = await ctx.users.redeemCoupon(user.id, {
    code,
    plan: coupon.plan,
    reportLimit: PLAN_LIMITS[coupon.plan],
    at: isoAt(ctx.clock),
    claimHash: claim ? hashToken(claim) : null,
  });
  if (!updated) {
    // Another apply won the race: give the use back.
    await ctx.couponUses.giveBack(coupon.code);
    throw conflict(messages.couponAlreadyUsed, 'coupon_already_applied');
  }
  return { success: true, message: 'Coupon applied', userType: updated.userType, reportLimit: updated.reportLimit };
}
