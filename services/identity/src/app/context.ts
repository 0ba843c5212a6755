/**
 * What identity's use cases are given: its repositories, the event publisher, the clock, the
 * logger and the settings read from configuration. Each use case takes only the part it
 * needs (`Pick<IdentityContext, ...>`), so a test can see at a glance what it touches.
 */
import type { Logger } from 'pino';
import type { Clock, RateLimiter } from '@citecheck/platform';
import type { AdminConfig } from '../domain/admin';
import type { Coupon } from '../domain/coupons';
import type { IdentityStore } from '../store';
import type { LoginThrottle } from './login-throttle';
import type { Publish } from './publish';

export interface AccountSettings {
  publicUrl: string;
  coupons: Map<string, Coupon>;
  admin: AdminConfig;
  sessionTtlMs: number;
  /** How long after sign-up a coupon may be applied and its password set (coupon flow). */
  couponWindowMs: number;
  /** How long an admin session (the `citecheck_admin` cookie) lasts. */
  adminSessionTtlMs: number;
}

export interface IdentityContext extends IdentityStore {
  publish: Publish;
  clock: Clock;
  logger: Logger;
  settings: AccountSettings;
  /** Failed admin sign-ins per IP: past the limit every admin call answers 429 for the window. */
  adminFailures: RateLimiter;
  /** Backoff after failed password sign-ins (login-throttle.ts); absent in tests that do not sign in. */
  loginThrottle?: LoginThrottle;
}

/** The clock's time `offsetMs` from now, as stored (ISO). */
export function isoAt(clock: Clock, offsetMs = 0): string {
  return new Date(clock.now().getTime() + offsetMs).toISOString();
}
