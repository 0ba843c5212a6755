/**
 * Who may manage API keys: a signed-in user. A paid account must have signed in with its
 * password, as for its dashboard: a key is lasting access to the account's plan, so the
 * e-mail-only sign-in that cannot open a paid dashboard cannot mint one either.
 */
import type { AuthenticatedUser } from '@citecheck/proto';
import { ApiError } from '@citecheck/proto';
import { messages, unauthorized } from '../domain/errors';
import { authenticate } from './authenticate';
import type { IdentityContext } from './context';

export async function requireKeyOwner(ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock'>, sessionToken: string | null): Promise<AuthenticatedUser> {
  const user = await authenticate(ctx, sessionToken);
  if (!user) throw unauthorized(messages.authRequired, 'unauthorized');
  if (user.userType !== 'free' && !user.passwordSession) throw new ApiError(403, 'PASSWORD_REQUIRED', 'PASSWORD_REQUIRED', { requiresPassword: true });
  return user;
}
