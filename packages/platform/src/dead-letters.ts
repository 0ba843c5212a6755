/**
 * The dead-letter topics' consumer for people: list what a service parked in `<topic>.dlq`
 * (key, the group that gave up, why, the error) and, once the cause is fixed, replay it to
 * `<topic>`, where the service's consumer handles it again (handlers are idempotent). A replay
 * commits its progress in a group of its own (`<prefix>citecheck-dlq-replay.<topic>`), so a
 * message is replayed once however often the tool runs; a list commits nothing.
 *
 *   npx tsx packages/platform/src/tools/dead-letters.ts list document.uploaded
 *   npx tsx packages/platform/src/tools/dead-letters.ts replay document.uploaded [--key <document id>]
 *
 * (with the service's KAFKA_* environment, e.g. `kubectl exec deploy/extraction -- npx tsx ...`).
 */
import { randomUUID } from 'node:crypto';
import { deadLetterTopic } from '@citecheck/proto';
import { Kafka, logLevel, type KafkaConfig } from 'kafkajs';

export interface DeadLetter {
  partition: number;
  offset: string;
  key: string;
  /** The consumer group that gave up on it, the attempts, why (failed, crashed, unreadable) and the last error. */
  group: string;
  attempts: number;
  reason: string;
  error: string;
  value: string;
}

export interface DeadLetterOptions {
  kafka: Pick<KafkaConfig, 'brokers' | 'clientId' | 'ssl' | 'sasl' | 'connectionTimeout' | 'authenticationTimeout'>;
  /** The topic whose dead letters these are (without the prefix). */
  topic: string;
  topicPrefix?: string;
  /** Only messages with this key (one document). */
  key?: string;
}

const header = (headers: Record<string, unknown> | undefined, name: string) => headers?.[name]?.toString() ?? '';

/**
 * Reads the dead-letter topic from where `groupId` left off to its end as it is now, calling
 * `each` per message; commits what was read when `commit`.
 */
async function readToEnd(options: DeadLetterOptions, groupId: string, commit: boolean, each: (letter: DeadLetter, raw: { headers: Record<string, string> }) => Promise<void>): Promise<number> {
  const kafka = new Kafka({ ...options.kafka, logLevel: logLevel.WARN });
  const dlq = deadLetterTopic((options.topicPrefix ?? '') + options.topic);
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map((await admin.fetchTopicOffsets(dlq)).map((p) => [p.partition, BigInt(p.high)]));
  const committed = new Map(((await admin.fetchOffsets({ groupId, topics: [dlq] }))[0]?.partitions ?? []).map((p) => [p.partition, BigInt(p.offset)]));
  const lows = new Map((await admin.fetchTopicOffsets(dlq)).map((p) => [p.partition, BigInt(p.low)]));
  await admin.disconnect();
  const remaining = new Set([...ends].filter(([partition, high]) => high > ((committed.get(partition) ?? -1n) >= 0n ? committed.get(partition)! : lows.get(partition)!)).map(([p]) => p));
  if (remaining.size === 0) return 0;

  const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
  await consumer.connect();
  await consumer.subscribe({ topic: dlq, fromBeginning: true });
  let count = 0;
  let failure: unknown = null;
  await new Promise<void>((resolve) => {
    void consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        if (!remaining.has(partition)) return;
        const offset = BigInt(message.offset);
        if (offset < ends.get(partition)!) {
          const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, v?.toString() ?? '']));
          const letter: DeadLetter = {
            partition,
            offset: message.offset,
            key: message.key?.toString() ?? '',
            group: header(headers, 'dlq-group'),
            attempts: Number(header(headers, 'dlq-attempts') || 0),
            reason: header(headers, 'dlq-reason') || 'failed',
            error: header(headers, 'dlq-error'),
            value: message.value?.toString() ?? '',
          };
          if (options.key === undefined || letter.key === options.key) {
            try {
              await each(letter, { headers });
              count++;
            } catch (error) {
              failure = error;
              remaining.clear();
              resolve();
              throw error;
            }
          }
        }
        if (commit) await consumer.commitOffsets([{ topic: dlq, partition, offset: String(offset + 1n) }]);
        if (offset + 1n >= ends.get(partition)!) remaining.delete(partition);
        if (remaining.size === 0) resolve();
      },
    });
  });
  await consumer.disconnect();
  if (failure) throw failure;
  return count;
}

/** What the dead-letter topic of `topic` holds now; commits nothing. */
export async function listDeadLetters(options: DeadLetterOptions): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  // A throwaway group that commits nothing: the broker deletes it once it leaves.
  await readToEnd(options, `${options.topicPrefix ?? ''}citecheck-dlq-list.${options.topic}.${randomUUID().slice(0, 8)}`, false, async (letter) => void letters.push(letter));
  return letters;
}

/**
 * Publishes each dead letter not replayed before back to `topic` (same key and value; the
 * dead-letter headers kept under `replayed-*`) and commits it in the replay group. Returns
 * how many were replayed.
 */
export async function replayDeadLetters(options: DeadLetterOptions): Promise<number> {
  const kafka = new Kafka({ ...options.kafka, logLevel: logLevel.WARN });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  await producer.connect();
  try {
    const target = (options.topicPrefix ?? '') + options.topic;
    return await readToEnd(options, `${options.topicPrefix ?? ''}citecheck-dlq-replay.${options.topic}`, true, async (letter, { headers }) => {
      const kept = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.startsWith('dlq-') ? `replayed-${k.slice(4)}` : k, v]));
      await producer.send({ topic: target, acks: -1, messages: [{ key: letter.key, value: letter.value, headers: kept }] });
    });
  } finally {
    await producer.disconnect();
  }
}
