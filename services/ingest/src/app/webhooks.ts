/**
 * Calling back the public API's callers: once a document they submitted with a webhook
 * address is completed or failed, its status is queued for delivery (one per outcome, whatever
 * redeliveries of the pipeline's events do), and the outbox's sender posts it, signed with the
 * key derived from the caller's API key (proto's webhook-signature.ts), retrying with backoff
 * until the receiver answers 2xx.
 */
import type { Logger } from 'pino';
import { OutboxSender, type Clock, type OutboxRecord, type Ports } from '@citecheck/platform';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '@citecheck/proto';
import { postWebhook, type WebhookPolicy } from '../adapters/webhooks';
import type { IngestStore } from '../store/documents';
import type { WebhookDelivery, WebhookStore } from '../store/webhooks';
import { documentStatus } from './api-documents';

export interface WebhookDeps {
  store: IngestStore;
  webhooks: WebhookStore;
  clock: Clock;
  publicUrl: string;
}

/** Queues the document's outcome for its subscriber, if it has one; true when queued now. */
export async function queueWebhook(deps: WebhookDeps, documentId: string): Promise<boolean> {
  const subscription = await deps.webhooks.subscriptionOf(documentId);
  if (!subscription) return false;
  const document = await deps.store.document(documentId);
  if (!document || (document.stage !== 'validated' && document.stage !== 'failed')) return false;
  const type = document.stage === 'validated' ? 'document.completed' : 'document.failed';
  const id = `${documentId}:${type}`;
  const event: WebhookEvent = { id, type, createdAt: deps.clock.now().toISOString(), document: await documentStatus(deps, document) };
  return deps.webhooks.enqueue({ id, documentId, url: subscription.url, signingKey: subscription.signingKey, body: JSON.stringify(event) }, deps.clock.now());
}

/** One delivery attempt, signed at the moment it is sent. */
export function deliverWebhook(policy: WebhookPolicy, clock: Clock) {
  return async (delivery: OutboxRecord<WebhookDelivery>): Promise<void> => {
    const signature = signWebhook(delivery.signingKey, delivery.body, Math.floor(clock.now().getTime() / 1000));
    await postWebhook(delivery.url, delivery.body, { [WEBHOOK_SIGNATURE_HEADER]: signature, 'x-citecheck-delivery': delivery.id }, policy);
  };
}

export function webhookSender(webhooks: WebhookStore, policy: WebhookPolicy, clock: Clock, logger: Logger, metrics?: Ports['metrics']) {
  return new OutboxSender(webhooks.outbox, deliverWebhook(policy, clock), clock, logger, {
    what: 'webhook',
    pollMs: 2000,
    // About a day of retries: 10 s doubling to an hour between attempts.
    maxAttempts: 30,
    backoff: { baseMs: 10_000, maxMs: 3_600_000 },
    leaseMs: 60_000,
    metrics,
  });
}
