/**
 * POST /api/auth/reset-password: single use, 1 hour; signs out every existing session, and
 * forgets every other way back in that the old state gave: the account's other reset links
 * (each worked until its hour was up) and sign-in links, and the device tokens that let a
 * browser sign in by e-mail alone (issue 28, Low).
 */
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
  // Whoever knew the old password must not stay signed in, nor come back by another door.
  await ctx.sessions.revokeAllOf(user.id);
  for (const kind of ['reset', 'sign-in', 'device'] as const) await ctx.tokens.voidUnusedOf(user.id, kind);
  return { success: true, message: messages.resetDone };
}
