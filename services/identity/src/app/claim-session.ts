/**
 * POST /api/auth/claim: the browser that registered, still waiting for the address to be
 * verified (perhaps on another device), asks whether it may go on. Once the owner has opened
 * the link, the claim it was given at registration opens a session, once; a session without
 * password rights, like 'Welcome back!'. The claim is an httpOnly cookie of that browser, so
 * it proves this is where the registration was made.
 */
import type { IdentityContext } from './context';
import { consumeToken, inspectToken } from './one-time-tokens';
import { openSession } from './sessions';

export type ClaimResult = { verified: false; expired?: true } | { verified: true; sessionToken: string; user: { name: string } };

export async function claimSession(ctx: Pick<IdentityContext, 'tokens' | 'users' | 'sessions' | 'clock' | 'settings'>, claim: string | null): Promise<ClaimResult> {
  const inspected = await inspectToken(ctx, 'claim', claim ?? '');
  if (inspected.state !== 'ok' || !inspected.doc) return { verified: false, expired: true };
  const user = await ctx.users.byId(inspected.doc.userId);
  if (!user) return { verified: false, expired: true };
  // Registering a verified address gets a claim too (the answer must not say the address is
  // verified), an inert one: it waits like any other and never opens a session.
  if (!user.isVerified || inspected.doc.inert) return { verified: false };
  const used = await consumeToken(ctx, 'claim', claim ?? '');
  if (used.state !== 'ok') return { verified: false, expired: true };
  const session = await openSession(ctx, user, false);
  return { verified: true, sessionToken: session.sessionToken, user: { name: user.name } };
}
