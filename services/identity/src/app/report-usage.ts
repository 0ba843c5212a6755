/** GET /api/user/report-usage: the signed-in user's report limit and reports used. */
import { messages, unauthorized } from '../domain/errors';
import { periodAt } from '../domain/user';
import { authenticate } from './authenticate';
import type { IdentityContext } from './context';

export interface ReportUsage {
  reportLimit: number;
  reportsUsed: number;
}

/** The caller's usage; only a signed-in caller has one. */
export async function reportUsage(ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock'>, sessionToken: string | null): Promise<ReportUsage> {
  const user = await authenticate(ctx, sessionToken);
  if (!user) throw unauthorized(messages.authRequired, 'unauthorized');
  return usageOf(ctx, user.id);
}

export async function usageOf(ctx: Pick<IdentityContext, 'users' | 'clock'>, userId: string): Promise<ReportUsage> {
  const user = await ctx.users.byId(userId);
  if (!user) throw unauthorized();
  // A paid plan whose month has turned shows the new month's zero, even before its next report.
  const used = periodAt(user, ctx.clock.now()) === user.periodStart ? user.reportsUsed : 0;
  return { reportLimit: user.reportLimit, reportsUsed: used };
}
