/** What notification's use cases are given. */
import type { Clock, RateLimiter } from '@citecheck/platform';
import type { RenderContext } from '../domain/templates';
import type { Outbox } from '../store/outbox';
import type { Delivery } from './delivery';

export interface NotificationContext {
  outbox: Outbox;
  delivery: Delivery;
  clock: Clock;
  /** What templates need: the public URL for links, the support address. */
  render: RenderContext;
  supportEmail: string;
  /** Support inquiries per client IP: keeps a script from turning the form into a mail cannon. */
  supportLimiter: RateLimiter;
}
