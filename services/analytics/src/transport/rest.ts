/**
 * Analytics' REST routes: SPEC.md's tracker paths. The tracker never reads the answer, so a
 * recorded visit is a bare 204; a malformed record is a 400 (ApiError) for anyone debugging.
 */
import Router from '@koa/router';
import type { AdminUseCases } from '../app/admin';
import type { TrackingUseCases } from '../app/track-visitors';

export function trackingRoutes(tracking: TrackingUseCases, admin: AdminUseCases): Router {
  const router = new Router();
  router.get('/api/metrics', async (ctx) => {
    ctx.body = await admin.usageMetrics({ authorization: ctx.get('authorization') || null, ip: ctx.ip || null });
  });
  router.get('/api/metrics/stats', async (ctx) => {
    ctx.body = await admin.stats({ authorization: ctx.get('authorization') || null, ip: ctx.ip || null });
  });
  // SPEC's admin path: the same use case as the `visitorAnalytics` GraphQL field.
  router.get('/api/admin/visitor-analytics', async (ctx) => {
    const query = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : null);
    ctx.body = await admin.visitorAnalytics(
      { authorization: ctx.get('authorization') || null, ip: ctx.ip || null },
      { startDate: query('startDate'), endDate: query('endDate') },
    );
  });
  router.post('/api/track-visitor', async (ctx) => {
    await tracking.trackVisitor(ctx.request.body, { userAgent: ctx.get('user-agent') || null, ip: ctx.ip || null });
    ctx.status = 204;
  });
  // The exit beacon (navigator.sendBeacon) arrives as text/plain: koa-body leaves it a string.
  router.post('/api/track-page-view', async (ctx) => {
    const body: unknown = ctx.request.body;
    await tracking.trackPageView(typeof body === 'string' ? safeJson(body) : body);
    ctx.status = 204;
  });
  return router;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
