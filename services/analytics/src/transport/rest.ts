/**
 * Analytics' REST routes: SPEC.md's tracker paths. The tracker never reads the answer, so a
 * recorded visit is a bare 204; a malformed record is a 400 (ApiError) for anyone debugging.
 */
import Router, { type RouterContext } from '@koa/router';
import { requireInternalToken, type RateLimiter } from '@citecheck/platform';
import { INTERNAL_TOKEN_HEADER } from '@citecheck/proto';
import type { AdminUseCases } from '../app/admin';
import type { TrackingUseCases } from '../app/track-visitors';

/** The gateway's start-up read of the blacklist (distributed mode). */
export const BLACKLIST_INTERNAL_PATH = '/internal/analytics/blacklist';

const callerOf = (ctx: RouterContext) => ({ authorization: ctx.get('authorization') || null, cookie: ctx.get('cookie') || null, ip: ctx.ip || null });

/**
 * The tracker's calls per client address a minute (TRACKING_RATE_LIMIT): a visitor's tab makes a
 * few; past the limit the call is answered 429 and nothing is stored.
 */
async function withinTrackingLimit(limiter: RateLimiter | undefined, ctx: RouterContext): Promise<boolean> {
  if (!limiter || (await limiter.hit(ctx.ip || 'unknown'))) return true;
  ctx.status = 429;
  ctx.body = { message: 'Too many requests. Please wait a minute and try again.', error: 'rate_limited' };
  return false;
}

export function trackingRoutes(tracking: TrackingUseCases, admin: AdminUseCases, internalToken?: string, trackingLimiter?: RateLimiter): Router {
  const router = new Router();
  router.get('/api/metrics', async (ctx) => {
    ctx.body = await admin.usageMetrics(callerOf(ctx));
  });
  router.get('/api/metrics/stats', async (ctx) => {
    ctx.body = await admin.stats(callerOf(ctx));
  });
  // SPEC's blacklist paths: the same use cases as `blacklist`, `blockIp` and `unblockIp`.
  router.get('/api/admin/blacklist', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await admin.blacklist(callerOf(ctx));
  });
  router.post('/api/admin/blacklist/add', async (ctx) => {
    const blockedIp = await admin.blockIp(callerOf(ctx), ctx.request.body);
    ctx.body = { success: true, message: 'IP Blocked', ...blockedIp };
  });
  router.post('/api/admin/blacklist/remove', async (ctx) => {
    ctx.body = await admin.unblockIp(callerOf(ctx), ctx.request.body);
  });
  // Never public: the gateway sends the shared INTERNAL_TOKEN; without one configured it is a 404.
  router.get(BLACKLIST_INTERNAL_PATH, async (ctx) => {
    requireInternalToken(ctx.get(INTERNAL_TOKEN_HEADER), internalToken);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { blockedAddresses: await admin.blockedAddresses() };
  });
  // SPEC's admin path: the same use case as the `visitorAnalytics` GraphQL field.
  router.get('/api/admin/visitor-analytics', async (ctx) => {
    const query = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : null);
    ctx.body = await admin.visitorAnalytics(
      callerOf(ctx),
      { startDate: query('startDate'), endDate: query('endDate') },
    );
  });
  router.post('/api/track-visitor', async (ctx) => {
    if (!(await withinTrackingLimit(trackingLimiter, ctx))) return;
    await tracking.trackVisitor(ctx.request.body, { userAgent: ctx.get('user-agent') || null, ip: ctx.ip || null });
    ctx.status = 204;
  });
  // The exit beacon (navigator.sendBeacon) arrives as text/plain: koa-body leaves it a string.
  router.post('/api/track-page-view', async (ctx) => {
    if (!(await withinTrackingLimit(trackingLimiter, ctx))) return;
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
