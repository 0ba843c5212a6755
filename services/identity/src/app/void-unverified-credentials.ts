/**
 * Pre-account takeover: anyone can register an address they do not own, apply a coupon and
 * set a password, then wait for the owner to verify it and sign in with that password. So when
 * the owner verifies, whatever was set before is void: the password and the coupon (unless
 * set in the very browser that now verifies, proven by its sign-in claim; a voided coupon's
 * use is given back), every session opened before (a paid-first sign-up's), and every sign-in
 * claim and reset link issued before. The owner sets a password of their own afterwards
 * ('Forgot password').
 */
import { PLAN_LIMITS } from '../domain/plans';
import { hashToken } from '../domain/tokens';
import type { User } from '../domain/user';
import { isoAt, type IdentityContext } from './context';

export async function voidUnverifiedCredentials(
  ctx: Pick<IdentityContext, 'users' | 'sessions' | 'tokens' | 'couponUses' | 'clock' | 'logger'>,
  verified: User,
  claim: string | null,
): Promise<User> {
  let user = verified;
  await ctx.sessions.revokeAllOf(user.id);
  // Claims issued before: one held by whoever registered the address would otherwise sign that
  // browser in the moment the owner verifies (claim-session.ts). Reset links too.
  // The verifying browser's own claim stays: its waiting tab may sign in with it.
  const own = claim ? await ctx.tokens.byId(hashToken(claim)) : null;
  await ctx.tokens.voidUnusedOf(user.id, 'claim');
  await ctx.tokens.voidUnusedOf(user.id, 'reset');
  if (own && own.kind === 'claim' && own.userId === user.id && !own.used) await ctx.tokens.issue(own);
  const claimHash = claim ? hashToken(claim) : null;
  const setHere = (hash: string | null | undefined) => claimHash !== null && hash === claimHash;
  if (user.couponCode && !setHere(user.couponClaimHash)) {
    const voided = await ctx.users.voidCoupon(user.id, user.couponCode, { reportLimit: PLAN_LIMITS.free, at: isoAt(ctx.clock) });
    if (voided) {
      await ctx.couponUses.giveBack(user.couponCode);
      ctx.logger.info({ userId: user.id }, 'coupon applied before verification voided: not applied in the verifying browser');
      user = voided;
    }
  }
  if (!user.passwordHash || setHere(user.passwordClaimHash)) return user;
  ctx.logger.info({ userId: user.id }, 'password set before verification voided: not set in the verifying browser');
  return (await ctx.users.voidPassword(user.id)) ?? user;
}
