/** POST /api/auth/reset-password: single use, 1 hour; signs out every existing session. */
import type { ResetPasswordBody } from '@citecheck/proto';
import { badRequest, messages } from '../domain/errors';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../domain/passwords';
import type { IdentityContext } from './context';
import { consumeToken } from './one-time-tokens';

export async function resetPassword(
  ctx: Pick<IdentityContext, 'tokens' | 'users' | 'sessions' | 'clock'>,
  input: ResetPasswordBody,
): Promise<{ success: true; message: string }> {
  const { token, password } = input;
  if (!password) throw badRequest(messages.passwordFieldsRequired, 'missing_fields');
  // Length first, so a too-short password does not burn the link.
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.passwordTooShortReset, 'password_too_short');
  const { state, doc } = await consumeToken(ctx, 'reset', token);
  if (state !== 'ok' || !doc) throw badRequest(messages.invalidResetToken, messages.invalidResetToken);
  const user = await ctx.users.setPassword(doc.userId, await hashPassword(password));
  if (!user) throw badRequest(messages.invalidResetToken, messages.invalidResetToken);
  // Whoever knew the old password must not stay signed in.
  await ctx.sessions.revokeAllOf(user.id);
  return { success: true, message: messages.resetDone };
}
