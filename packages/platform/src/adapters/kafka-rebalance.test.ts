/**
 * A long handler (OCR of a long scan) and a rebalance, against the wire-protocol broker in
 * testing/fake-kafka.ts: while one member is busy with a message for longer than its session
 * timeout, another member joins the group (a new replica, a rollout). The busy member's
 * heartbeats keep its session; the group coordinator waits for it to rejoin up to its
 * rebalance timeout (the consumer's declared `maxHandlerMs` plus a session), it commits the
 * message it finished while the rebalance is being prepared (as Kafka allows) and rejoins, so
 * the work is done once and never handed to the newcomer half-way. Without `maxHandlerMs` the
 * coordinator gives up on the busy member: it is dropped and the message runs twice, which
 * is why extraction declares its read budget.
 *
 * Timeouts are the smallest the fake honours (session 1.5 s, handler 4 s) so the test takes
 * seconds, not the minutes the production values would.
 */
import type { EventEnvelope } from '@citecheck/proto';
import { startFakeKafka, type FakeKafka } from '../testing/fake-kafka';
import { delay, testEvent, waitFor } from '../testing/wait';
import type { Bus } from '../ports';
import { createKafkaBus, type KafkaBusOptions } from './kafka-bus';

jest.setTimeout(60_000);

const TOPIC = 'document.uploaded';
const DLQ = `${TOPIC}.dlq`;
const GROUP = `extraction.${TOPIC}`;
const SESSION_MS = 1500;
const HANDLER_MS = 4000;
const quick = { retry: { retries: 2, initialRetryTime: 50, maxRetryTime: 200 }, reconnectBackoffMs: 100 };

let broker: FakeKafka | undefined;
const buses: Bus[] = [];

function bus(options: Partial<KafkaBusOptions> = {}): Bus {
  // A rebalance timeout floor as short as the session, so only maxHandlerMs can lengthen it.
  const created = createKafkaBus({ brokers: [broker!.address], clientId: `rebalance-${buses.length}`, sessionTimeoutMs: SESSION_MS, rebalanceTimeoutMs: SESSION_MS, ...quick, ...options });
  buses.push(created);
  return created;
}

afterEach(async () => {
  await Promise.allSettled(buses.splice(0).map((b) => b.close()));
  await broker?.close();
  broker = undefined;
});

interface Handled {
  member: string;
  key: string;
  startedAt: number;
  finishedAt?: number;
}

/** Subscribes `b` as `member`; a message keyed `long-*` takes HANDLER_MS, the others a moment. */
async function member(b: Bus, name: string, log: Handled[], maxHandlerMs?: number) {
  await b.subscribe(
    TOPIC,
    'extraction',
    async (_event: EventEnvelope, delivery) => {
      const entry: Handled = { member: name, key: delivery.key, startedAt: Date.now() };
      log.push(entry);
      if (delivery.key.startsWith('long-')) await delay(HANDLER_MS);
      entry.finishedAt = Date.now();
    },
    { maxHandlerMs },
  );
}

async function longJobThenJoin(maxHandlerMs: number | undefined) {
  broker = await startFakeKafka({ topics: [{ name: TOPIC, partitions: 2 }, DLQ] });
  const log: Handled[] = [];
  const first = bus();
  await member(first, 'first', log, maxHandlerMs);
  await first.publish(TOPIC, 'long-scan', testEvent({ documentId: 'long-scan' }, TOPIC));
  await waitFor(() => log.some((h) => h.key === 'long-scan'), 'the long job to start', 15_000);
  // Past the session timeout into the job, a second replica joins the group.
  await delay(SESSION_MS + 500);
  const second = bus();
  const joined = member(second, 'second', log, maxHandlerMs);
  return { log, joined };
}

it('a handler longer than the session timeout keeps its member through a rebalance: done once, committed, no eviction', async () => {
  const { log, joined } = await longJobThenJoin(HANDLER_MS);
  await joined;
  await waitFor(() => log.some((h) => h.key === 'long-scan' && h.finishedAt), 'the long job to finish', 20_000);
  const rebalances = broker!.events.filter((e) => e.kind === 'rebalance' && e.group === GROUP);
  expect(rebalances.length).toBeGreaterThanOrEqual(2); // the first member's join, then the second's

  // After the rebalance both members get work: messages on both partitions are handled.
  const keys = Array.from({ length: 12 }, (_, i) => `doc-${i}`);
  for (const key of keys) await buses[0].publish(TOPIC, key, testEvent({ documentId: key }, TOPIC));
  await waitFor(() => keys.every((key) => log.some((h) => h.key === key)), 'every later message', 20_000);
  // Nothing more comes for the long job: no one handles it again.
  await delay(1000);

  expect(broker!.events.filter((e) => e.kind === 'evicted')).toEqual([]);
  expect(log.filter((h) => h.key === 'long-scan').map((h) => h.member)).toEqual(['first']);
  expect(new Set(log.filter((h) => h.key.startsWith('doc-')).map((h) => h.member))).toEqual(new Set(['first', 'second']));
  // Its offset was committed although the group was rebalancing when it finished.
  const longOffset = broker!.messages(TOPIC).find((m) => m.key === 'long-scan')!;
  expect(broker!.committed(GROUP)[`${TOPIC}:${longOffset.partition}`]).toBeGreaterThan(longOffset.offset);
});

it('without maxHandlerMs the rebalance does not wait for it: the member is dropped and the job handed out again', async () => {
  const { log, joined } = await longJobThenJoin(undefined);
  await joined;
  await waitFor(() => log.filter((h) => h.key === 'long-scan').length >= 2, 'the long job handed out again', 30_000);
  expect(broker!.events.filter((e) => e.kind === 'evicted').map((e) => e.detail)).toContain('did not rejoin within the rebalance timeout');
});
