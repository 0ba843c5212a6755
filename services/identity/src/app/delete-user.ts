/** DELETE /api/admin/users/{id}: the user and everything identity holds for them. Admin only. */
import { messages, notFound } from '../domain/errors';
import { recordAdminAction } from './audit';
import { requireAdmin, type AdminCaller } from './check-admin';
import { isoAt, type IdentityContext } from './context';

export async function deleteUser(
  ctx: Pick<IdentityContext, 'users' | 'sessions' | 'tokens' | 'reservations' | 'apiKeys' | 'publish' | 'clock' | 'settings' | 'adminFailures' | 'logger' | 'adminSessions'>,
  caller: AdminCaller,
  userId: string,
): Promise<{ success: true; message: string }> {
  const actor = await requireAdmin(ctx, caller);
  const user = await ctx.users.byId(userId);
  if (!user) throw notFound(messages.userNotFound, 'user_not_found');
  await ctx.users.remove(userId);
  // authenticate() already refuses sessions of a missing user; these deletes free the space.
  await ctx.sessions.deleteAllOf(userId);
  await ctx.tokens.deleteAllOf(userId);
  await ctx.reservations.deleteAllOf(userId);
  await ctx.apiKeys.deleteAllOf(userId);
  await ctx.publish('user.deleted', userId, { userId, email: user.email, deletedAt: isoAt(ctx.clock) });
  await recordAdminAction(ctx, { action: 'user.delete', actor, target: userId, ipAddress: caller.ip });
  return { success: true, message: 'User Deleted' };
}
