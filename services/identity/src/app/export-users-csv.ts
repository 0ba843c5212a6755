/** GET /api/admin/users/download: the admin's user list as CSV (user_registrations.csv). Admin only. */
import { toCsv } from '../domain/csv';
import { ADMIN_CSV_HEADER, toAdminView, toCsvRow } from '../domain/user';
import { recordAdminAction } from './audit';
import { requireAdmin, type AdminCaller } from './check-admin';
import type { IdentityContext } from './context';

export async function exportUsersCsv(
  ctx: Pick<IdentityContext, 'users' | 'settings' | 'adminFailures' | 'logger' | 'adminSessions' | 'clock' | 'publish'>,
  caller: AdminCaller,
): Promise<string> {
  const actor = await requireAdmin(ctx, caller);
  const users = (await ctx.users.newestFirst()).map(toAdminView);
  await recordAdminAction(ctx, { action: 'users.download', actor, target: `${users.length} users`, ipAddress: caller.ip });
  return toCsv(ADMIN_CSV_HEADER, users.map(toCsvRow));
}
