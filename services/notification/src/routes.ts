/**
 * Notification's REST routes: SPEC's support inquiry, and the dev outbox that lets a
 * developer (and the end-to-end tests) read the mail the product would have sent.
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError } from '@citecheck/proto';
import type { MailRequests } from './mail-requests';
import { parseSupportInquiry, SUPPORT_SENT } from './domain/support';
import type { WindowLimiter } from './domain/rate-limit';
import type { Outbox } from './store/outbox';

export interface NotificationRouteOptions {
  supportEmail: string;
  /** True only when no real mailer is configured and NODE_ENV is not production. */
  devOutboxEnabled: boolean;
  supportLimiter: WindowLimiter;
}

function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function createRoutes(requests: MailRequests, outbox: Outbox, options: NotificationRouteOptions): Router {
  const router = new Router();

  router.post('/api/support-inquiry', async (ctx) => {
    const inquiry = parseSupportInquiry(bodyOf(ctx));
    if (!options.supportLimiter.hit(ctx.ip)) throw new ApiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');
    const data = { name: inquiry.name, email: inquiry.email, message: inquiry.message };
    // Forward first: if the receipt cannot be recorded, support still has the message.
    await requests.accept({ messageId: randomUUID(), to: options.supportEmail, template: 'support-forward', data });
    await requests.accept({ messageId: randomUUID(), to: inquiry.email, template: 'support-receipt', data });
    ctx.body = { success: true, message: SUPPORT_SENT };
  });

  router.get('/api/dev/outbox', async (ctx) => {
    // Not a feature of production: answer as if the route did not exist.
    if (!options.devOutboxEnabled) throw new ApiError(404, 'Not Found', 'not_found');
    const to = typeof ctx.query.to === 'string' ? ctx.query.to : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await outbox.list(to)).map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      links: m.links,
      status: m.status,
      createdAt: m.createdAt,
    }));
  });

  return router;
}
