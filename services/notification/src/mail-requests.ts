/**
 * Turning a mail request into an outbox entry: render the template, record it (idempotent by
 * messageId), and wake the delivery loop. Used by the `mail.requested` consumer and by the
 * support-inquiry route.
 */
import type { Clock } from '@citecheck/platform';
import type { MailRequested } from '@citecheck/proto';
import type { Delivery } from './delivery';
import { renderMail, type RenderContext } from './domain/templates';
import type { Outbox } from './store/outbox';

export class MailRequests {
  constructor(
    private readonly outbox: Outbox,
    private readonly delivery: Delivery,
    private readonly clock: Clock,
    private readonly render: RenderContext,
  ) {}

  /** Records the message; false when this messageId was recorded before. */
  async accept(request: MailRequested): Promise<boolean> {
    const mail = renderMail(request.template, request.data, this.render);
    const added = await this.outbox.enqueue(
      { id: request.messageId, to: request.to, template: request.template, subject: mail.subject, text: mail.text, html: mail.html, links: mail.links, replyTo: mail.replyTo ?? null },
      this.clock.now(),
    );
    if (added) this.delivery.kick();
    return added;
  }
}
