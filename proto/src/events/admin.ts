import { z } from 'zod';

/**
 * The admin's actions and the IP blacklist. `admin.action` is published by the service that
 * acted (identity for sign-ins and user changes, analytics for blocks) and kept by analytics
 * as the audit log; `ip.blocked` / `ip.unblocked` tell every gateway instance to refuse or
 * admit an address. Keyed by the target (a user id, an address), so one target's events stay
 * in order.
 */

export const adminActions = [
  'admin.login',
  'admin.login_failed',
  'admin.logout',
  'user.delete',
  'user.resend_verification',
  'users.download',
  'ip.block',
  'ip.unblock',
  'api_key.revoke',
] as const;

export const adminActionSchema = z.object({
  at: z.string().datetime(),
  /** The admin's e-mail address; for a failed sign-in, the address that was tried. */
  actor: z.string().max(320),
  action: z.enum(adminActions),
  /** A user id, an IP address, an API key's id, or the e-mail address signed in with. */
  target: z.string().max(320),
  /** The client address the action came from. */
  ipAddress: z.string().nullable(),
});

export const ipBlockedSchema = z.object({
  /** Normalised (app/blacklist.ts in analytics): what the gateway compares client addresses with. */
  ipAddress: z.string(),
  reason: z.string().nullable(),
  blockedAt: z.string().datetime(),
  blockedBy: z.string(),
});

export const ipUnblockedSchema = z.object({
  ipAddress: z.string(),
  unblockedAt: z.string().datetime(),
  unblockedBy: z.string(),
});

export type AdminAction = (typeof adminActions)[number];
export type AdminActionEvent = z.infer<typeof adminActionSchema>;
export type IpBlocked = z.infer<typeof ipBlockedSchema>;
export type IpUnblocked = z.infer<typeof ipUnblockedSchema>;
