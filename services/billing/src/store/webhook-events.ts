/**
 * Stripe events already handled, by event id: Stripe delivers at least once and retries, so an
 * event is claimed before it is handled and the claim is given back if handling fails (Stripe
 * then retries it).
 */
import { DuplicateKeyError, type Store } from '@citecheck/platform';

interface WebhookEventDoc {
  id: string;
  type: string;
  receivedAt: string;
}

export interface WebhookEventRepository {
  /** False when the event was claimed before. */
  claim(id: string, type: string, receivedAt: string): Promise<boolean>;
  release(id: string): Promise<void>;
}

export function openWebhookEvents(store: Store): WebhookEventRepository {
  const events = store.collection<WebhookEventDoc>({ name: 'stripe_events' });
  return {
    async claim(id, type, receivedAt) {
      try {
        await events.insert({ id, type, receivedAt });
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    async release(id) {
      await events.delete(id);
    },
  };
}
