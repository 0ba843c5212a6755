/**
 * "Run this stage once per document" for pipeline consumers (extraction, validation). A stage
 * turns one event about a document into one result event. The result is stored in the stage's
 * job record before it is published, and the incoming event is marked handled after that, so:
 *
 * - a redelivered event (already marked) changes nothing;
 * - another event for a document whose job is stored (a resume after a restart, a second
 *   upload event) re-publishes the stored result instead of doing the work again; downstream
 *   consumers dedupe it by event id;
 * - a crash between storing and publishing loses nothing: the redelivery re-publishes.
 *
 *   bus.subscribe('document.uploaded', CONSUMER, oncePerDocument({
 *     consumer: CONSUMER, bus, clock, processed, jobs,
 *     parse: (raw) => parseEvent('document.uploaded', raw),
 *     documentId: (event) => event.payload.documentId,
 *     succeeded: (result) => result.type === 'citations.extracted',
 *     run: (event, delivery) => extract(event.payload),   // throw to be redelivered
 *   }));
 */
import type { EventEnvelope } from '@citecheck/proto';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { stageMetrics, timeStage } from './domain-metrics';
import type { ProcessedEvents } from './idempotency';
import type { DocumentLeases } from './lease';
import { DuplicateKeyError, type Bus, type Clock, type Collection, type DeliveryContext, type EventHandler, type Store } from './ports';

/** One finished stage for one document: the event it produced. */
export interface StageJob<R extends EventEnvelope = EventEnvelope> {
  /** The documentId. */
  id: string;
  status: 'done' | 'failed';
  /** The event this stage produced, re-published when the document comes again. */
  result: R;
  finishedAt: string;
}

/** A stage's job records; `jobs` is the collection's name in every service that runs one. */
export function stageJobs<R extends EventEnvelope>(store: Store, name = 'jobs'): Collection<StageJob<R>> {
  return store.collection<StageJob<R>>({ name });
}

export interface StageOptions<E extends { id: string }, R extends EventEnvelope> {
  /** The consumer's name, as used for its processed-event marks. */
  consumer: string;
  bus: Bus;
  clock: Clock;
  processed: ProcessedEvents;
  jobs: Collection<StageJob<R>>;
  /** Checks and types the incoming event (throws on a bad one: dead-lettered by the bus). */
  parse(raw: EventEnvelope): E;
  documentId(event: E): string;
  /** The stage's work. Throw to be redelivered; return a failure event to end the document. */
  run(event: E, delivery: DeliveryContext): Promise<R>;
  /** Whether a result is the stage's success (the job's status). */
  succeeded(result: R): boolean;
  /**
   * One owner per document while the work runs (renewed every ttl/3, taken over after
   * expiry); without it two replicas handed the same event during a rebalance both do it.
   */
  leases?: DocumentLeases;
  /**
   * Counts and times the work (`citecheck_documents_total`, `citecheck_stage_duration_seconds`
   * with `stage: name`), and hands each new result to `observe` for the stage's own figures.
   * A result handed on again (a redelivery, a resume) is not counted twice.
   */
  metrics?: { registry: Registry; stage: string; observe?(result: R): void };
  /** Where each finished piece of work is logged (`stage done`, with the document and its outcome). */
  logger?: Logger;
}

export function oncePerDocument<E extends { id: string }, R extends EventEnvelope>(options: StageOptions<E, R>): EventHandler {
  const { consumer, bus, clock, processed, jobs, leases } = options;
  /** A result's job status, which is also its outcome in the metrics and the log. */
  const statusOf = (result: R): StageJob<R>['status'] => (options.succeeded(result) ? 'done' : 'failed');
  const measured = options.metrics ? { ...options.metrics, figures: stageMetrics(options.metrics.registry) } : null;
  const work = (event: E, delivery: DeliveryContext): Promise<R> =>
    measured ? timeStage(measured.figures, measured.stage, () => options.run(event, delivery), statusOf) : options.run(event, delivery);
  const handOn = async (job: StageJob<R>, documentId: string, eventId: string) => {
    await bus.publish(job.result.type, documentId, job.result);
    await processed.mark(consumer, eventId, clock.now());
  };
  return async (raw, delivery) => {
    const event = options.parse(raw);
    if (await processed.seen(consumer, event.id)) return;
    const documentId = options.documentId(event);
    const leaseId = `${consumer}:${documentId}`;

    for (;;) {
      const job = await jobs.get(documentId);
      // Done before (redelivery, a resume after a restart, another replica): hand on the same result.
      if (job) return handOn(job, documentId, event.id);
      if (!leases || (await leases.acquire(leaseId))) break;
      // Another replica is working on this document: wait for its result, or for its lease
      // to expire if it died.
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, leases.ttlMs / 3)));
    }

    const renewal = leases ? setInterval(() => void leases.renew(leaseId).catch(() => undefined), Math.max(10, leases.ttlMs / 3)) : undefined;
    try {
      const started = Date.now();
      const result = await work(event, delivery);
      const status = statusOf(result);
      options.logger?.info({ documentId, stage: options.metrics?.stage ?? consumer, outcome: status, result: result.type, ms: Date.now() - started }, 'stage done');
      try {
        await jobs.insert({ id: documentId, status, result, finishedAt: clock.now().toISOString() });
      } catch (error) {
        // Our lease lapsed and the replica that took over finished first: its result stands.
        if (!(error instanceof DuplicateKeyError)) throw error;
        const stored = await jobs.get(documentId);
        if (stored) return await handOn(stored, documentId, event.id);
        throw error;
      }
      await bus.publish(result.type, documentId, result);
      await processed.mark(consumer, event.id, clock.now());
      measured?.observe?.(result);
    } finally {
      clearInterval(renewal);
      await leases?.release(leaseId);
    }
  };
}
