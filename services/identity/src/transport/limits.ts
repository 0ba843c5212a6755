/**
 * Request limits on the calls a script would hammer (register, login, forgot-password,
 * coupons, reset), counted per client IP and, when the call names one, per e-mail address.
 * REST and GraphQL share one set, so neither is a way around the other.
 */
import type { RateLimiter } from '@citecheck/platform';
import { emailKey } from '../domain/email';
import { tooManyRequests } from '../domain/errors';

export interface RequestLimits {
  perIp: RateLimiter;
  perEmail: RateLimiter;
}

/** Counts one call; both the IP and the address must be under their limit. */
export function countCall(limits: RequestLimits, action: string, ip: string | null, email?: string): void {
  const ipOk = limits.perIp.hit(`${action}:${ip}`);
  const emailOk = email ? limits.perEmail.hit(`${action}:${emailKey(email)}`) : true;
  if (!ipOk || !emailOk) throw tooManyRequests();
}
