/**
 * Identity's environment variables, on top of the platform's (PUBLIC_URL, NODE_ENV, ...).
 * Every one has a default that works in embedded mode; without ADMIN_EMAIL and
 * ADMIN_PASSWORD_HASH every admin call is refused.
 */
import { z } from 'zod';
import { envInt, platformConfigSchema, type Resolved } from '@citecheck/platform';
import { isPasswordHash } from './domain/passwords';
import { parseCoupons } from './domain/coupons';

export const identityConfigSchema = platformConfigSchema.extend({
  /** `CODE:plan[:useLimit]`, comma-separated, e.g. `LAWFIRM100:premium:50,ENTERPRISE1:enterprise`. */
  COUPONS: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      try {
        parseCoupons(raw);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  ADMIN_EMAIL: z.string().email().optional(),
  /** `citecheck admin hash-password` prints one: `scrypt$N$r$p$salt$hash`. */
  ADMIN_PASSWORD_HASH: z
    .string()
    .optional()
    .refine((value) => value === undefined || isPasswordHash(value), 'expected scrypt$N$r$p$salt$hash (citecheck admin hash-password)'),
  /** Rate-limit window for register, login, forgot-password, coupon and admin calls. */
  RATE_LIMIT_WINDOW_MS: envInt(1000, 24 * 60 * 60 * 1000).default(60_000),
  /** Calls per IP per window, per kind of call. */
  RATE_LIMIT_PER_IP: envInt(1, 1_000_000).default(20),
  /** Calls per e-mail address per window, per kind of call. */
  RATE_LIMIT_PER_EMAIL: envInt(1, 1_000_000).default(5),
  /** Failed admin sign-ins per IP per window before admin calls answer 429. */
  ADMIN_FAILURE_LIMIT: envInt(1, 1000).default(5),
  /**
   * Distributed mode: shared secret other services send as `x-internal-token` to identity's
   * `/internal/identity/*` routes. Unset: those routes answer 404 (embedded mode calls the
   * in-process API instead).
   */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  SESSION_TTL_DAYS: envInt(1, 365).default(30),
  /** Minutes an admin session (after the /metrics sign-in) lasts before the admin signs in again. */
  ADMIN_SESSION_TTL_MINUTES: envInt(5, 24 * 60).default(120),
  /** Minutes after sign-up within which a coupon can be applied and its password set. */
  COUPON_WINDOW_MINUTES: envInt(1, 24 * 60).default(30),
  /** Calls one API key may make per minute, over `/api/v1` and `/mcp` together. */
  API_KEY_RATE_LIMIT: envInt(1, 1_000_000).default(60),
});

export type IdentityConfig = Resolved<z.output<typeof identityConfigSchema>>;
