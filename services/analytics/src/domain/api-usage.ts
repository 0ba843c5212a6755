/**
 * The admin's view of the public API's use, from the recorded calls. Pure. A call counts
 * whether it was answered or refused (over the plan's limit, a bad request): both are the
 * key's owner using the API. Days are UTC, empty days included.
 */
export interface ApiCallRecord {
  /** The `api.called` event's id: a redelivery records nothing twice. */
  id: string;
  keyId: string;
  keyName: string;
  userId: string;
  operation: string;
  status: number;
  citations: number;
  durationMs: number;
  at: string;
}

export interface ApiUsageSummary {
  totalCalls: number;
  /** Calls answered 4xx or 5xx. */
  refusedCalls: number;
  /** Citations in the answers. */
  citations: number;
  byOperation: { operation: string; calls: number }[];
  daily: { date: string; calls: number }[];
  topKeys: { keyId: string; keyName: string; userId: string; userEmail: string | null; calls: number; lastCallAt: string }[];
}

export const TOP_KEYS = 10;

export function summarizeApiUsage(records: ApiCallRecord[], now: Date, days: number, emailOf: (userId: string) => string | null): ApiUsageSummary {
  const daily = new Map<string, number>();
  for (let back = days - 1; back >= 0; back -= 1) daily.set(new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10), 0);
  const inRange = records.filter((record) => daily.has(record.at.slice(0, 10)));
  const operations = new Map<string, number>();
  const keys = new Map<string, ApiUsageSummary['topKeys'][number]>();
  for (const record of inRange) {
    daily.set(record.at.slice(0, 10), (daily.get(record.at.slice(0, 10)) ?? 0) + 1);
    operations.set(record.operation, (operations.get(record.operation) ?? 0) + 1);
    const key = keys.get(record.keyId) ?? { keyId: record.keyId, keyName: record.keyName, userId: record.userId, userEmail: emailOf(record.userId), calls: 0, lastCallAt: record.at };
    key.calls += 1;
    if (record.at >= key.lastCallAt) {
      key.lastCallAt = record.at;
      key.keyName = record.keyName;
    }
    keys.set(record.keyId, key);
  }
  return {
    totalCalls: inRange.length,
    refusedCalls: inRange.filter((record) => record.status >= 400).length,
    citations: inRange.reduce((sum, record) => sum + record.citations, 0),
    byOperation: [...operations.entries()].map(([operation, calls]) => ({ operation, calls })).sort((a, b) => b.calls - a.calls || a.operation.localeCompare(b.operation)),
    daily: [...daily.entries()].map(([date, calls]) => ({ date, calls })),
    topKeys: [...keys.values()].sort((a, b) => b.calls - a.calls || b.lastCallAt.localeCompare(a.lastCallAt)).slice(0, TOP_KEYS),
  };
}
