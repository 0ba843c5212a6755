/**
 * The public API's webhooks: who asked to be called back for a document (the address and the
 * signing key derived from their API key, never the key), and the deliveries, kept in an
 * outbox so a restart or an unreachable receiver only delays them.
 */
import { DuplicateKeyError, Outbox, type Collection, type Store } from '@citecheck/platform';

export interface WebhookSubscription {
  /** The document id. */
  id: string;
  url: string;
  /** HMAC-SHA256(apiKey, WEBHOOK_KEY_LABEL), hex: what deliveries are signed with. */
  signingKey: string;
  keyId: string;
  userId: string;
  createdAt: string;
}

export interface WebhookDelivery {
  /** `<documentId>:<event type>`: one delivery per document outcome, however often it is enqueued. */
  id: string;
  documentId: string;
  url: string;
  signingKey: string;
  /** The WebhookEvent as sent, JSON: the bytes the signature covers. */
  body: string;
}

export class WebhookStore {
  private readonly subscriptions: Collection<WebhookSubscription>;
  readonly outbox: Outbox<WebhookDelivery>;

  constructor(store: Store) {
    this.subscriptions = store.collection<WebhookSubscription>({ name: 'webhook_subscriptions' });
    this.outbox = new Outbox<WebhookDelivery>(store, { name: 'webhook_outbox', indexes: [{ fields: ['documentId'] }] });
  }

  async subscribe(subscription: WebhookSubscription): Promise<void> {
    try {
      await this.subscriptions.insert(subscription);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  subscriptionOf(documentId: string): Promise<WebhookSubscription | null> {
    return this.subscriptions.get(documentId);
  }

  /** Queues a delivery; false when this outcome was queued already (a redelivered event). */
  enqueue(delivery: WebhookDelivery, now: Date): Promise<boolean> {
    return this.outbox.enqueue(delivery, now);
  }

  deliveriesOf(documentId: string) {
    return this.outbox.records.find({ documentId });
  }
}
