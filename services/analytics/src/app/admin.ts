/**
 * Analytics' admin reads. Identity owns the admin's credentials: every call asks it (in
 * process in embedded mode, over its internal HTTP API in distributed mode), so the check is
 * the same one identity's own admin paths make, rate limit included.
 */
import { ApiError, type IdentityApi } from '@citecheck/proto';
import type { Clock } from '@citecheck/platform';
import { computeStats, type UsageStats } from '../domain/stats';
import type { VisitorAnalytics } from '../domain/visitor-analytics';
import type { UsageRecord } from '../domain/usage';
import type { UsageRepository } from '../store/usage';
import type { TrackingUseCases } from './track-visitors';

export interface AdminCaller {
  authorization: string | null;
  ip: string | null;
}

export interface AdminDeps {
  /** Absent when a standalone analytics has no IDENTITY_URL: admin reads are then refused. */
  identity?: Pick<IdentityApi, 'isAdmin'>;
  tracking: TrackingUseCases;
  usage: Pick<UsageRepository, 'list'>;
  clock: Clock;
}

export function adminUseCases({ identity, tracking, usage, clock }: AdminDeps) {
  const requireAdmin = async (caller: AdminCaller) => {
    if (!identity) throw new ApiError(403, 'Admin access is not configured on this server.', 'admin_not_configured');
    if (!(await identity.isAdmin(caller.authorization, caller.ip))) throw new ApiError(401, 'Invalid email or password', 'admin_unauthorized');
  };
  return {
    async visitorAnalytics(caller: AdminCaller, range: { startDate?: string | null; endDate?: string | null }): Promise<VisitorAnalytics> {
      await requireAdmin(caller);
      return tracking.visitorAnalytics(range);
    },
    /** SPEC's usage metric records, newest first. */
    async usageMetrics(caller: AdminCaller): Promise<UsageRecord[]> {
      await requireAdmin(caller);
      return usage.list();
    },
    async stats(caller: AdminCaller): Promise<UsageStats> {
      await requireAdmin(caller);
      return computeStats(await usage.list(), clock.now());
    },
  };
}

export type AdminUseCases = ReturnType<typeof adminUseCases>;
