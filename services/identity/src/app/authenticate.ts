/** The user behind a session token, or null (unknown, expired, revoked, or user deleted). */
import type { AuthenticatedUser } from '@citecheck/proto';
import { hashToken, looksLikeToken } from '../domain/tokens';
import { isoAt, type IdentityContext } from './context';

export async function authenticate(ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock'>, sessionToken: string | null): Promise<AuthenticatedUser | null> {
  if (!looksLikeToken(sessionToken)) return null;
  const session = await ctx.sessions.byId(hashToken(sessionToken));
  if (!session || session.revoked || session.expiresAt <= isoAt(ctx.clock)) return null;
  // Looked up on every call, so a deleted user's sessions stop working at once.
  const user = await ctx.users.byId(session.userId);
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isVerified: user.isVerified,
    userType: user.userType,
    reportLimit: user.reportLimit,
    passwordSession: session.passwordSession,
  };
}
