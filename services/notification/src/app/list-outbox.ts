/** GET /api/dev/outbox: the mail the product would have sent, for a developer and the end-to-end tests. */
import type { NotificationContext } from './context';

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  status: string;
  createdAt: string;
}

export async function listOutbox(ctx: Pick<NotificationContext, 'outbox'>, to: string | undefined): Promise<OutboxEntry[]> {
  return (await ctx.outbox.list(to)).map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    links: m.links,
    status: m.status,
    createdAt: m.createdAt,
  }));
}
