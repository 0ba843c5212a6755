/**
 * IdentityApi over HTTP, for distributed mode (embedded mode is handed identity's own
 * implementation in process): calls identity's internal routes (`identityInternalPaths`).
 * Here, beside the paths, so client and server cannot drift apart.
 *
 * A failed call throws: an upload must not go ahead because identity could not be asked.
 */
import {
  identityInternalPaths,
  INTERNAL_TOKEN_HEADER,
  type ApiKeyUse,
  type AuthenticatedUser,
  type IdentityApi,
  type PaidAccountResult,
  type PaidPlanSetupResult,
  type PayerAccountResult,
  type ReserveReportResult,
} from './identity';

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

  async function call<T>(operation: keyof typeof identityInternalPaths, body: unknown): Promise<T | null> {
    const path = identityInternalPaths[operation];
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.internalToken ? { [INTERNAL_TOKEN_HEADER]: options.internalToken } : {}) },
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
      const result = await call<ReserveReportResult>('reserveReport', { userId });
      if (!result) throw new IdentityUnavailableError('identity reserve-report answered no body');
      return result;
    },
    async releaseReport(userId, reservationId) {
      await call('releaseReport', { userId, reservationId });
    },
    async adminOf(caller) {
      const answer = await call<{ isAdmin: boolean; email?: string | null }>('isAdmin', caller);
      return answer?.isAdmin === true && typeof answer.email === 'string' ? answer.email : null;
    },
    async createPaidAccount(request) {
      const result = await call<PaidAccountResult>('createPaidAccount', request);
      if (!result) throw new IdentityUnavailableError('identity create-paid-account answered no body');
      return result;
    },
    async setupPaidPlan(request) {
      const result = await call<PaidPlanSetupResult>('setupPaidPlan', request);
      if (!result) throw new IdentityUnavailableError('identity setup-paid-plan answered no body');
      return result;
    },
    async useApiKey(apiKey) {
      if (!apiKey) return { ok: false, reason: 'invalid' };
      const result = await call<ApiKeyUse>('useApiKey', { apiKey });
      if (!result) throw new IdentityUnavailableError('identity use-api-key answered no body');
      return result;
    },
    async payerAccount(request) {
      const result = await call<PayerAccountResult>('payerAccount', request);
      if (!result) throw new IdentityUnavailableError('identity payer-account answered no body');
      return result;
    },
    async accountSetupLink(userId) {
      return (await call<{ link: string | null }>('accountSetupLink', { userId }))?.link ?? null;
    },
  };
}
