/**
 * GET /api/verify-email?token=: single use, 24 hours; signs the user in. The same link serves
 * the mailed one-click sign-in (email-sign-in.ts): for an address verified before, the answer
 * says so (`alreadyVerified`), so the page tells the user they are signed in rather than
 * verified, and an expired one asks them to sign in again rather than register.
 */
import { badRequest, messages } from '../domain/errors';
import { isoAt, type IdentityContext } from './context';
import { consumeToken } from './one-time-tokens';
import { requestMail } from './publish';
import { issueDeviceToken } from './email-sign-in';
import { openSession } from './sessions';
import { voidUnverifiedCredentials } from './void-unverified-credentials';

export async function verifyEmail(
  ctx: Pick<IdentityContext, 'tokens' | 'users' | 'sessions' | 'couponUses' | 'publish' | 'clock' | 'settings' | 'logger'>,
  token: string,
  /** The verifying browser's sign-in claim (cookie), if it is the one that registered. */
  claim: string | null = null,
): Promise<{ success: true; user: { name: string }; sessionToken: string; deviceToken: string; alreadyVerified: boolean }> {
  if (!token) throw badRequest(messages.verificationMissing, 'invalid_link');
  const result = await consumeToken(ctx, 'verification', token);
  if (result.state === 'expired') {
    const owner = result.doc ? await ctx.users.byId(result.doc.userId) : null;
    throw badRequest(owner?.isVerified ? messages.signInLinkExpired : messages.verificationExpired, 'link_expired');
  }
  if (result.state === 'used') throw badRequest(messages.verificationUsed, 'link_used');
  if (result.state !== 'ok' || !result.doc) throw badRequest(messages.verificationFailed, 'invalid_link');
  let user = await ctx.users.byId(result.doc.userId);
  if (!user) throw badRequest(messages.verificationFailed, 'invalid_link');
  const verifiedAt = isoAt(ctx.clock);
  // Two links clicked at once verify (and welcome) once.
  const verified = await ctx.users.markVerified(user.id, verifiedAt);
  if (verified) {
    // The owner has just proven the address: what anyone set before now is void.
    user = await voidUnverifiedCredentials(ctx, verified, claim);
    await ctx.publish('user.verified', user.id, { userId: user.id, email: user.email, verifiedAt });
    await requestMail(ctx.publish, user.email, 'welcome', { name: user.name });
  }
  const session = await openSession(ctx, user, false);
  // This browser opened a link mailed to the address: it may sign in by e-mail alone from now on.
  const deviceToken = await issueDeviceToken(ctx, user);
  return { success: true, user: { name: user.name }, sessionToken: session.sessionToken, deviceToken, alreadyVerified: !verified };
}
