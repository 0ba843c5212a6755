/** Notification consumes `mail.requested`; the outbox makes a redelivery harmless. */
import { parseEvent } from '@citecheck/proto';
import type { Consumer } from '@citecheck/platform';
import { acceptMailRequest } from '../app/accept-mail-request';
import { forgetRecipient } from '../app/forget-recipient';
import type { NotificationContext } from '../app/context';

export const CONSUMER_GROUP = 'notification';

export function consumers(app: NotificationContext): Consumer[] {
  return [
    {
      topic: 'mail.requested',
      group: CONSUMER_GROUP,
      handle: async (raw) => {
        // A bad template or payload throws: the bus retries it, then dead-letters it with the error.
        await acceptMailRequest(app, parseEvent('mail.requested', raw).payload);
      },
    },
    {
      topic: 'user.deleted',
      group: `${CONSUMER_GROUP}.accounts`,
      handle: async (raw) => void (await forgetRecipient(app, parseEvent('user.deleted', raw))),
      options: { maxAttempts: 8, backoffMs: 500 },
    },
  ];
}
