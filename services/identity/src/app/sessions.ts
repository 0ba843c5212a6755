/** Opening a session: shared by registration, verification and sign-in. */
import type { UserType } from '@citecheck/proto';
import { hashToken, newToken } from '../domain/tokens';
import type { User } from '../domain/user';
import { isoAt, type IdentityContext } from './context';

export interface PublicUser {
  name: string;
  email: string;
  userType: UserType;
}

export interface SessionResult {
  sessionToken: string;
  user: PublicUser;
  passwordSession: boolean;
}

export function publicUser(user: Pick<User, 'name' | 'email' | 'userType'>): PublicUser {
  return { name: user.name, email: user.email, userType: user.userType };
}

/** A new bearer token for `user`; only its hash is stored. */
export async function openSession(
  ctx: Pick<IdentityContext, 'sessions' | 'clock' | 'settings'>,
  user: User,
  passwordSession: boolean,
): Promise<SessionResult> {
  const token = newToken();
  await ctx.sessions.open({
    id: hashToken(token),
    userId: user.id,
    passwordSession,
    revoked: false,
    createdAt: isoAt(ctx.clock),
    expiresAt: isoAt(ctx.clock, ctx.settings.sessionTtlMs),
  });
  return { sessionToken: token, user: publicUser(user), passwordSession };
}
