/**
 * A call of the public API made with a key (IdentityApi.useApiKey): the key's owner, as
 * authenticate() answers a session's, with one call counted against the key's rate limit.
 * Every service that serves `/api/v1` or `/mcp` asks here, so the limit is one per key across
 * endpoints, services and (counted in the store in distributed mode) replicas.
 */
import type { ApiKeyUse } from '@citecheck/proto';
import type { RateLimiter } from '@citecheck/platform';
import { parseApiKey, secretMatches } from '../domain/api-keys';
import { isoAt, type IdentityContext } from './context';

export interface ApiKeyLimits {
  limiter: RateLimiter;
  /** The limiter's window, told to a refused caller as the time to wait. */
  windowMs: number;
}

const TOUCH_EVERY_MS = 60_000;

export async function useApiKey(ctx: Pick<IdentityContext, 'apiKeys' | 'users' | 'clock'>, limits: ApiKeyLimits, presented: string | null): Promise<ApiKeyUse> {
  const parsed = parseApiKey(presented);
  if (!parsed) return { ok: false, reason: 'invalid' };
  const key = await ctx.apiKeys.byId(parsed.id);
  if (!key || !secretMatches(parsed.secret, key.secretHash)) return { ok: false, reason: 'invalid' };
  // Revoked is told apart from unknown only to the holder of the real secret.
  if (key.revoked) return { ok: false, reason: 'revoked' };
  // Read on every call, as for sessions: a deleted account's keys stop at once, and a plan
  // change applies to the very next call.
  const user = await ctx.users.byId(key.userId);
  if (!user) return { ok: false, reason: 'invalid' };
  if (!(await limits.limiter.hit(`key:${key.id}`))) return { ok: false, reason: 'rate_limited', retryAfterSeconds: Math.ceil(limits.windowMs / 1000) };
  await ctx.apiKeys.touch(key.id, isoAt(ctx.clock), isoAt(ctx.clock, -TOUCH_EVERY_MS));
  return {
    ok: true,
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      isVerified: user.isVerified,
      userType: user.userType,
      reportLimit: user.reportLimit,
      // A key is not a password sign-in: nothing it reaches asks for one.
      passwordSession: false,
    },
    key: { id: key.id, name: key.name },
  };
}
