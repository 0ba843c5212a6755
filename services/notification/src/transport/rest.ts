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
  /** True only when no real mailer is configured and NODE_ENV is not production. */
  devOutboxEnabled: boolean;
}

function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function createRoutes(app: NotificationContext, options: NotificationRouteOptions): Router {
  const router = new Router();

  router.post('/api/support-inquiry', async (ctx) => {
    ctx.body = await sendSupportInquiry(app, supportInquiryBodySchema.parse(bodyOf(ctx)), ctx.ip);
  });

  router.get('/api/dev/outbox', async (ctx) => {
    // Not a feature of production: answer as if the route did not exist.
    if (!options.devOutboxEnabled) throw new ApiError(404, 'Not Found', 'not_found');
    const to = typeof ctx.query.to === 'string' ? ctx.query.to : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOutbox(app, to);
  });

  return router;
}
