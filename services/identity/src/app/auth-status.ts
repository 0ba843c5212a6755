/** GET /api/auth/status: who the caller is, if anyone (SPEC section 3, Auth status). */
import { authenticate } from './authenticate';
import type { IdentityContext } from './context';
import { publicUser, type PublicUser } from './sessions';

export interface AuthStatus {
  isVerified: boolean;
  isAuthenticated: boolean;
  user: PublicUser | null;
}

export async function authStatus(ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock'>, sessionToken: string | null): Promise<AuthStatus> {
  const user = await authenticate(ctx, sessionToken);
  if (!user) return { isVerified: false, isAuthenticated: false, user: null };
  return { isVerified: user.isVerified, isAuthenticated: true, user: publicUser(user) };
}
