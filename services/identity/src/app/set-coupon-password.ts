/**
 * POST /api/set-coupon-password: the coupon sign-up's last call. Allowed once, on an
 * account whose coupon was applied within the coupon window and that has no password yet.
 */
import type { SetCouponPasswordBody } from '@citecheck/proto';
import { badRequest, forbidden, messages } from '../domain/errors';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../domain/passwords';
import { hashToken } from '../domain/tokens';
import type { IdentityContext } from './context';
import { withinCouponWindow } from './coupon-window';

export async function setCouponPassword(
  ctx: Pick<IdentityContext, 'users' | 'clock' | 'settings'>,
  input: SetCouponPasswordBody,
  /** The calling browser's sign-in claim (cookie): verification in that browser keeps the password. */
  claim: string | null = null,
): Promise<{ success: true; message: string }> {
  const { email, password } = input;
  if (!email || !password) throw badRequest(messages.missingFreeFields, 'missing_fields');
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.passwordTooShortSetup, 'password_too_short');
  const user = await ctx.users.byEmail(email);
  if (!user || !user.couponCode || user.passwordHash || !withinCouponWindow(ctx.clock, ctx.settings.couponWindowMs, user.couponAppliedAt)) {
    throw forbidden(messages.passwordSetupFailed, 'password_setup_not_allowed');
  }
  const updated = await ctx.users.setCouponPassword(user, await hashPassword(password), claim ? hashToken(claim) : null);
  if (!updated) throw forbidden(messages.passwordSetupFailed, 'password_setup_not_allowed');
  return { success: true, message: 'Password set. Verify your email address, then sign in with your password.' };
}
