/** GET /api/auth/status: who the caller is, if anyone (SPEC section 3, Auth status). */
import { isPaidPlan } from '../domain/plans';
import { authenticate } from './authenticate';
import type { IdentityContext } from './context';
import { publicUser, type PublicUser } from './sessions';

export interface AuthStatus {
  isVerified: boolean;
  isAuthenticated: boolean;
  user: PublicUser | null;
  /**
   * A paid plan whose account has no password yet (paid, then the page closed before SPEC's
   * account setup; or a password voided at verification): every page offers the setup, since
   * the paid dashboard signs in with a password.
   */
  accountSetupRequired: boolean;
}

export async function authStatus(ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock'>, sessionToken: string | null): Promise<AuthStatus> {
  const user = await authenticate(ctx, sessionToken);
  if (!user) return { isVerified: false, isAuthenticated: false, user: null, accountSetupRequired: false };
  const stored = isPaidPlan(user.userType) ? await ctx.users.byId(user.id) : null;
  return { isVerified: user.isVerified, isAuthenticated: true, user: publicUser(user), accountSetupRequired: Boolean(stored && !stored.passwordHash) };
}
