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
import type { ProcessedEvents } from './idempotency';
import type { Bus, Clock, Collection, DeliveryContext, EventHandler, Store } from './ports';

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
}

export function oncePerDocument<E extends { id: string }, R extends EventEnvelope>(options: StageOptions<E, R>): EventHandler {
  const { consumer, bus, clock, processed, jobs } = options;
  return async (raw, delivery) => {
    const event = options.parse(raw);
    if (await processed.seen(consumer, event.id)) return;
    const documentId = options.documentId(event);

    const job = await jobs.get(documentId);
    if (job) {
      // Done before (redelivery, or a resume after a restart): hand on the same result.
      await bus.publish(job.result.type, documentId, job.result);
      await processed.mark(consumer, event.id, clock.now());
      return;
    }

    const result = await options.run(event, delivery);
    await jobs.insert({ id: documentId, status: options.succeeded(result) ? 'done' : 'failed', result, finishedAt: clock.now().toISOString() });
    await bus.publish(result.type, documentId, result);
    await processed.mark(consumer, event.id, clock.now());
  };
}
