/**
 * POST /api/register/free: a new free account; an address already registered is refused.
 *
 * It is also the first of the coupon sign-up's three calls (register, apply coupon, set
 * password), and a mistyped coupon must not leave behind an account that makes the corrected
 * attempt fail "already registered". So a code sent along is checked before the account is
 * made, and a repeat from the browser that made the account moments ago (it holds the account's
 * registration claim), while it is unverified and has no coupon yet, goes on with that account.
 */
import { isAcceptableName, type RegisterBody } from '@citecheck/proto';
import { normalizeCouponCode } from '../domain/coupons';
import { isValidEmail } from '../domain/email';
import { badRequest, conflict, messages } from '../domain/errors';
import { hashToken } from '../domain/tokens';
import type { User } from '../domain/user';
import type { IdentityContext } from './context';
import { withinCouponWindow } from './coupon-window';
import { createUser, sendVerification } from './new-account';
import { issueToken } from './one-time-tokens';

type Ctx = Pick<IdentityContext, 'users' | 'pendingPlans' | 'tokens' | 'publish' | 'clock' | 'settings'>;

export async function registerFree(
  ctx: Ctx,
  input: RegisterBody & { couponCode?: string },
  /** The calling browser's registration claim (cookie), if it registered before. */
  claim: string | null = null,
): Promise<{ success: true; message: string; signInClaim: string }> {
  const { name, email } = input;
  if (!name || !email) throw badRequest(messages.missingFreeFields, 'missing_fields');
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmail, 'invalid_email');
  // A stranger's name goes into a mail to the address typed: no sentences, no links.
  if (!isAcceptableName(name)) throw badRequest(messages.invalidName, 'invalid_name');
  const couponCode = input.couponCode ? normalizeCouponCode(input.couponCode) : '';
  if (couponCode && !ctx.settings.coupons.has(couponCode)) throw badRequest(messages.couponInvalid, 'invalid_coupon');
  const existing = await ctx.users.byEmail(email);
  if (existing) {
    if (await isOwnFreshSignUp(ctx, existing, claim)) return { success: true, message: messages.checkEmail, signInClaim: claim as string };
    throw conflict(messages.alreadyRegistered, 'already_registered');
  }
  const user = await createUser(ctx, { name, email, newsletterOptIn: input.newsletterOptIn, passwordHash: null });
  await sendVerification(ctx, user);
  // For the registering browser only (a cookie): signs it in once the address is verified (claim-session.ts).
  return { success: true, message: messages.checkEmail, signInClaim: await issueToken(ctx, 'claim', user.id) };
}

/** The account this browser made within the coupon window, still unverified and without a coupon or password. */
async function isOwnFreshSignUp(ctx: Pick<IdentityContext, 'tokens' | 'clock' | 'settings'>, user: User, claim: string | null): Promise<boolean> {
  if (!claim || user.isVerified || user.couponCode || user.passwordHash) return false;
  if (!withinCouponWindow(ctx.clock, ctx.settings.couponWindowMs, user.createdAt)) return false;
  const token = await ctx.tokens.byId(hashToken(claim));
  return Boolean(token && token.kind === 'claim' && token.userId === user.id && !token.used);
}
