/** GET /api/admin/users: every user, newest first, as the admin's list shows them. Admin only. */
import { toAdminView, type AdminUserView } from '../domain/user';
import { requireAdmin, type AdminCaller } from './check-admin';
import type { IdentityContext } from './context';

export async function listUsers(ctx: Pick<IdentityContext, 'users' | 'settings' | 'adminFailures' | 'logger' | 'adminSessions' | 'clock'>, caller: AdminCaller): Promise<AdminUserView[]> {
  await requireAdmin(ctx, caller);
  return (await ctx.users.newestFirst()).map(toAdminView);
}
