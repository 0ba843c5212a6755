/** GET /api/auth/verify-reset-token: checks a reset link without using it up. */
import { messages } from '../domain/errors';
import type { IdentityContext } from './context';
import { inspectToken } from './one-time-tokens';

export async function checkResetToken(
  ctx: Pick<IdentityContext, 'tokens' | 'users' | 'clock'>,
  token: string,
): Promise<{ valid: true; name: string } | { valid: false; error: string }> {
  const { state, doc } = await inspectToken(ctx, 'reset', token);
  const user = state === 'ok' && doc ? await ctx.users.byId(doc.userId) : null;
  return user ? { valid: true, name: user.name } : { valid: false, error: messages.invalidResetToken };
}
