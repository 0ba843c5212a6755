import { summarizeApiUsage, type ApiCallRecord } from './api-usage';

const call = (id: string, keyId: string, at: string, operation = 'check', status = 200, citations = 2): ApiCallRecord => ({
  id,
  keyId,
  keyName: `key ${keyId}`,
  userId: `user-${keyId}`,
  operation,
  status,
  citations,
  durationMs: 10,
  at,
});

it('sums calls per operation, day and key over the period, refusals counted apart', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const summary = summarizeApiUsage(
    [
      call('1', 'a', '2026-05-10T09:00:00Z'),
      call('2', 'a', '2026-05-10T10:00:00Z', 'verify', 200, 1),
      call('3', 'b', '2026-05-09T10:00:00Z', 'check', 403, 0),
      call('4', 'b', '2026-05-01T10:00:00Z'),
      // Before the period: left out.
      call('5', 'a', '2026-04-01T10:00:00Z'),
    ],
    now,
    3,
    (userId) => (userId === 'user-a' ? 'a@firm.test' : null),
  );
  expect(summary).toEqual({
    totalCalls: 3,
    refusedCalls: 1,
    citations: 3,
    byOperation: [
      { operation: 'check', calls: 2 },
      { operation: 'verify', calls: 1 },
    ],
    daily: [
      { date: '2026-05-08', calls: 0 },
      { date: '2026-05-09', calls: 1 },
      { date: '2026-05-10', calls: 2 },
    ],
    topKeys: [
      { keyId: 'a', keyName: 'key a', userId: 'user-a', userEmail: 'a@firm.test', calls: 2, lastCallAt: '2026-05-10T10:00:00Z' },
      { keyId: 'b', keyName: 'key b', userId: 'user-b', userEmail: null, calls: 1, lastCallAt: '2026-05-09T10:00:00Z' },
    ],
  });
});
