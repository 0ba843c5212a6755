/**
 * IdentityApi over HTTP, for distributed mode (embedded mode is handed identity's own
 * implementation in process). What identity must serve, all POST with JSON bodies and the
 * shared secret in `x-internal-token`:
 *
 *   /internal/identity/authenticate    {sessionToken}              -> {user: AuthenticatedUser | null}
 *   /internal/identity/reserve-report  {userId}                    -> ReserveReportResult
 *   /internal/identity/release-report  {userId, reservationId}     -> 204 (idempotent)
 *   /internal/identity/is-admin        {authorization, ipAddress}  -> {isAdmin: boolean}
 *
 * A failed call throws: an upload must not go ahead because identity could not be asked.
 */
import type { AuthenticatedUser, IdentityApi, ReserveReportResult } from '@citecheck/proto';

export interface IdentityClientOptions {
  baseUrl: string;
  internalToken?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class IdentityUnavailableError extends Error {
  override name = 'IdentityUnavailableError';
}

export function createIdentityClient(options: IdentityClientOptions): IdentityApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call<T>(path: string, body: unknown): Promise<T | null> {
    let response: Response;
    try {
      response = await doFetch(`${base}/internal/identity/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.internalToken ? { 'x-internal-token': options.internalToken } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new IdentityUnavailableError(`identity ${path} failed: ${(error as Error).message}`);
    }
    if (response.status === 204) return null;
    if (!response.ok) throw new IdentityUnavailableError(`identity ${path} answered HTTP ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    async authenticate(sessionToken) {
      if (!sessionToken) return null;
      return (await call<{ user: AuthenticatedUser | null }>('authenticate', { sessionToken }))?.user ?? null;
    },
    async reserveReport(userId) {
      const result = await call<ReserveReportResult>('reserve-report', { userId });
      if (!result) throw new IdentityUnavailableError('identity reserve-report answered no body');
      return result;
    },
    async releaseReport(userId, reservationId) {
      await call('release-report', { userId, reservationId });
    },
    async isAdmin(authorization, ipAddress) {
      return (await call<{ isAdmin: boolean }>('is-admin', { authorization, ipAddress }))?.isAdmin === true;
    },
  };
}
