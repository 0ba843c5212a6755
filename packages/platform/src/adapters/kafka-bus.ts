/**
 * The distributed Bus: Kafka through kafkajs.
 *
 * Producer: idempotent (no duplicates from producer retries), acks from all in-sync
 * replicas, messages keyed (the key picks the partition, so one key stays in order) with the
 * envelope as JSON value.
 *
 * Topics: before first use the bus looks for the topic (and its dead-letter topic) in the
 * cluster's metadata, and only when it is missing asks to create it (`createTopics`, on by
 * default, so a fresh development cluster needs no set-up step). On a locked-down cluster (a
 * principal without CREATE, a CreateTopicPolicy, a replication factor the cluster refuses)
 * the refusal is not an error when the metadata shows the topic after all; a topic that is
 * missing and may not be created keeps a subscriber retrying (the pod unready, not crashing)
 * and fails a publish, naming the topic. Every topic and consumer group carries `topicPrefix`,
 * so releases sharing one cluster never meet.
 *
 * Consumer: one kafkajs consumer per subscription, in a Kafka group of its own per (group,
 * topic) (`consumerGroupId`), reading from the beginning when the group is new (as the
 * embedded bus does). A service that subscribes one group to several topics (ingest) must not
 * put those consumers in one Kafka group: kafkajs's assigners hand the union of the members'
 * topics round the members, and a consumer drops partitions of topics it did not subscribe
 * to, so those partitions would never be read. A failing handler is
 * retried in place with capped exponential backoff, keeping its partition's order, for the
 * subscription's attempts and the bus's retry budget (retry.ts: minutes, so an outage does not
 * fail every message in flight), heartbeating through each wait and giving the wait up to a
 * rebalance; then the message is produced to `<topic>.dlq` (with the error in headers) and
 * its offset committed. Offsets are committed by kafkajs after `eachMessage` resolves:
 * at-least-once.
 */
import { deadLetterTopic, type EventEnvelope } from '@citecheck/proto';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ConnectionOptions } from 'node:tls';
import { Kafka, logLevel, type Admin, type SASLOptions, type Consumer, type LogEntry, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { DuplicateKeyError, type Bus, type Collection, type EventHandler, type SubscribeOptions, type Subscription } from '../ports';
import { DEFAULT_MAX_BACKOFF_MS, isFinalAttempt, retryWaitMs, type RetryPolicy } from '../retry';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of topics this bus creates (default 6): the most consumers of a group that get work. */
  numPartitions?: number;
  replicationFactor?: number;
  /**
   * Ask the cluster to create a topic that does not exist (default true). Off where topics
   * are managed outside the services (ACLs without CREATE, Strimzi KafkaTopic resources):
   * the bus then only checks that each topic exists.
   */
  createTopics?: boolean;
  /** Put before every topic and consumer group name: releases sharing one cluster (`staging.`). */
  topicPrefix?: string;
  /** TLS to the brokers (a managed Kafka): true for the system's CAs, or a CA and client certificate. */
  ssl?: boolean | ConnectionOptions;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
  /**
   * Time to open a connection (kafkajs's default, 1 s, is too short for TLS then SASL to a
   * managed cluster in another zone) and to authenticate.
   */
  connectionTimeoutMs?: number;
  authenticationTimeoutMs?: number;
  /** A consumer silent this long is dropped by the group coordinator (default 30 s). */
  sessionTimeoutMs?: number;
  /**
   * The least time a rebalance waits for a member to rejoin (default 60 s); a subscription's
   * `maxHandlerMs` plus a session timeout lengthens it, so a member busy with a long handler
   * finishes, commits and rejoins instead of being dropped (tests shorten it).
   */
  rebalanceTimeoutMs?: number;
  /** Longest wait between two attempts of a failing handler (default 30 s; BUS_RETRY_MAX_BACKOFF_MS). */
  maxBackoffMs?: number;
  /**
   * Keep retrying a failing handler until this long after its message's first delivery, as
   * well as for the subscription's `maxAttempts` (retry.ts; BUS_RETRY_BUDGET_MS, 10 minutes
   * from configuration; default here 0: attempts alone decide).
   */
  retryBudgetMs?: number;
  /**
   * Where deliveries are counted across restarts (a collection in the service's store): a
   * message whose handling has started `maxDeliveries` times without ever finishing (the
   * process died handling it: out of memory in OCR, a native crash) is parked in the
   * dead-letter topic instead of being delivered again forever, blocking its partition.
   */
  deliveries?: Collection<DeliveryRecord>;
  /** Started deliveries of one message before it is parked (default 3). */
  maxDeliveries?: number;
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

/** One message's started deliveries in one consumer group, kept in the service's store. */
export interface DeliveryRecord {
  id: string;
  deliveries: number;
  topic: string;
  group: string;
  /** ISO time of the first delivery: records older than a week are swept. */
  at: string;
}

/** The collection `deliveries` is kept in (createPorts opens it in the service's store). */
export const DELIVERIES_COLLECTION = { name: 'bus_deliveries', indexes: [{ fields: ['at' as const], expireAfterMs: 7 * 24 * 3600 * 1000 }] };

/** Kafka refusals of CreateTopics after which the topic may exist all the same. */
const CREATE_REFUSALS = ['TOPIC_AUTHORIZATION_FAILED', 'CLUSTER_AUTHORIZATION_FAILED', 'POLICY_VIOLATION', 'INVALID_REPLICATION_FACTOR', 'INVALID_PARTITIONS', 'INVALID_CONFIG'];

/** The Kafka error types inside a kafkajs error (CreateTopics answers one per topic). */
function kafkaErrorTypes(error: unknown): string[] {
  const e = error as { type?: string; errors?: unknown[]; cause?: unknown };
  return [...(e?.type ? [e.type] : []), ...(e?.errors ?? []).flatMap(kafkaErrorTypes), ...(e?.cause ? kafkaErrorTypes(e.cause) : [])];
}

/** A topic the bus needs that the cluster does not have and the bus may not (or could not) create. */
export class TopicMissingError extends Error {
  constructor(
    readonly topic: string,
    reason: string,
  ) {
    super(`Kafka topic "${topic}" does not exist and ${reason}; create it (charts/citecheck/README.md lists every topic with its partitions and retention)`);
    this.name = 'TopicMissingError';
  }
}

/**
 * Heartbeat answers that mean this member must rejoin the group now (kafkajs's own test, plus
 * a member the coordinator no longer knows): a retry wait is given up for them, since the
 * group's rebalance waits for this member, and the partition may be another's afterwards.
 */
const REJOIN_ERRORS = new Set(['REBALANCE_IN_PROGRESS', 'NOT_COORDINATOR_FOR_GROUP', 'ILLEGAL_GENERATION', 'UNKNOWN_MEMBER_ID']);
export const mustRejoin = (error: unknown): boolean => REJOIN_ERRORS.has((error as { type?: string } | null)?.type ?? '');

/** What `retryWait` returns when the consumer is being stopped. */
export const STOPPING = Symbol('stopping');

/**
 * A wait between two attempts of a failing handler: `ms` of heartbeats (a long backoff never
 * costs the group its membership), ended early by a heartbeat answer saying the group is
 * rebalancing, which it returns (the caller gives the message up for now, so the member can
 * rejoin), or by `stopping()` turning true (STOPPING: a drain does not sit out the backoff);
 * null once the wait ran its course.
 */
export function retryWait(
  ms: number,
  heartbeat: () => Promise<void>,
  everyMs = HANDLER_HEARTBEAT_MS,
  onError?: (error: unknown) => void,
  stopping: () => boolean = () => false,
): Promise<unknown> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(beat);
      resolve(result);
    };
    const timer = setTimeout(() => finish(null), ms);
    const beat = setInterval(() => {
      if (stopping()) return finish(STOPPING);
      heartbeat().catch((error: unknown) => {
        if (mustRejoin(error)) finish(error);
        else onError?.(error);
      });
    }, everyMs);
  });
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

/** The dead-letter counter on `registry` (one per registry, shared by the buses using it). */
export function deadLetterCounter(registry: Registry): Counter {
  const existing = registry.getSingleMetric('citecheck_kafka_dead_letters_total') as Counter | undefined;
  if (existing) return existing;
  return new Counter({
    name: 'citecheck_kafka_dead_letters_total',
    help: 'Messages moved to a dead-letter topic, by the topic they came from, the consumer group and why (failed: the handler kept failing; crashed: the process died handling it; unreadable: not JSON).',
    labelNames: ['topic', 'group', 'reason'],
    registers: [registry],
  });
}

export function createKafkaBus(options: KafkaBusOptions): Bus {
  const prefix = options.topicPrefix ?? '';
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    ssl: options.ssl,
    // kafkajs types SASL per mechanism; ours is checked by the configuration schema.
    sasl: options.sasl as SASLOptions | undefined,
    connectionTimeout: options.connectionTimeoutMs ?? 10_000,
    authenticationTimeout: options.authenticationTimeoutMs ?? 10_000,
    logLevel: logLevel.WARN,
    logCreator: logCreator(options.logger),
    retry: options.retry,
  });
  // Idempotence needs at most one request in flight per connection.
  const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  const admin: Admin = kafka.admin();
  const topics = new Map<string, Promise<void>>();
  /** Each open consumer and what it reads (the lag gauge measures the shared groups). */
  const consumers = new Map<Consumer, { topic: string; groupId: string; perInstance: boolean }>();
  /** Subscriptions whose consumer stopped for good (kafkajs does not restart it). */
  const crashed = new Map<string, string>();
  if (options.metrics) consumerLagGauge(options.metrics, admin, () => [...consumers.values()].filter((c) => !c.perInstance), options.logger);
  const deadLetters = options.metrics ? deadLetterCounter(options.metrics) : undefined;
  const instance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  let closed = false;
  let wakeOnClose: () => void = () => undefined;
  const closing = new Promise<void>((resolve) => (wakeOnClose = resolve));

  /**
   * Keeps trying until `attempt` works or the bus is closed, with capped backoff: a broker
   * that is down when a pod starts (or restarting with it), or a topic an operator has yet to
   * create, leaves the service running and unready (its consumers not subscribed) instead
   * of exiting into a crash loop.
   */
  const untilDone = async (attempt: () => Promise<unknown>, what: string): Promise<void> => {
    for (let round = 1, delay = options.reconnectBackoffMs ?? 1000; ; round++, delay = Math.min(delay * 2, 30_000)) {
      if (closed) throw new Error('bus is closed');
      try {
        await attempt();
        return;
      } catch (error) {
        if (closed) throw new Error('bus is closed');
        const message = error instanceof TopicMissingError ? `${error.message} (${what}); retrying` : `Kafka unreachable (${what}); retrying`;
        options.logger?.warn({ err: error, attempt: round, delayMs: delay }, message);
        await Promise.race([new Promise((resolve) => setTimeout(resolve, delay).unref()), closing]);
      }
    }
  };
  const connected = untilDone(() => Promise.all([producer.connect(), admin.connect()]), 'producer');
  connected.catch(() => undefined); // reported to whoever awaits it

  /** The topics the cluster shows this principal; one request serves the checks made meanwhile. */
  let listing: Promise<Set<string>> | null = null;
  const existingTopics = (): Promise<Set<string>> => {
    if (!listing) {
      listing = admin.listTopics().then((names) => new Set(names));
      const clear = () => void (listing = null);
      listing.then(clear, clear);
    }
    return listing;
  };

  /** Resolves once the (prefixed) topic exists; see the header for the order of checks. */
  const ensureTopic = (topic: string): Promise<void> => {
    let ready = topics.get(topic);
    if (!ready) {
      ready = (async () => {
        await connected;
        if ((await existingTopics()).has(topic)) return;
        if (options.createTopics === false) throw new TopicMissingError(topic, 'KAFKA_CREATE_TOPICS is false');
        try {
          await admin.createTopics({
            waitForLeaders: true,
            topics: [{ topic, numPartitions: options.numPartitions ?? 6, replicationFactor: options.replicationFactor ?? -1 }],
          });
        } catch (error) {
          const refusals = kafkaErrorTypes(error).filter((type) => CREATE_REFUSALS.includes(type));
          if (refusals.length === 0) throw error;
          // Created meanwhile by an operator, or refused although it exists (Kafka checks
          // CREATE before looking): either way the topic is there to use.
          if ((await existingTopics()).has(topic)) {
            options.logger?.info({ topic, refusal: refusals[0] }, 'Kafka refused to create a topic that exists; using it');
            return;
          }
          throw new TopicMissingError(topic, `the cluster refused to create it (${refusals[0]})`);
        }
      })();
      // A failed check is retried on the next use rather than remembered.
      ready.catch(() => topics.delete(topic));
      topics.set(topic, ready);
    }
    return ready;
  };

  const send = async (topic: string, key: string, value: string, headers: Record<string, string> = {}) => {
    await ensureTopic(topic);
    await producer.send({ topic, acks: -1, messages: [{ key, value, headers }] });
  };

  return {
    async publish(topic: string, key: string, event: EventEnvelope): Promise<void> {
      if (closed) throw new Error('bus is closed');
      await send(prefix + topic, key, JSON.stringify(event), { 'event-type': event.type });
    },

    async subscribe(topic: string, group: string, handler: EventHandler, subscribeOptions: SubscribeOptions = {}): Promise<Subscription> {
      if (closed) throw new Error('bus is closed');
      const policy: RetryPolicy = {
        maxAttempts: Math.max(1, subscribeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
        backoffMs: Math.max(0, subscribeOptions.backoffMs ?? DEFAULT_BACKOFF_MS),
        maxBackoffMs: options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
        budgetMs: Math.max(0, options.retryBudgetMs ?? 0),
      };
      const perInstance = subscribeOptions.perInstance ?? false;
      const realTopic = prefix + topic;
      const dlq = deadLetterTopic(realTopic);
      await untilDone(() => Promise.all([ensureTopic(realTopic), ensureTopic(dlq)]), `topics of ${group}`);

      // A per-instance group is this process's alone: it commits nothing, so the broker
      // deletes it once the process leaves, and no rollout leaves groups (and lag) behind.
      const groupId = prefix + consumerGroupId(group, topic) + (perInstance ? `.${instance}` : '');
      const sessionTimeout = options.sessionTimeoutMs ?? 30_000;
      const heartbeatInterval = Math.min(3000, Math.floor(sessionTimeout / 10));
      // How often a running handler or a retry wait asks kafkajs to heartbeat (it sends one
      // once heartbeatInterval has passed): well inside the session timeout, however short.
      const beatEveryMs = Math.max(10, Math.min(HANDLER_HEARTBEAT_MS, heartbeatInterval));
      const consumer = kafka.consumer({
        groupId,
        allowAutoTopicCreation: false,
        sessionTimeout,
        heartbeatInterval,
        // A rebalance waits for a member whose handler is still running (OCR of a long scan)
        // rather than dropping it and handing its partition to another replica mid-work.
        rebalanceTimeout: Math.max(options.rebalanceTimeoutMs ?? 60_000, (subscribeOptions.maxHandlerMs ?? 0) + sessionTimeout),
      });
      consumers.set(consumer, { topic: realTopic, groupId, perInstance });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (payload.restart) return;
        crashed.set(groupId, payload.error?.message ?? 'crashed');
        options.logger?.error({ err: payload.error, topic, group }, 'Kafka consumer stopped after an error it does not restart from');
      });
      let stopping = false;
      await untilDone(() => consumer.connect(), `consumer of ${topic}`);
      await consumer.subscribe({ topic: realTopic, fromBeginning: subscribeOptions.fromBeginning ?? true });

      const deadLetter = async (key: string, value: string, error: unknown, attempts: number, reason: 'failed' | 'crashed' | 'unreadable') => {
        options.logger?.error({ err: error, topic, group, key, attempts, reason }, `handler failed; message moved to ${deadLetterTopic(topic)}`);
        await send(dlq, key, value, {
          'dlq-topic': topic,
          'dlq-group': group,
          'dlq-attempts': String(attempts),
          'dlq-reason': reason,
          'dlq-error': (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        });
        deadLetters?.inc({ topic, group, reason });
      };

      /**
       * Counts one more started delivery of this message (0 when the count is unavailable) and
       * says when it was first delivered, in this process or another: the retry budget runs
       * from then, so a message handed on by a rebalance or a restart does not start afresh.
       */
      const counted = options.deliveries && !perInstance ? options.deliveries : undefined;
      const startDelivery = async (id: string): Promise<{ count: number; firstAt: number }> => {
        const now = Date.now();
        if (!counted) return { count: 0, firstAt: now };
        const seen = (record: DeliveryRecord) => ({ count: record.deliveries, firstAt: Math.min(now, Date.parse(record.at) || now) });
        try {
          const updated = await counted.update(id, { $inc: { deliveries: 1 } });
          if (updated) return seen(updated);
          try {
            await counted.insert({ id, deliveries: 1, topic, group, at: new Date(now).toISOString() });
            return { count: 1, firstAt: now };
          } catch (error) {
            if (!(error instanceof DuplicateKeyError)) throw error;
            const raced = await counted.update(id, { $inc: { deliveries: 1 } });
            return raced ? seen(raced) : { count: 1, firstAt: now };
          }
        } catch (error) {
          // The count protects against a poison message; it must not stop every delivery.
          options.logger?.warn({ err: error, topic, group }, 'counting a delivery failed; handling it uncounted');
          return { count: 0, firstAt: now };
        }
      };
      const settle = async (id: string, change: 'done' | 'interrupted') => {
        if (!counted) return;
        try {
          // A delivery cut by a graceful stop was not the message's fault.
          if (change === 'done') await counted.delete(id);
          else await counted.update(id, { $inc: { deliveries: -1 } });
        } catch (error) {
          options.logger?.warn({ err: error, topic, group }, 'recording a finished delivery failed');
        }
      };
      const maxDeliveries = Math.max(1, options.maxDeliveries ?? 3);
      const beatError = (error: unknown) => options.logger?.warn({ err: error, topic, group }, 'heartbeat during a long handler failed');

      await consumer.run({
        autoCommit: !perInstance,
        partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 4,
        eachMessage: async ({ message, heartbeat, partition }) => {
          const key = message.key?.toString() ?? '';
          const value = message.value?.toString() ?? '';
          const deliveryId = `${groupId}:${partition}:${message.offset}`;
          const started = await startDelivery(deliveryId);
          if (started.count > maxDeliveries) {
            await deadLetter(key, value, new Error(`handling started ${started.count - 1} times and never finished: the process died handling it`), started.count - 1, 'crashed');
            await settle(deliveryId, 'done');
            return;
          }
          for (let attempt = 1; ; attempt++) {
            const final = isFinalAttempt(policy, attempt, Date.now() - started.firstAt);
            try {
              // Parsed per attempt: a handler that mutated the event must not see its own edits.
              await withHeartbeat(() => handler(JSON.parse(value) as EventEnvelope, { topic, key, attempt, final }), heartbeat, beatEveryMs, beatError);
              await settle(deliveryId, 'done');
              return;
            } catch (error) {
              if (final || error instanceof SyntaxError) {
                await deadLetter(key, value, error, attempt, error instanceof SyntaxError ? 'unreadable' : 'failed');
                await settle(deliveryId, 'done');
                return;
              }
              options.logger?.warn({ err: error, topic, group, key, attempt }, 'handler failed; will retry');
              // Throwing while stopping leaves the offset uncommitted: redelivered after restart.
              if (stopping || closed) {
                await settle(deliveryId, 'interrupted');
                throw error;
              }
              // The wait heartbeats: a long backoff must not cost the group its membership. A
              // rebalance ends it: the message is given up uncommitted (its first delivery stays
              // on record, so the budget goes on counting) and kafkajs rejoins on the error.
              const rejoin = await retryWait(retryWaitMs(policy, attempt), heartbeat, beatEveryMs, beatError, () => stopping || closed);
              if (rejoin === STOPPING) {
                // Left uncommitted: redelivered after the restart, to this replica or another.
                await settle(deliveryId, 'interrupted');
                throw new Error(`consumer of ${topic} stopping during a retry wait`);
              }
              if (rejoin) {
                options.logger?.info({ topic, group, key, attempt }, 'the group is rebalancing: leaving a failing message to be redelivered');
                await settle(deliveryId, 'interrupted');
                throw rejoin;
              }
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

    async health() {
      if (crashed.size === 0) return { ok: true };
      return { ok: false, details: { crashedConsumers: Object.fromEntries(crashed) } };
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
