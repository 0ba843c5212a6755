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
export async function countCall(limits: RequestLimits, action: string, ip: string | null, email?: string): Promise<void> {
  const [ipOk, emailOk] = await Promise.all([
    limits.perIp.hit(`${action}:${ip}`),
    email ? limits.perEmail.hit(`${action}:${emailKey(email)}`) : true,
  ]);
  if (!ipOk || !emailOk) throw tooManyRequests();
}
