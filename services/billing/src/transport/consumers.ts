/**
 * Billing consumes identity's `user.deleted`: a deleted account's subscriptions are cancelled
 * at Stripe (app/end-deleted-account.ts). Parsed with the proto schema on consume.
 */
import { parseEvent } from '@citecheck/proto';
import type { Consumer } from '@citecheck/platform';
import type { BillingContext } from '../app/context';
import { endDeletedAccount } from '../app/end-deleted-account';

export const CONSUMER_GROUP = 'billing';

export function consumers(app: BillingContext): Consumer[] {
  return [
    {
      topic: 'user.deleted',
      group: CONSUMER_GROUP,
      handle: async (raw) => {
        const event = parseEvent('user.deleted', raw);
        await endDeletedAccount(app, event.payload.userId);
      },
    },
  ];
}
