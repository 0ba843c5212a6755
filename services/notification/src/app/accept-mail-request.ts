/**
 * Turning a mail request into an outbox entry: render the template, record it (idempotent by
 * messageId), and wake the delivery loop. Used by the `mail.requested` consumer and by the
 * support inquiry.
 */
import { unseal } from '@citecheck/platform';
import type { MailRequested } from '@citecheck/proto';
import { renderMail } from '../domain/templates';
import type { NotificationContext } from './context';

/** Records the message; false when this messageId was recorded before. */
export async function acceptMailRequest(
  ctx: Pick<NotificationContext, 'outbox' | 'delivery' | 'clock' | 'render' | 'sealKey'>,
  request: MailRequested,
): Promise<boolean> {
  // A link with a one-time token travels the bus sealed; it is opened only here, to render.
  const data = request.data.link ? { ...request.data, link: unseal(ctx.sealKey, request.data.link) } : request.data;
  const mail = renderMail(request.template, data, ctx.render);
  const added = await ctx.outbox.enqueue(
    { id: request.messageId, to: request.to, template: request.template, subject: mail.subject, text: mail.text, html: mail.html, links: mail.links, replyTo: mail.replyTo ?? null },
    ctx.clock.now(),
  );
  if (added) ctx.delivery.kick();
  return added;
}
