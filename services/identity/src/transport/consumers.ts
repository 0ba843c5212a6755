/**
 * Identity consumes `subscription.changed` from billing: it sets the user's plan and report
 * limit. Report usage needs no consumer: reserveReport already counted the report when the
 * upload began, and releaseReport gives it back when processing fails.
 */
import { parseEvent } from '@citecheck/proto';
import type { Bus, Subscription } from '@citecheck/platform';
import { applySubscriptionChange } from '../app/apply-subscription-change';
import type { IdentityContext } from '../app/context';

export const CONSUMER_GROUP = 'identity';

export async function subscribeConsumers(bus: Bus, app: IdentityContext): Promise<Subscription[]> {
  return [
    await bus.subscribe('subscription.changed', CONSUMER_GROUP, async (raw) => {
      // Checked on consume; an invalid event throws and ends in the dead-letter topic.
      const event = parseEvent('subscription.changed', raw);
      await applySubscriptionChange(app, event.payload);
    }),
  ];
}
