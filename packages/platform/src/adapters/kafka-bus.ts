/**
 * The distributed Bus: Kafka through kafkajs.
 *
 * Producer: idempotent (no duplicates from producer retries), acks from all in-sync
 * replicas, messages keyed (the key picks the partition, so one key stays in order) with the
 * envelope as JSON value. Topics are created on first use through the admin client, dead-
 * letter topic included, so a fresh cluster needs no set-up step.
 *
 * Consumer: one kafkajs consumer per subscription, in a Kafka group of its own per (group,
 * topic) (`consumerGroupId`), reading from the beginning when the group is new (as the
 * embedded bus does). A service that subscribes one group to several topics (ingest) must not
 * put those consumers in one Kafka group: kafkajs's assigners hand the union of the members'
 * topics round the members, and a consumer drops partitions of topics it did not subscribe
 * to, so those partitions would never be read. A failing handler is
 * retried in place with exponential backoff, keeping its partition's order, then the message
 * is produced to `<topic>.dlq` (with the error in headers) and its offset committed. Offsets
 * are committed by kafkajs after `eachMessage` resolves: at-least-once.
 */
import { deadLetterTopic, type EventEnvelope } from '@citecheck/proto';
import { Kafka, logLevel, type Admin, type SASLOptions, type Consumer, type LogEntry, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import type { Bus, EventHandler, SubscribeOptions, Subscription } from '../ports';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of topics this bus creates (default 6): the most consumers of a group that get work. */
  numPartitions?: number;
  replicationFactor?: number;
  /** TLS to the brokers (a managed Kafka). */
  ssl?: boolean;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
  /** kafkajs's own retries of one connection attempt (tests lower them). */
  retry?: { retries?: number; initialRetryTime?: number; maxRetryTime?: number };
  /** First wait between connection attempts once kafkajs gives up, doubled up to 30 s (default 1 s). */
  reconnectBackoffMs?: number;
  /** Partitions of one subscription handled at the same time (default 4). */
  partitionsConsumedConcurrently?: number;
  logger?: Logger;
  /** Where `citecheck_kafka_consumer_lag` is reported (the service's registry). */
  metrics?: Registry;
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** Under kafkajs's default session timeout (30 s) many times over; kafkajs throttles the requests itself. */
const HANDLER_HEARTBEAT_MS = 1000;

/**
 * Runs `work` while heartbeating every `everyMs`: kafkajs only heartbeats between messages,
 * so a handler longer than the session timeout (OCR of a long brief, a slow case-law source)
 * would get its consumer evicted and its partition handed to another replica mid-work.
 * A failed heartbeat (a rebalance under way) does not stop the work: the offset commit that
 * follows decides whether the result counts.
 */
export async function withHeartbeat<T>(work: () => Promise<T>, heartbeat: () => Promise<void>, everyMs = HANDLER_HEARTBEAT_MS, onError?: (error: unknown) => void): Promise<T> {
  const timer = setInterval(() => {
    heartbeat().catch((error: unknown) => onError?.(error));
  }, everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * The Kafka consumer group of one subscription: the same on every replica, so replicas of a
 * service share each topic's partitions, and different for each topic, so every member of a
 * Kafka group subscribes to exactly the same topic.
 *
 *   consumerGroupId('ingest', 'citations.validated') // 'ingest.citations.validated'
 */
export function consumerGroupId(group: string, topic: string): string {
  return `${group}.${topic}`;
}
const DEFAULT_BACKOFF_MS = 200;

/** kafkajs logs through pino, at kafkajs's own level names. */
function logCreator(logger: Logger | undefined) {
  return () =>
    ({ level, log }: LogEntry) => {
      if (!logger) return;
      const { message, ...extra } = log;
      const entry = { kafka: extra };
      if (level === logLevel.ERROR || level === logLevel.NOTHING) logger.error(entry, message);
      else if (level === logLevel.WARN) logger.warn(entry, message);
      else if (level === logLevel.INFO) logger.info(entry, message);
      else logger.debug(entry, message);
    };
}

/** Partition offsets as kafkajs's admin reports them (strings; `-1` for a group with no commit). */
export interface PartitionOffset {
  partition: number;
  offset: string;
}

/**
 * Messages a group has still to handle on one topic: per partition, the log end (the high
 * watermark) less the group's committed offset; a partition the group never committed counts
 * from the oldest retained message (`low`), which is where a new group starts reading.
 */
export function consumerLag(ends: (PartitionOffset & { low?: string })[], committed: PartitionOffset[]): number {
  const byPartition = new Map(committed.map((c) => [c.partition, Number(c.offset)]));
  let lag = 0;
  for (const end of ends) {
    const high = Number(end.offset);
    const done = byPartition.get(end.partition);
    const from = done !== undefined && done >= 0 ? done : Number(end.low ?? 0);
    lag += Math.max(0, high - from);
  }
  return lag;
}

/** What the lag gauge asks of kafkajs's admin client. */
type LagAdmin = Pick<Admin, 'fetchTopicOffsets' | 'fetchOffsets'>;

/**
 * `citecheck_kafka_consumer_lag{topic,group}`, measured when Prometheus scrapes: the admin
 * client's log ends against each subscription's committed offsets. A broker that does not
 * answer in time leaves the last values (and a warning in the log), never a hung scrape.
 */
export function consumerLagGauge(registry: Registry, admin: LagAdmin, subscriptions: () => Iterable<{ topic: string; groupId: string }>, logger?: Logger, timeoutMs = 2000): Gauge {
  const existing = registry.getSingleMetric('citecheck_kafka_consumer_lag') as Gauge | undefined;
  if (existing) return existing;
  return new Gauge({
    name: 'citecheck_kafka_consumer_lag',
    help: 'Messages of a topic the consumer group has not yet handled (log end less committed offset), summed over partitions.',
    labelNames: ['topic', 'group'],
    registers: [registry],
    async collect() {
      const measure = async ({ topic, groupId }: { topic: string; groupId: string }) => {
        const [ends, groups] = await Promise.all([admin.fetchTopicOffsets(topic), admin.fetchOffsets({ groupId, topics: [topic] })]);
        const committed = groups.find((g) => g.topic === topic)?.partitions ?? [];
        this.set({ topic, group: groupId }, consumerLag(ends.map((e) => ({ partition: e.partition, offset: e.high, low: e.low })), committed));
      };
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.all([...subscriptions()].map(measure)),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
      } catch (error) {
        logger?.warn({ err: error }, 'measuring Kafka consumer lag failed');
      } finally {
        clearTimeout(timer);
      }
    },
  });
}

export function createKafkaBus(options: KafkaBusOptions): Bus {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    ssl: options.ssl,
    // kafkajs types SASL per mechanism; ours is checked by the configuration schema.
    sasl: options.sasl as SASLOptions | undefined,
    logLevel: logLevel.WARN,
    logCreator: logCreator(options.logger),
    retry: options.retry,
  });
  // Idempotence needs at most one request in flight per connection.
  const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  const admin: Admin = kafka.admin();
  const topics = new Map<string, Promise<void>>();
  /** Each open consumer and what it reads (the lag gauge measures these). */
  const consumers = new Map<Consumer, { topic: string; groupId: string }>();
  if (options.metrics) consumerLagGauge(options.metrics, admin, () => consumers.values(), options.logger);
  let closed = false;
  let wakeOnClose: () => void = () => undefined;
  const closing = new Promise<void>((resolve) => (wakeOnClose = resolve));

  /**
   * Keeps trying to connect, with capped backoff, until it works or the bus is closed: a
   * broker that is down when a pod starts (or restarting with it) leaves the service running
   * and unready (its consumers not subscribed) instead of exiting into a crash loop.
   */
  const untilConnected = async (connect: () => Promise<unknown>, what: string): Promise<void> => {
    for (let attempt = 1, delay = options.reconnectBackoffMs ?? 1000; ; attempt++, delay = Math.min(delay * 2, 30_000)) {
      if (closed) throw new Error('bus is closed');
      try {
        await connect();
        return;
      } catch (error) {
        if (closed) throw new Error('bus is closed');
        options.logger?.warn({ err: error, attempt, delayMs: delay }, `Kafka unreachable (${what}); retrying`);
        await Promise.race([new Promise((resolve) => setTimeout(resolve, delay).unref()), closing]);
      }
    }
  };
  const connected = untilConnected(() => Promise.all([producer.connect(), admin.connect()]), 'producer');
  connected.catch(() => undefined); // reported to whoever awaits it

  const ensureTopic = (topic: string): Promise<void> => {
    let created = topics.get(topic);
    if (!created) {
      created = connected
        .then(() =>
          admin.createTopics({
            waitForLeaders: true,
            topics: [{ topic, numPartitions: options.numPartitions ?? 6, replicationFactor: options.replicationFactor ?? -1 }],
          }),
        )
        .then(() => undefined);
      // A failed creation is retried on the next use rather than remembered.
      created.catch(() => topics.delete(topic));
      topics.set(topic, created);
    }
    return created;
  };

  const send = async (topic: string, key: string, value: string, headers: Record<string, string> = {}) => {
    await ensureTopic(topic);
    await producer.send({ topic, acks: -1, messages: [{ key, value, headers }] });
  };

  return {
    async publish(topic: string, key: string, event: EventEnvelope): Promise<void> {
      if (closed) throw new Error('bus is closed');
      await send(topic, key, JSON.stringify(event), { 'event-type': event.type });
    },

    async subscribe(topic: string, group: string, handler: EventHandler, subscribeOptions: SubscribeOptions = {}): Promise<Subscription> {
      if (closed) throw new Error('bus is closed');
      const maxAttempts = Math.max(1, subscribeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
      const backoffMs = Math.max(0, subscribeOptions.backoffMs ?? DEFAULT_BACKOFF_MS);
      await Promise.all([ensureTopic(topic), ensureTopic(deadLetterTopic(topic))]);

      const groupId = consumerGroupId(group, topic);
      const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
      consumers.set(consumer, { topic, groupId });
      let stopping = false;
      await untilConnected(() => consumer.connect(), `consumer of ${topic}`);
      await consumer.subscribe({ topic, fromBeginning: subscribeOptions.fromBeginning ?? true });

      const deadLetter = async (key: string, value: string, error: unknown, attempts: number) => {
        options.logger?.error({ err: error, topic, group, key, attempts }, `handler failed; message moved to ${deadLetterTopic(topic)}`);
        await send(deadLetterTopic(topic), key, value, {
          'dlq-topic': topic,
          'dlq-group': group,
          'dlq-attempts': String(attempts),
          'dlq-error': (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        });
      };

      await consumer.run({
        partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 4,
        eachMessage: async ({ message, heartbeat }) => {
          const key = message.key?.toString() ?? '';
          const value = message.value?.toString() ?? '';
          for (let attempt = 1; ; attempt++) {
            try {
              // Parsed per attempt: a handler that mutated the event must not see its own edits.
              await withHeartbeat(
                () => handler(JSON.parse(value) as EventEnvelope, { topic, key, attempt }),
                heartbeat,
                HANDLER_HEARTBEAT_MS,
                (error) => options.logger?.warn({ err: error, topic, group, key }, 'heartbeat during a long handler failed'),
              );
              return;
            } catch (error) {
              if (attempt >= maxAttempts || error instanceof SyntaxError) {
                await deadLetter(key, value, error, attempt);
                return;
              }
              options.logger?.warn({ err: error, topic, group, key, attempt }, 'handler failed; will retry');
              // Throwing while stopping leaves the offset uncommitted: redelivered after restart.
              if (stopping) throw error;
              await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
              await heartbeat(); // a long backoff must not cost the group its membership
            }
          }
        },
      });

      return {
        close: async () => {
          if (!consumers.delete(consumer)) return;
          stopping = true;
          // disconnect() stops fetching and waits for the message in flight before leaving.
          await consumer.disconnect();
        },
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      wakeOnClose();
      const running = [...consumers.keys()];
      consumers.clear();
      await Promise.allSettled(running.map((c) => c.disconnect()));
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  };
}
