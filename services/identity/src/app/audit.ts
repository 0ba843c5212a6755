/**
 * Every admin action leaves a record: identity publishes `admin.action` and analytics keeps
 * it as the audit log. Publishing never fails the action it records: the action already
 * happened, and a lost record is logged loudly instead.
 */
import type { AdminAction } from '@citecheck/proto';
import { isoAt, type IdentityContext } from './context';

export async function recordAdminAction(
  ctx: Pick<IdentityContext, 'publish' | 'clock' | 'logger'>,
  entry: { action: AdminAction; actor: string; target: string; ipAddress: string | null },
): Promise<void> {
  const payload = { ...entry, actor: entry.actor.slice(0, 320), target: entry.target.slice(0, 320), at: isoAt(ctx.clock) };
  try {
    await ctx.publish('admin.action', entry.target, payload);
  } catch (err) {
    ctx.logger.error({ err, audit: payload }, 'admin action not recorded in the audit log');
  }
}
