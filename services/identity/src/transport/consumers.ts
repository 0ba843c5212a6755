/**
 * Identity consumes `subscription.changed` from billing: it sets the user's plan and report
 * limit. Report usage needs no consumer: reserveReport already counted the report when the
 * upload began, and releaseReport gives it back when processing fails.
 */
import { parseEvent } from '@citecheck/proto';
import type { Consumer } from '@citecheck/platform';
import { applySubscriptionChange } from '../app/apply-subscription-change';
import type { IdentityContext } from '../app/context';
import { billingConsumers } from './billing-consumers';

export const CONSUMER_GROUP = 'identity';

export function consumers(app: IdentityContext): Consumer[] {
  return [
    {
      topic: 'subscription.changed',
      group: CONSUMER_GROUP,
      handle: async (raw) => {
        // Checked on consume; an invalid event throws and ends in the dead-letter topic.
        const event = parseEvent('subscription.changed', raw);
        await applySubscriptionChange(app, event.payload);
      },
    },
    ...billingConsumers(app, CONSUMER_GROUP),
  ];
}
