/**
 * The retry budget (retry.ts) on the Kafka bus, against the wire-protocol broker in
 * testing/fake-kafka.ts: an outage shorter than the budget costs no message, a failure that
 * outlasts it is parked with its last attempt announced, and a rebalance during the retries
 * neither waits for them nor restarts the budget. Budgets are seconds here; in production
 * BUS_RETRY_BUDGET_MS is ten minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeKafka, type FakeKafka } from '../testing/fake-kafka';
import { delay, testEvent, waitFor } from '../testing/wait';
import type { Bus, DeliveryContext, Store } from '../ports';
import { createKafkaBus, DELIVERIES_COLLECTION, type DeliveryRecord, type KafkaBusOptions } from './kafka-bus';
import { createSqliteStore } from './sqlite-store';

jest.setTimeout(60_000);

const TOPIC = 'citations.extracted';
const DLQ = `${TOPIC}.dlq`;
const quick = { retry: { retries: 2, initialRetryTime: 50, maxRetryTime: 200 }, reconnectBackoffMs: 100, sessionTimeoutMs: 1500 };

let broker: FakeKafka | undefined;
let store: Store | undefined;
let dir: string | undefined;
const buses: Bus[] = [];

function bus(options: Partial<KafkaBusOptions> = {}): Bus {
  const created = createKafkaBus({ brokers: [broker!.address], clientId: `budget-${buses.length}`, ...quick, ...options });
  buses.push(created);
  return created;
}

afterEach(async () => {
  await Promise.allSettled(buses.splice(0).map((b) => b.close()));
  await broker?.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  broker = store = dir = undefined;
});

type Attempt = Pick<DeliveryContext, 'attempt' | 'final'> & { at: number };

it('an outage shorter than the budget: retried past maxAttempts until it is over, then handled, nothing parked', async () => {
  broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
  const b = bus({ retryBudgetMs: 6000, maxBackoffMs: 400 });
  const attempts: Attempt[] = [];
  const outageEnds = Date.now() + 2500;
  await b.subscribe(
    TOPIC,
    'validation',
    async (_event, ctx) => {
      attempts.push({ attempt: ctx.attempt, final: ctx.final, at: Date.now() });
      if (Date.now() < outageEnds) throw new Error('MongoDB: not primary');
    },
    { maxAttempts: 2, backoffMs: 100 },
  );
  await b.publish(TOPIC, 'doc-1', testEvent({ documentId: 'doc-1' }, TOPIC));
  await waitFor(() => attempts.some((a) => a.at >= outageEnds), 'the attempt after the outage', 20_000);
  await delay(500);
  expect(attempts.length).toBeGreaterThan(2);
  expect(attempts.every((a) => a.final === false)).toBe(true);
  // No wait longer than the cap (and its scheduling slack).
  const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i].at);
  expect(Math.max(...gaps)).toBeLessThan(1000);
  expect(broker.messages(DLQ)).toEqual([]);
});

it('a failure that outlasts the budget: parked once it is spent, its last attempt told it is the last', async () => {
  broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
  const b = bus({ retryBudgetMs: 2000, maxBackoffMs: 300 });
  const attempts: Attempt[] = [];
  await b.subscribe(
    TOPIC,
    'validation',
    async (_event, ctx) => {
      attempts.push({ attempt: ctx.attempt, final: ctx.final, at: Date.now() });
      throw new Error('case-law source down');
    },
    { maxAttempts: 2, backoffMs: 100 },
  );
  await b.publish(TOPIC, 'doc-2', testEvent({ documentId: 'doc-2' }, TOPIC));
  await waitFor(() => broker!.messages(DLQ).length === 1, 'the dead letter', 20_000);
  const parked = broker.messages(DLQ)[0];
  expect(parked.headers).toMatchObject({ 'dlq-reason': 'failed', 'dlq-attempts': String(attempts.length), 'dlq-error': 'case-law source down' });
  expect(attempts.map((a) => a.final)).toEqual([...Array(attempts.length - 1).fill(false), true]);
  expect(attempts.length).toBeGreaterThan(2);
  expect(attempts[attempts.length - 1].at - attempts[0].at).toBeGreaterThanOrEqual(2000 - 500);
});

it('a rebalance during the retries: the member rejoins at once, and the budget still counts from the first delivery', async () => {
  broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
  dir = mkdtempSync(join(tmpdir(), 'kafka-budget-'));
  store = createSqliteStore({ dir, service: 'validation' });
  const deliveries = store.collection<DeliveryRecord>(DELIVERIES_COLLECTION);
  const budgetMs = 6000;
  // One count of deliveries shared by the members, as replicas share the service's database.
  const options = { retryBudgetMs: budgetMs, maxBackoffMs: 400, deliveries };
  const attempts: (Attempt & { member: string })[] = [];
  const handler = (member: string) => async (_event: unknown, ctx: DeliveryContext) => {
    attempts.push({ member, attempt: ctx.attempt, final: ctx.final, at: Date.now() });
    throw new Error('identity unreachable');
  };
  const first = bus(options);
  await first.subscribe(TOPIC, 'validation', handler('first'), { maxAttempts: 2, backoffMs: 100 });
  await first.publish(TOPIC, 'doc-3', testEvent({ documentId: 'doc-3' }, TOPIC));
  await waitFor(() => attempts.length > 0, 'the first attempt', 15_000);
  const firstAt = attempts[0].at;
  await delay(3000);

  // A second replica joins while the first is between retries: the rebalance does not wait
  // for the retries to end (the group's rebalance timeout is a minute here).
  const joining = Date.now();
  await bus(options).subscribe(TOPIC, 'validation', handler('second'), { maxAttempts: 2, backoffMs: 100 });
  expect(Date.now() - joining).toBeLessThan(1500);

  await waitFor(() => broker!.messages(DLQ).length === 1, 'the dead letter', 30_000);
  const parkedAt = attempts[attempts.length - 1].at;
  expect(broker.events.filter((e) => e.kind === 'evicted')).toEqual([]);
  // Parked once the budget from the FIRST delivery was spent, not a budget after the rebalance.
  expect(parkedAt - firstAt).toBeGreaterThanOrEqual(budgetMs - 600);
  expect(parkedAt - firstAt).toBeLessThan(budgetMs + 1500);
  expect(attempts.filter((a) => a.final)).toHaveLength(1);
  expect(broker.messages(DLQ)).toHaveLength(1);
});
