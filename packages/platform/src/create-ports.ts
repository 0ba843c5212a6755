/**
 * Picks each port's adapter from configuration. Embedded mode: a SQLite file per service
 * (`<DATA_DIR>/<service>.sqlite`), blobs under `<DATA_DIR>/blobs/<service>`, and ONE bus for
 * the whole process (`<DATA_DIR>/bus.sqlite`), created by the host with `createBus` and
 * passed to every service's `createPorts`, since all services must see each other's events.
 * Distributed mode: MongoDB (a database per service), GridFS and Kafka.
 *
 *   const bus = await createBus(config, logger);
 *   const ports = await createPorts(config, 'ingest', { bus });
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { topics } from '@citecheck/proto';
import { createEmbeddedBus } from './adapters/embedded-bus';
import { createFsBlobs } from './adapters/fs-blobs';
import { createGridfsBlobs } from './adapters/gridfs-blobs';
import { createKafkaBus, DELIVERIES_COLLECTION, type DeliveryRecord, type KafkaBusOptions } from './adapters/kafka-bus';
import { createMongoStore } from './adapters/mongo-store';
import { createSqliteStore } from './adapters/sqlite-store';
import type { PlatformConfig } from './config';
import { correlatedBus } from './correlation';
import { createLogger } from './logger';
import { createMetricsRegistry } from './metrics';
import { systemClock, type Blobs, type Bus, type Clock, type Ports, type Store } from './ports';
import { DEFAULT_RETRY_BUDGET_MS } from './retry';

export interface CreatePortsOptions {
  /** The process's shared bus; when absent, createPorts opens one (fine for one service per process). */
  bus?: Bus;
  clock?: Clock;
  logger?: Logger;
  metrics?: Registry;
}

/**
 * TLS to the brokers from configuration: off, on with the system's CAs, or with a private CA
 * and/or a client certificate read from PEM files (which turn TLS on by themselves).
 */
export function kafkaTls(config: PlatformConfig, read: (file: string) => string = (file) => readFileSync(file, 'utf8')): boolean | ConnectionOptions {
  const files = { ca: config.KAFKA_SSL_CA_FILE, cert: config.KAFKA_SSL_CERT_FILE, key: config.KAFKA_SSL_KEY_FILE };
  if (!files.ca && !files.cert && !files.key) return config.KAFKA_SSL === 'true';
  const tls: ConnectionOptions = {};
  for (const [name, file] of Object.entries(files)) {
    if (!file) continue;
    try {
      tls[name as 'ca' | 'cert' | 'key'] = read(file);
    } catch (error) {
      throw new Error(`KAFKA_SSL_${name.toUpperCase()}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  return tls;
}

/** The Kafka connection and topic settings from configuration (TLS and SASL for a managed Kafka). */
export function kafkaConnection(config: PlatformConfig): Omit<KafkaBusOptions, 'logger'> {
  const sasl =
    config.KAFKA_SASL_MECHANISM && config.KAFKA_SASL_USERNAME && config.KAFKA_SASL_PASSWORD
      ? { mechanism: config.KAFKA_SASL_MECHANISM, username: config.KAFKA_SASL_USERNAME, password: config.KAFKA_SASL_PASSWORD }
      : undefined;
  return {
    brokers: config.KAFKA_BROKERS ?? [],
    clientId: config.KAFKA_CLIENT_ID,
    numPartitions: config.KAFKA_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    createTopics: config.KAFKA_CREATE_TOPICS === 'true',
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    ssl: kafkaTls(config),
    sasl,
    connectionTimeoutMs: config.KAFKA_CONNECTION_TIMEOUT_MS,
    authenticationTimeoutMs: config.KAFKA_CONNECTION_TIMEOUT_MS,
  };
}

/**
 * The bus chosen by `BUS`, carrying correlation ids (correlation.ts). `metrics`: where the
 * Kafka bus reports its consumers' lag and dead letters; `store`: the service's store, where
 * the Kafka bus counts deliveries across restarts (so a message that kills the process is
 * parked rather than delivered forever).
 */
export async function createBus(config: PlatformConfig, logger?: Logger, metrics?: Registry, store?: Store): Promise<Bus> {
  const retry = { retryBudgetMs: busRetryBudgetMs(config), maxBackoffMs: config.BUS_RETRY_MAX_BACKOFF_MS };
  if (config.BUS === 'kafka') {
    const deliveries = store?.collection<DeliveryRecord>(DELIVERIES_COLLECTION);
    return correlatedBus(createKafkaBus({ ...kafkaConnection(config), ...retry, logger, metrics, deliveries }), logger);
  }
  // Progress is for browsers watching now (the progress service keeps its own log for replay):
  // a power cut may lose its last messages, as it would lose the browsers' connections.
  return correlatedBus(createEmbeddedBus({ dir: config.DATA_DIR, ...retry, logger, transientTopics: [topics['pipeline.progress']] }), logger);
}

/**
 * BUS_RETRY_BUDGET_MS, else the bus's default: minutes on Kafka, where handlers fail because a
 * database, a broker or a service across the network is away for a while; none in embedded
 * mode, where the parts share one process and its files (retry.ts).
 */
export function busRetryBudgetMs(config: Pick<PlatformConfig, 'BUS' | 'BUS_RETRY_BUDGET_MS'>): number {
  return config.BUS_RETRY_BUDGET_MS ?? DEFAULT_RETRY_BUDGET_MS[config.BUS];
}

export async function createStore(config: PlatformConfig, service: string, logger?: Logger): Promise<Store> {
  if (config.STORE === 'mongo') {
    return createMongoStore({ url: requireMongo(config), service, logger });
  }
  return createSqliteStore({ dir: config.DATA_DIR, service });
}

export async function createBlobs(config: PlatformConfig, service: string): Promise<Blobs> {
  if (config.BLOBS === 'gridfs') {
    return createGridfsBlobs({ url: requireMongo(config), service });
  }
  return createFsBlobs({ dataDir: config.DATA_DIR, namespace: service });
}

function requireMongo(config: PlatformConfig): string {
  // loadConfig already refuses this; the check keeps a hand-built config honest too.
  if (!config.MONGO_URL) throw new Error('MONGO_URL is required for STORE=mongo or BLOBS=gridfs');
  return config.MONGO_URL;
}

export async function createPorts(config: PlatformConfig, service: string, options: CreatePortsOptions = {}): Promise<Ports> {
  const logger = options.logger ?? createLogger(service, config.LOG_LEVEL);
  const metrics = options.metrics ?? createMetricsRegistry(service);
  const store = await createStore(config, service, logger);
  const [bus, blobs] = await Promise.all([options.bus ?? createBus(config, logger, metrics, store), createBlobs(config, service)]);
  return {
    service,
    bus,
    store,
    blobs,
    clock: options.clock ?? systemClock,
    logger,
    metrics,
  };
}
