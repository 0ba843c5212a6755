/**
 * Calls a script could hammer to make Stripe objects or guess payments without an account
 * (create-subscription, create-account-after-payment), counted per client IP. REST and GraphQL
 * share one limiter, so neither is a way around the other.
 */
import { ApiError } from '@citecheck/proto';
import type { RateLimiter } from '@citecheck/platform';

export const RATE_LIMITED = 'Too many requests. Please wait a minute and try again.';

export async function countCall(perIp: RateLimiter, action: string, ip: string | null): Promise<void> {
  if (!(await perIp.hit(`${action}:${ip}`))) throw new ApiError(429, RATE_LIMITED, 'rate_limited');
}
