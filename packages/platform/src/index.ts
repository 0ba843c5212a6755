/**
 * @citecheck/platform: the runtime kit every service uses. Ports (the interfaces services
 * code against), their embedded and distributed adapters, configuration, logging, metrics,
 * the HTTP/GraphQL bootstrap and graceful shutdown.
 */
export * from './ports';
export * from './service';
export * from './config';
export { scheduleRetention, sweepTransient, TRANSIENT_COLLECTIONS, type TransientCollection } from './retention';
export { documentLeases, type DocumentLeases, type LeaseOptions } from './lease';
export { DEPLOY_ENV, missingDeployEnv, type Deployable } from './deploy-env';
export * from './logger';
export { correlatedBus, currentCorrelationId, withCorrelationId, CORRELATION_ID } from './correlation';
export * from './metrics';
export * from './domain-metrics';
export { startTracing, type Tracing } from './tracing';
export * from './rate-limit';
export { createSqliteStore, type SqliteStoreOptions } from './adapters/sqlite-store';
export { createEmbeddedBus, type EmbeddedBusOptions } from './adapters/embedded-bus';
export { createFsBlobs, type FsBlobsOptions } from './adapters/fs-blobs';
export { createMongoStore, type MongoStoreOptions } from './adapters/mongo-store';
export { consumerGroupId, consumerLag, consumerLagGauge, createKafkaBus, deadLetterCounter, TopicMissingError, type KafkaBusOptions } from './adapters/kafka-bus';
export { listDeadLetters, replayDeadLetters, type DeadLetter, type DeadLetterOptions } from './dead-letters';
export { createGridfsBlobs, type GridfsBlobsOptions } from './adapters/gridfs-blobs';
export { createPorts, createBus, createStore, createBlobs, busRetryBudgetMs, kafkaConnection, type CreatePortsOptions } from './create-ports';
export { DEFAULT_MAX_BACKOFF_MS, DEFAULT_RETRY_BUDGET_MS, isFinalAttempt, retryWaitMs, type RetryPolicy } from './retry';
export * from './http/app';
export * from './http/graphql';
export * from './http/lifecycle';
export * from './http/standalone';
export * from './http/client-ip';
export * from './http/request-guard';
export * from './http/internal-token';
export { selfTest, selfTestRoutes, SelfTestError, SELFTEST_SESSION_PREFIX, type SelfTestResult } from './self-test';
export { processedEvents, type ProcessedEvents } from './idempotency';
export { oncePerDocument, stageJobs, type StageJob, type StageOptions } from './stage';
export * from './outbox';
export { progressPublisher, type ProgressFields, type ProgressPublisher } from './progress';
export * from './sealed';
export { apiKeyOwner, publishApiCall, recordedApiCall, type ApiCaller, type ApiUsageDeps } from './public-api';
