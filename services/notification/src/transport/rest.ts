/**
 * Notification's REST routes: SPEC's support inquiry, and the dev outbox that lets a
 * developer (and the end-to-end tests) read the mail the product would have sent.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError, supportInquiryBodySchema } from '@citecheck/proto';
import type { NotificationContext } from '../app/context';
import { listOutbox } from '../app/list-outbox';
import { sendSupportInquiry } from '../app/send-support-inquiry';

export interface NotificationRouteOptions {
  /** True only when DEV_MAIL_OUTBOX=true and no real mailer is configured. */
  devOutboxEnabled: boolean;
}

function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function createRoutes(app: NotificationContext, options: NotificationRouteOptions): Router {
  const router = new Router();

  router.post('/api/support-inquiry', async (ctx) => {
    ctx.body = await sendSupportInquiry(app, supportInquiryBodySchema.parse(bodyOf(ctx)), ctx.ip);
  });

  router.get('/api/dev/outbox', async (ctx) => {
    // Not a feature of production: answer as if the route did not exist.
    // Loopback clients only: ctx.ip is the resolved client address (X-Forwarded-For counts
    // only from TRUSTED_PROXIES), and the peer itself must be local too, so neither a spoofed
    // header nor a visitor relayed by a local proxy gets in.
    if (!options.devOutboxEnabled || !isLoopback(ctx.ip) || !isLoopback(ctx.req.socket.remoteAddress)) {
      throw new ApiError(404, 'Not Found', 'not_found');
    }
    const to = typeof ctx.query.to === 'string' ? ctx.query.to : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOutbox(app, to);
  });

  return router;
}
