/**
 * The dead-letter tool against the wire-protocol broker: a message a consumer gave up on is
 * listed with who gave up and why, replayed to its topic once (a second replay finds nothing
 * new), and the consumer handles it when the cause is gone.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import type { EventEnvelope } from '@citecheck/proto';
import { createKafkaBus } from './adapters/kafka-bus';
import { listDeadLetters, replayDeadLetters } from './dead-letters';
import { startFakeKafka, type FakeKafka } from './testing/fake-kafka';
import { testEvent, waitFor } from './testing/wait';

jest.setTimeout(60_000);

let broker: FakeKafka;
afterEach(async () => broker?.close());

it('lists, replays once, and the consumer then handles the message', async () => {
  broker = await startFakeKafka();
  const bus = createKafkaBus({ brokers: [broker.address], clientId: 'dlq-test', topicPrefix: 'staging.', reconnectBackoffMs: 100 });
  let broken = true;
  const handled: string[] = [];
  await bus.subscribe('citations.extracted', 'validation', async (event: EventEnvelope) => {
    if (broken) throw new Error('CourtListener token revoked');
    handled.push(String((event.payload as { documentId: string }).documentId));
  }, { maxAttempts: 2, backoffMs: 10 });
  await bus.publish('citations.extracted', 'doc-7', testEvent({ documentId: 'doc-7' }, 'citations.extracted'));
  await waitFor(() => broker.messages('staging.citations.extracted.dlq').length === 1, 'the dead letter', 20_000);

  const options = { kafka: { brokers: [broker.address], clientId: 'dlq-tool' }, topic: 'citations.extracted', topicPrefix: 'staging.' };
  const letters = await listDeadLetters(options);
  expect(letters).toEqual([expect.objectContaining({ key: 'doc-7', group: 'validation', attempts: 2, reason: 'failed', error: 'CourtListener token revoked' })]);
  expect(await listDeadLetters({ ...options, key: 'doc-other' })).toEqual([]);

  broken = false;
  expect(await replayDeadLetters(options)).toBe(1);
  await waitFor(() => handled.length === 1, 'the replayed message handled', 20_000);
  expect(handled).toEqual(['doc-7']);
  expect(broker.messages('staging.citations.extracted').at(-1)!.headers).toMatchObject({ 'replayed-group': 'validation', 'replayed-reason': 'failed' });
  // Replayed once: the replay group committed it.
  expect(await replayDeadLetters(options)).toBe(0);
  // Listing still shows what the topic holds.
  expect(await listDeadLetters(options)).toHaveLength(1);
  await bus.close();
});

it('the command line names its usage and reaches the broker from the environment', async () => {
  broker = await startFakeKafka({ topics: ['release-b.pipeline.failed', 'release-b.pipeline.failed.dlq'] });
  const tool = path.join(__dirname, 'tools', 'dead-letters.ts');
  const usage = spawnSync(process.execPath, ['--import', 'tsx', tool, 'drop'], { encoding: 'utf8' });
  expect(usage.status).toBe(2);
  expect(usage.stderr).toContain('usage: dead-letters.ts list|replay <topic> [--key <key>]');
  const env = { ...process.env, KAFKA_BROKERS: broker.address, KAFKA_TOPIC_PREFIX: 'release-b.' };
  const list = spawn(process.execPath, ['--import', 'tsx', tool, 'list', 'pipeline.failed'], { env });
  let out = '';
  list.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((resolve) => list.on('exit', resolve));
  expect({ code, out: out.trim() }).toEqual({ code: 0, out: '0 dead letter(s) of pipeline.failed' });
});
