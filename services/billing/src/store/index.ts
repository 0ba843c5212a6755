/** Billing's repositories over the store port it is given. */
import type { Store } from '@citecheck/platform';
import { openSubscriptions, type SubscriptionRepository } from './subscriptions';
import { openWebhookEvents, type WebhookEventRepository } from './webhook-events';

export type { SubscriptionDoc, SubscriptionState, SubscriptionRepository } from './subscriptions';
export { ENDED_STATUSES } from './subscriptions';
export type { WebhookEventRepository } from './webhook-events';

export interface BillingStore {
  subscriptions: SubscriptionRepository;
  webhookEvents: WebhookEventRepository;
}

export function openBillingStore(store: Store): BillingStore {
  return { subscriptions: openSubscriptions(store), webhookEvents: openWebhookEvents(store) };
}
