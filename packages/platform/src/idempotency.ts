/**
 * Event ids a service has handled, per consumer: the first line of idempotency for
 * at-least-once delivery (a per-document job or stage record is the second). Marked after the
 * handler succeeds, so a crash mid-handler leaves the event unmarked and it is handled again
 * on redelivery.
 */
import { DuplicateKeyError, type Store } from './ports';
import { PROCESSED_KEEP_MS } from './retention';

interface ProcessedEvent {
  id: string;
  at: string;
}

export interface ProcessedEvents {
  seen(consumer: string, eventId: string): Promise<boolean>;
  mark(consumer: string, eventId: string, at: Date): Promise<void>;
}

export function processedEvents(store: Store): ProcessedEvents {
  // The TTL matches the retention sweep's (retention.ts): MongoDB drops old marks by itself.
  const collection = store.collection<ProcessedEvent>({ name: 'processed_events', indexes: [{ fields: ['at'], expireAfterMs: PROCESSED_KEEP_MS }] });
  return {
    async seen(consumer, eventId) {
      return (await collection.get(`${consumer}:${eventId}`)) !== null;
    },
    async mark(consumer, eventId, at) {
      try {
        await collection.insert({ id: `${consumer}:${eventId}`, at: at.toISOString() });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    },
  };
}
