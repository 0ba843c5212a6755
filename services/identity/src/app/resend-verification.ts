/** POST /api/admin/users/{id}/resend-verification: a fresh link for an unverified user. Admin only. */
import { badRequest, messages, notFound } from '../domain/errors';
import { recordAdminAction } from './audit';
import { requireAdmin, type AdminCaller } from './check-admin';
import type { IdentityContext } from './context';
import { sendVerification } from './new-account';

export async function resendVerification(
  ctx: Pick<IdentityContext, 'users' | 'tokens' | 'publish' | 'clock' | 'settings' | 'adminFailures' | 'logger' | 'adminSessions'>,
  caller: AdminCaller,
  userId: string,
): Promise<{ success: true; message: string }> {
  const actor = await requireAdmin(ctx, caller);
  const user = await ctx.users.byId(userId);
  if (!user) throw notFound(messages.userNotFound, 'user_not_found');
  if (user.isVerified) throw badRequest(messages.alreadyVerified, 'already_verified');
  await sendVerification(ctx, user);
  await recordAdminAction(ctx, { action: 'user.resend_verification', actor, target: userId, ipAddress: caller.ip });
  return { success: true, message: 'Verification Email Sent' };
}
