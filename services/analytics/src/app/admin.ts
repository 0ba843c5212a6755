/**
 * Analytics' admin operations: the reads (usage records, stats, visitor analytics, the
 * blacklist, the audit log) and the blacklist's changes. Identity owns the admin's
 * credentials: every call asks it (in process in embedded mode, over its internal HTTP API
 * in distributed mode), so the check is the same one identity's own admin paths make, admin
 * session cookie, JSON bearer and rate limit included.
 */
import { ApiError, createEvent, type AdminAction, type EventType, type IdentityApi, type PayloadOf } from '@citecheck/proto';
import type { Bus, Clock } from '@citecheck/platform';
import { blacklistMessages, blockBodySchema, normaliseIp, toBlacklist, type BlockedIp } from '../domain/blacklist';
import { computeStats, type UsageStats } from '../domain/stats';
import type { VisitorAnalytics } from '../domain/visitor-analytics';
import type { UsageRecord } from '../domain/usage';
import type { AuditEntry, AuditRepository, BlacklistRepository } from '../store/admin';
import type { UsageRepository } from '../store/usage';
import type { TrackingUseCases } from './track-visitors';

export interface AdminCaller {
  authorization: string | null;
  cookie?: string | null;
  ip: string | null;
}

export interface AdminDeps {
  /** Absent when a standalone analytics has no IDENTITY_URL: admin calls are then refused. */
  identity?: Pick<IdentityApi, 'adminOf'>;
  tracking: TrackingUseCases;
  usage: Pick<UsageRepository, 'list'>;
  clock: Clock;
  /** The blacklist and the audit log; absent in tests of the reads alone. */
  blacklist?: BlacklistRepository;
  audit?: AuditRepository;
  bus?: Bus;
}

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 1000;

export function adminUseCases({ identity, tracking, usage, clock, blacklist, audit, bus }: AdminDeps) {
  /** The admin's e-mail address, or the error an admin call answers to anyone else. */
  const requireAdmin = async (caller: AdminCaller): Promise<string> => {
    if (!identity) throw new ApiError(403, 'Admin access is not configured on this server.', 'admin_not_configured');
    const email = await identity.adminOf({ authorization: caller.authorization, cookie: caller.cookie ?? null, ipAddress: caller.ip });
    if (!email) throw new ApiError(401, 'Invalid email or password', 'admin_unauthorized');
    return email;
  };
  const parts = () => {
    if (!blacklist || !audit || !bus) throw new Error('analytics admin: blacklist, audit log and bus not wired');
    return { blacklist, audit, bus };
  };
  const publish = async <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => {
    await parts().bus.publish(type, key, createEvent(type, payload, key, clock.now()));
  };
  const recordAction = (action: AdminAction, actor: string, target: string, caller: AdminCaller) =>
    publish('admin.action', target, { at: clock.now().toISOString(), actor, action, target, ipAddress: caller.ip });
  // A body that is not a JSON object names no address: the same 400 as a bad one.
  const bodyOf = (body: unknown) => blockBodySchema.parse(body && typeof body === 'object' && !Array.isArray(body) ? body : {});
  const addressOf = (input: unknown): string => {
    const normalised = normaliseIp(input);
    if (!normalised.ok) throw new ApiError(400, normalised.message, 'invalid_ip_address');
    return normalised.ipAddress;
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

    /** SPEC's Blacklist (GET /api/admin/blacklist, `blacklist`). */
    async blacklist(caller: AdminCaller) {
      await requireAdmin(caller);
      return toBlacklist(await parts().blacklist.list());
    },

    /**
     * Blocks an address (POST /api/admin/blacklist/add, `blockIp`). Blocking it again answers
     * the first block unchanged. Every gateway instance hears `ip.blocked` and refuses the
     * address from then on.
     */
    async blockIp(caller: AdminCaller, body: unknown): Promise<Omit<BlockedIp, 'id'>> {
      const actor = await requireAdmin(caller);
      const input = bodyOf(body);
      const ipAddress = addressOf(input.ipAddress);
      const entry: BlockedIp = { id: ipAddress, ipAddress, reason: input.reason, blockedAt: clock.now().toISOString(), blockedBy: actor };
      const store = parts().blacklist;
      const stored = (await store.add(entry)) ? entry : ((await store.get(ipAddress)) ?? entry);
      // Published on a repeat too: a gateway that missed the first event learns it now.
      await publish('ip.blocked', ipAddress, { ipAddress, reason: stored.reason, blockedAt: stored.blockedAt, blockedBy: stored.blockedBy });
      await recordAction('ip.block', actor, ipAddress, caller);
      const { id: _id, ...view } = stored;
      return view;
    },

    /** Unblocks an address (POST /api/admin/blacklist/remove, `unblockIp`); 404 when it was not blocked. */
    async unblockIp(caller: AdminCaller, body: unknown): Promise<{ success: true; message: string }> {
      const actor = await requireAdmin(caller);
      const ipAddress = addressOf(bodyOf(body).ipAddress);
      const removed = await parts().blacklist.remove(ipAddress);
      if (!removed) throw new ApiError(404, blacklistMessages.notBlocked, 'not_blocked');
      await publish('ip.unblocked', ipAddress, { ipAddress, unblockedAt: clock.now().toISOString(), unblockedBy: actor });
      await recordAction('ip.unblock', actor, ipAddress, caller);
      return { success: true, message: blacklistMessages.unblocked };
    },

    /** The admin's actions, newest first (`auditLog(limit)`). */
    async auditLog(caller: AdminCaller, limit: number | null | undefined): Promise<AuditEntry[]> {
      await requireAdmin(caller);
      const n = limit ?? AUDIT_DEFAULT_LIMIT;
      if (!Number.isInteger(n) || n < 1 || n > AUDIT_MAX_LIMIT) throw new ApiError(400, `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`, 'bad_request');
      return parts().audit.newest(n);
    },

    /** The admin's e-mail address, or the refusal (for admin reads kept in other use-case files). */
    requireAdmin,

    /** Every blocked address, for a gateway instance starting up (internal, not the admin's). */
    async blockedAddresses(): Promise<string[]> {
      return (await parts().blacklist.list()).map((entry) => entry.ipAddress);
    },
  };
}

export type AdminUseCases = ReturnType<typeof adminUseCases>;
