/** What notification's use cases are given. */
import type { Clock, OutboxSender, RateLimiter } from '@citecheck/platform';
import type { RenderContext } from '../domain/templates';
import type { MailMessage, MailOutbox } from '../store/outbox';

export interface NotificationContext {
  outbox: MailOutbox;
  /** The sending loop over the outbox; kicked when a message is recorded. */
  delivery: OutboxSender<MailMessage>;
  clock: Clock;
  /** What templates need: the public URL for links, the support address. */
  render: RenderContext;
  supportEmail: string;
  /** Opens the links identity seals into mail requests (platform's sealed.ts). */
  sealKey: Buffer | null;
  /** Support inquiries per client IP: keeps a script from turning the form into a mail cannon. */
  supportLimiter: RateLimiter;
  /** Support inquiries per address typed in the form (an hour's window). */
  supportAddressLimiter: RateLimiter;
}
