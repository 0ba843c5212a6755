/** POST /api/auth/logout: the session token stops working. */
import { hashToken, looksLikeToken } from '../domain/tokens';
import type { IdentityContext } from './context';

export async function logout(ctx: Pick<IdentityContext, 'sessions'>, sessionToken: string | null): Promise<void> {
  if (!looksLikeToken(sessionToken)) return;
  await ctx.sessions.revoke(hashToken(sessionToken));
}
