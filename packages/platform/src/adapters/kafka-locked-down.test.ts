/**
 * The Kafka bus against a broker that behaves like a shared, locked-down production cluster
 * (the wire-protocol fake in testing/fake-kafka.ts, which kafkajs talks to as to Kafka): a
 * principal without CREATE on topics that exist, CreateTopicPolicy and replication refusals,
 * topics managed outside the services, two releases on one cluster, a group coordinator that
 * evicts a member silent for its session timeout.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Registry } from 'prom-client';
import type { EventEnvelope } from '@citecheck/proto';
import { startFakeKafka, type FakeKafka } from '../testing/fake-kafka';
import { testEvent, waitFor } from '../testing/wait';
import type { Bus } from '../ports';
import { createKafkaBus, type KafkaBusOptions } from './kafka-bus';

jest.setTimeout(30_000);

const TOPIC = 'document.uploaded';
const DLQ = `${TOPIC}.dlq`;
const quick = { retry: { retries: 2, initialRetryTime: 50, maxRetryTime: 200 }, reconnectBackoffMs: 100 };

let broker: FakeKafka | undefined;
const buses: Bus[] = [];

function warnings() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(String(JSON.parse(line).msg)) });
  return { lines, logger };
}

function bus(options: Partial<KafkaBusOptions> = {}): Bus {
  const created = createKafkaBus({ brokers: [broker!.address], clientId: 'locked-down-test', ...quick, ...options });
  buses.push(created);
  return created;
}

afterEach(async () => {
  await Promise.allSettled(buses.splice(0).map((b) => b.close()));
  await broker?.close();
  broker = undefined;
});

async function roundTrip(b: Bus, topic = TOPIC): Promise<EventEnvelope[]> {
  const got: EventEnvelope[] = [];
  await b.subscribe(topic, 'extraction', async (event) => void got.push(event));
  await b.publish(topic, 'doc-1', testEvent({ documentId: 'doc-1' }, topic));
  await waitFor(() => got.length === 1, 'the message', 15_000);
  return got;
}

describe.each(['TOPIC_AUTHORIZATION_FAILED', 'POLICY_VIOLATION', 'INVALID_REPLICATION_FACTOR'] as const)('CreateTopics answered %s', (refusal) => {
  it('topics that exist are used: publish and subscribe work, and creation is not even asked for', async () => {
    broker = await startFakeKafka({ topics: [TOPIC, DLQ], createTopics: refusal });
    const got = await roundTrip(bus());
    expect(got[0].payload).toEqual({ documentId: 'doc-1' });
    expect(broker.events.filter((e) => e.kind === 'create-topics')).toEqual([]);
  });

  it('a topic created by an operator while the request was refused is used', async () => {
    broker = await startFakeKafka({ topics: [DLQ], createTopics: refusal, onCreateTopics: (topic) => broker!.createTopic(topic) });
    const { lines, logger } = warnings();
    await roundTrip(bus({ logger }));
    expect(broker.events.filter((e) => e.kind === 'create-topics').map((e) => e.topic)).toEqual([TOPIC]);
    expect(lines).toContain('Kafka refused to create a topic that exists; using it');
  });

  it('a missing topic it may not create: the subscriber waits (unready), naming the topic, until an operator creates it', async () => {
    broker = await startFakeKafka({ topics: [TOPIC], createTopics: refusal });
    const { lines, logger } = warnings();
    const b = bus({ logger });
    await expect(b.publish(DLQ, 'k', testEvent({}, DLQ))).rejects.toThrow(`Kafka topic "${DLQ}" does not exist and the cluster refused to create it (${refusal})`);
    let subscribed = false;
    const subscribing = b.subscribe(TOPIC, 'extraction', async () => undefined).then(() => (subscribed = true));
    await waitFor(() => lines.filter((l) => l.includes(`Kafka topic "${DLQ}" does not exist`)).length >= 2, 'retries naming the missing topic', 10_000);
    expect(subscribed).toBe(false);
    broker.createTopic(DLQ);
    await subscribing;
    expect(subscribed).toBe(true);
  });
});

it('KAFKA_CREATE_TOPICS=false: never asks to create; a missing topic is named', async () => {
  broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
  await roundTrip(bus({ createTopics: false }));
  await expect(bus({ createTopics: false }).publish('citations.extracted', 'k', testEvent({}, 'citations.extracted'))).rejects.toThrow(
    'Kafka topic "citations.extracted" does not exist and KAFKA_CREATE_TOPICS is false',
  );
  expect(broker.events.filter((e) => e.kind === 'create-topics')).toEqual([]);
});

it('creates missing topics where allowed, with the configured partitions', async () => {
  broker = await startFakeKafka();
  await roundTrip(bus({ numPartitions: 4, replicationFactor: 1 }));
  expect(broker.topicNames()).toEqual([TOPIC, DLQ].sort());
});

it('two releases on one cluster: prefixed topics and groups, neither sees the other’s messages', async () => {
  broker = await startFakeKafka();
  const staging = bus({ topicPrefix: 'staging.' });
  const production = bus({ topicPrefix: 'production.' });
  const seen: Record<string, string[]> = { staging: [], production: [] };
  await staging.subscribe(TOPIC, 'extraction', async (event) => void seen.staging.push((event.payload as { from: string }).from));
  await production.subscribe(TOPIC, 'extraction', async (event) => void seen.production.push((event.payload as { from: string }).from));
  await staging.publish(TOPIC, 'a', testEvent({ from: 'staging' }, TOPIC));
  await production.publish(TOPIC, 'a', testEvent({ from: 'production' }, TOPIC));
  await waitFor(() => seen.staging.length === 1 && seen.production.length === 1, 'one message each', 15_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seen).toEqual({ staging: ['staging'], production: ['production'] });
  expect(broker.topicNames()).toEqual([`production.${TOPIC}`, `production.${DLQ}`, `staging.${TOPIC}`, `staging.${DLQ}`]);
  expect(broker.groupIds().sort()).toEqual([`production.extraction.${TOPIC}`, `staging.extraction.${TOPIC}`]);
});

it('a failing handler’s retry waits heartbeat: longer than the session timeout, the member is not evicted', async () => {
  broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
  const b = bus({ sessionTimeoutMs: 1500 });
  const attempts: number[] = [];
  await b.subscribe(
    TOPIC,
    'validation',
    async (_event, delivery) => {
      attempts.push(delivery.attempt);
      if (delivery.attempt < 3) throw new Error('case-law source unavailable');
    },
    { maxAttempts: 5, backoffMs: 2500 },
  );
  await b.publish(TOPIC, 'doc-1', testEvent({}, TOPIC));
  await waitFor(() => attempts.includes(3), 'the third attempt', 20_000);
  expect(broker.events.filter((e) => e.kind === 'evicted')).toEqual([]);
  // One delivery, retried in place: no rebalance handed it out again.
  expect(attempts).toEqual([1, 2, 3]);
  expect(broker.messages(DLQ)).toEqual([]);
});

it('a message that keeps failing is parked in the dead-letter topic, counted by reason', async () => {
  broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
  const metrics = new Registry();
  const b = bus({ metrics });
  await b.subscribe(TOPIC, 'ingest', async () => {
    throw new Error('always');
  }, { maxAttempts: 2, backoffMs: 10 });
  await b.publish(TOPIC, 'doc-1', testEvent({}, TOPIC));
  await waitFor(() => broker!.messages(DLQ).length === 1, 'the dead letter', 15_000);
  expect(broker.messages(DLQ)[0].headers).toMatchObject({ 'dlq-topic': TOPIC, 'dlq-group': 'ingest', 'dlq-attempts': '2', 'dlq-reason': 'failed', 'dlq-error': 'always' });
  expect(await metrics.getSingleMetricAsString('citecheck_kafka_dead_letters_total')).toContain(`citecheck_kafka_dead_letters_total{topic="${TOPIC}",group="ingest",reason="failed"} 1`);
});

it('a per-instance subscription commits no offsets and is left out of the lag', async () => {
  broker = await startFakeKafka({ topics: ['ip.blocked', 'ip.blocked.dlq'] });
  const metrics = new Registry();
  const b = bus({ metrics });
  const got: unknown[] = [];
  await b.subscribe('ip.blocked', 'gateway', async (event) => void got.push(event), { perInstance: true, fromBeginning: false });
  await b.publish('ip.blocked', 'k', testEvent({}, 'ip.blocked'));
  await waitFor(() => got.length === 1, 'the message', 15_000);
  const [groupId] = broker.groupIds();
  expect(groupId).toMatch(/^gateway\.ip\.blocked\.[^.]+$/);
  await new Promise((resolve) => setTimeout(resolve, 6000)); // past kafkajs's auto-commit interval
  expect(broker.committed(groupId)).toEqual({});
  expect(await metrics.getSingleMetricAsString('citecheck_kafka_consumer_lag')).not.toContain('gateway');
}, 30_000);

it('a consumer that stops for good (its read right revoked) makes the bus unhealthy', async () => {
  broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
  const b = bus();
  await roundTrip(b);
  expect(await b.health!()).toEqual({ ok: true });
  broker.forbid(TOPIC);
  let health = await b.health!();
  for (let i = 0; i < 100 && health.ok; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    health = await b.health!();
  }
  expect(health).toEqual({ ok: false, details: { crashedConsumers: { [`extraction.${TOPIC}`]: expect.stringContaining('Not authorized') } } });
});

describe('a message that kills the process handling it', () => {
  it('is parked in the dead-letter topic after three deliveries that never finished, not delivered forever', async () => {
    broker = await startFakeKafka({ topics: [TOPIC, DLQ] });
    const dir = mkdtempSync(join(tmpdir(), 'kafka-poison-'));
    const script = join(dir, 'consumer.ts');
    const module = (name: string) => JSON.stringify(join(__dirname, name).replace(/\\/g, '/'));
    // A consumer whose handler dies as OCR does when the kernel's OOM killer takes it.
    writeFileSync(
      script,
      `import { createKafkaBus, DELIVERIES_COLLECTION } from ${module('kafka-bus')};
       import { createSqliteStore } from ${module('sqlite-store')};
       const store = createSqliteStore({ dir: ${JSON.stringify(dir)}, service: 'extraction' });
       const bus = createKafkaBus({ brokers: [${JSON.stringify(broker.address)}], clientId: 'poison', sessionTimeoutMs: 1500, deliveries: store.collection(DELIVERIES_COLLECTION) });
       bus.subscribe(${JSON.stringify(TOPIC)}, 'extraction', async () => {
         process.stdout.write('handling\\n');
         process.kill(process.pid, 'SIGKILL');
         await new Promise(() => undefined);
       }).then(() => process.stdout.write('subscribed\\n'));
       setInterval(() => undefined, 1000);`,
    );
    const publisher = bus();
    await publisher.publish(TOPIC, 'doc-oom', testEvent({ documentId: 'doc-oom' }, TOPIC));
    const run = () => {
      const child = spawn(process.execPath, ['--require', 'tsx/cjs', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = { stdout: '', stderr: '' };
      child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      return { child, output, exited };
    };
    try {
      for (let i = 1; i <= 3; i++) {
        const { output, exited } = run();
        expect(await exited).toBe('SIGKILL');
        expect(output.stdout).toContain('handling');
      }
      // The fourth process does not run the handler: the message goes to the dead-letter topic.
      const fourth = run();
      await waitFor(() => broker!.messages(DLQ).length === 1, `the parked message (stderr: ${fourth.output.stderr})`, 20_000);
      expect(fourth.output.stdout).not.toContain('handling');
      expect(broker.messages(DLQ)[0]).toMatchObject({ key: 'doc-oom', headers: { 'dlq-reason': 'crashed', 'dlq-attempts': '3' } });
      fourth.child.kill('SIGKILL');
      await fourth.exited;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
