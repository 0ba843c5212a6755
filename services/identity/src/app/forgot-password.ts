/** POST /api/auth/forgot-password: the same answer whether or not the address exists. */
import type { ForgotPasswordBody } from '@citecheck/proto';
import { isValidEmail } from '../domain/email';
import { badRequest, messages } from '../domain/errors';
import type { IdentityContext } from './context';
import { issueToken } from './one-time-tokens';
import { requestMail } from './publish';

export async function forgotPassword(
  ctx: Pick<IdentityContext, 'users' | 'tokens' | 'publish' | 'clock' | 'settings'>,
  input: ForgotPasswordBody,
): Promise<{ success: true; message: string }> {
  const { email } = input;
  if (!email) throw badRequest(messages.emailRequired, 'missing_email');
  const user = isValidEmail(email) ? await ctx.users.byEmail(email) : null;
  if (user) {
    const token = await issueToken(ctx, 'reset', user.id);
    await requestMail(ctx.publish, user.email, 'password-reset', {
      name: user.name,
      link: `${ctx.settings.publicUrl}/reset-password?token=${token}`,
    });
  }
  return { success: true, message: messages.resetSent };
}
