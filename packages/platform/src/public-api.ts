/**
 * What every service that serves the public API (`/api/v1`, `/mcp`) does around a call:
 * find the API key's owner through identity (which counts the call against the key's rate
 * limit) and, once the call is answered, publish `api.called` for analytics, which owns usage
 * (the dashboard's count per key, the admin's API usage). The key itself goes no further than
 * identity: the event names its public id.
 *
 *   const caller = await apiKeyOwner(identity, apiKeyFrom(ctx.get('authorization')));
 *   ctx.body = await recordedApiCall(ports, caller, 'check', async () => ({ answer, citations: n }));
 */
import type { Logger } from 'pino';
import { ApiError, apiKeyRefusal, createEvent, topics, type ApiOperation, type AuthenticatedUser, type IdentityApi } from '@citecheck/proto';
import { currentCorrelationId } from './correlation';
import type { Bus, Clock } from './ports';

export interface ApiCaller {
  user: AuthenticatedUser;
  key: { id: string; name: string };
}

/** The key's owner; the API's refusal (401 invalid or revoked, 429 rate limited) otherwise. */
export async function apiKeyOwner(identity: Pick<IdentityApi, 'useApiKey'> | undefined, apiKey: string | null): Promise<ApiCaller> {
  // A host without identity (a test) knows no key.
  if (!identity || !apiKey) throw apiKeyRefusal('invalid');
  const use = await identity.useApiKey(apiKey);
  if (!use.ok) throw apiKeyRefusal(use.reason, use.retryAfterSeconds);
  return { user: use.user, key: use.key };
}

export interface ApiUsageDeps {
  bus: Bus;
  clock: Clock;
  logger: Logger;
}

/**
 * Runs one call for `caller` and records it, answered or refused, with the status the caller
 * is sent. Recording never fails the call: a lost usage record is logged instead.
 */
export async function recordedApiCall<T>(
  deps: ApiUsageDeps,
  caller: ApiCaller,
  operation: ApiOperation,
  work: () => Promise<{ answer: T; citations: number; status?: number }>,
): Promise<T> {
  const started = Date.now();
  let status = 500;
  let citations = 0;
  try {
    const done = await work();
    status = done.status ?? 200;
    citations = done.citations;
    return done.answer;
  } catch (error) {
    if (error instanceof ApiError) status = error.status;
    throw error;
  } finally {
    await publishApiCall(deps, caller, operation, { status, citations, durationMs: Date.now() - started });
  }
}

export async function publishApiCall(
  deps: ApiUsageDeps,
  caller: ApiCaller,
  operation: ApiOperation,
  outcome: { status: number; citations: number; durationMs: number },
): Promise<void> {
  const payload = {
    keyId: caller.key.id,
    keyName: caller.key.name.slice(0, 100),
    userId: caller.user.id,
    operation,
    ...outcome,
    at: deps.clock.now().toISOString(),
  };
  try {
    await deps.bus.publish(topics['api.called'], caller.key.id, createEvent(topics['api.called'], payload, currentCorrelationId() ?? caller.key.id));
  } catch (err) {
    deps.logger.error({ err, keyId: caller.key.id, operation }, 'API call not recorded for usage');
  }
}
