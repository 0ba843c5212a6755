/**
 * Usage of the public API (analytics owns usage): each `api.called` event recorded once; the
 * calls of one key for its owner's dashboard (through the supergraph's ApiKey, which identity
 * hands out only to the key's owner and the admin); the admin's summary.
 */
import { parseEvent, topics, type EventEnvelope } from '@citecheck/proto';
import type { Clock } from '@citecheck/platform';
import { summarizeApiUsage, type ApiUsageSummary } from '../domain/api-usage';
import type { ApiCallRepository } from '../store/api-calls';
import type { UserDirectory } from '../store/usage';

export const API_CALLS_CONSUMER = 'analytics.api-calls';
export const DEFAULT_API_USAGE_DAYS = 30;
export const MAX_API_USAGE_DAYS = 366;

export function apiCallHandler(calls: ApiCallRepository) {
  return async (raw: EventEnvelope) => {
    const event = parseEvent(topics['api.called'], raw);
    await calls.add({ id: event.id, ...event.payload });
  };
}

export function callsOfKey(calls: ApiCallRepository, keyId: string): Promise<number> {
  return calls.countOfKey(keyId);
}

/** The last `days` UTC days (30 unless asked; at most a year). The caller checks admin rights. */
export async function apiUsageSummary(deps: { calls: ApiCallRepository; users: UserDirectory; clock: Clock }, days?: number | null): Promise<ApiUsageSummary> {
  const span = Math.min(MAX_API_USAGE_DAYS, Math.max(1, Math.floor(days ?? DEFAULT_API_USAGE_DAYS)));
  const now = deps.clock.now();
  const since = new Date(now.getTime() - (span - 1) * 86_400_000).toISOString().slice(0, 10);
  const records = await deps.calls.since(since);
  const emails = new Map<string, string | null>();
  for (const userId of new Set(records.map((r) => r.userId))) emails.set(userId, (await deps.users.byId(userId))?.email ?? null);
  return summarizeApiUsage(records, now, span, (userId) => emails.get(userId) ?? null);
}
