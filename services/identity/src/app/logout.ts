/**
 * POST /api/auth/logout: the session token stops working, and so does this browser's device
 * token: signed out, a browser must prove the address again (a mailed link) to sign in by
 * e-mail alone. Before, the device cookie outlived the sign-out, so anyone at that browser
 * afterwards could sign back in with the address alone (issue 28, Low).
 */
import { hashToken, looksLikeToken } from '../domain/tokens';
import type { IdentityContext } from './context';
import { forgetDevice } from './email-sign-in';

export async function logout(ctx: Pick<IdentityContext, 'sessions' | 'tokens'>, sessionToken: string | null, deviceToken: string | null = null): Promise<void> {
  await forgetDevice(ctx, deviceToken);
  if (!looksLikeToken(sessionToken)) return;
  await ctx.sessions.revoke(hashToken(sessionToken));
}
