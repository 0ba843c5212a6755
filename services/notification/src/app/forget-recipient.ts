/**
 * `user.deleted`: the mails kept for the account's address go with it (issue 28, finding 10:
 * the outbox keeps every mail, with the name and the links, to resume unsent ones and to
 * recognise a redelivered request). Idempotent: a redelivery finds nothing more to delete.
 */
import type { EventOf } from '@citecheck/proto';
import type { NotificationContext } from './context';

export async function forgetRecipient(app: Pick<NotificationContext, 'outbox'>, event: EventOf<'user.deleted'>): Promise<{ removed: number }> {
  return { removed: await app.outbox.forgetRecipient(event.payload.email) };
}
