/**
 * Identity consumes billing's renewals: a paid invoice restarts the month's report count.
 * Plan changes, cancellations and failed payments arrive as `subscription.changed` (consumers.ts).
 */
import { parseEvent } from '@citecheck/proto';
import type { Consumer } from '@citecheck/platform';
import type { IdentityContext } from '../app/context';
import { renewPeriod } from '../app/renew-period';

export function billingConsumers(app: IdentityContext, group: string): Consumer[] {
  return [
    {
      topic: 'subscription.renewed',
      group,
      handle: async (raw) => {
        const event = parseEvent('subscription.renewed', raw);
        await renewPeriod(app, event.payload);
      },
    },
  ];
}
