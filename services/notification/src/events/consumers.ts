/** Notification consumes `mail.requested`; the outbox makes a redelivery harmless. */
import { parseEvent } from '@citecheck/proto';
import type { Bus, Subscription } from '@citecheck/platform';
import type { MailRequests } from '../mail-requests';

export const CONSUMER_GROUP = 'notification';

export async function subscribeConsumers(bus: Bus, requests: MailRequests): Promise<Subscription[]> {
  return [
    await bus.subscribe('mail.requested', CONSUMER_GROUP, async (raw) => {
      // A bad template or payload throws: the bus retries it, then dead-letters it with the error.
      await requests.accept(parseEvent('mail.requested', raw).payload);
    }),
  ];
}
