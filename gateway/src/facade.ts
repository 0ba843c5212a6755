import type Koa from 'koa';
import type { Logger } from 'pino';
import Router from '@koa/router';
import type { ServiceModule } from '@citecheck/platform';
import type { ServiceName } from './services';

/**
 * The REST facade keeps SPEC.md's `/api` paths. Each service owns its routes; this table says
 * which service owns which path, so the distributed gateway can proxy a request to the
 * right service. A test checks it against every route the services really declare.
 */
export const ROUTE_OWNERS: ReadonlyArray<readonly [RegExp, ServiceName]> = [
  // The public API, before SPEC's paths: `/api/v1/documents` is ingest's, checks and `/mcp` validation's.
  [/^\/api\/v1\/documents(\/|$)/, 'ingest'],
  [/^\/api\/v1\/(check$|citations\/)/, 'validation'],
  [/^\/mcp$/, 'validation'],
  [/^\/api\/(auth|register)\//, 'identity'],
  [/^\/api\/(verify-email|apply-coupon|set-coupon-password)$/, 'identity'],
  [/^\/api\/user\/report-usage$/, 'identity'],
  [/^\/api\/admin\/(users(\/|$)|login$|logout$)/, 'identity'],
  [/^\/internal\/identity\//, 'identity'],
  [/^\/api\/(support-inquiry|dev\/outbox)$/, 'notification'],
  [/^\/api\/(documents|reports)\//, 'ingest'],
  [/^\/api\/(usage-stats|user\/documents|admin\/documents)$/, 'ingest'],
  [/^\/api\/(citations\/|case-opinion$)/, 'validation'],
  [/^\/api\/(create-subscription|confirm-subscription|create-account-after-payment|upgrade-account)$/, 'billing'],
  [/^\/api\/(billing|webhooks|stripe)\//, 'billing'],
  [/^\/api\/(metrics|track-visitor|track-page-view)(\/|$)/, 'analytics'],
  [/^\/api\/admin\/(blacklist|visitor-analytics)(\/|$)/, 'analytics'],
  [/^\/internal\/analytics\//, 'analytics'],
];

export function ownerOf(pathname: string): ServiceName | null {
  return ROUTE_OWNERS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/**
 * Service-to-service routes (`/internal/...`) are never served on the public edge: the gateway
 * answers 404 for them before anything else runs, in both modes (embedded mounts the services'
 * routers on the public app; the distributed gateway would proxy them). They guard themselves
 * with INTERNAL_TOKEN too, but a token that leaked or shipped must not be enough from outside.
 * The check reads the path decoded, case-folded and with repeated slashes joined, as the
 * routers behind it could.
 */
export function internalPathsNotFound(): Koa.Middleware {
  return async (ctx, next) => {
    let path = ctx.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // not valid percent-encoding: judged as sent
    }
    if (/^\/+internal(?:[/;]|$)/i.test(path)) {
      ctx.status = 404;
      ctx.body = { message: 'No such endpoint', error: 'not_found' };
      return;
    }
    await next();
  };
}

/** Answers any unclaimed `/api` path with SPEC section 8's error body. */
export function apiNotFound(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && /^\/(api|internal)\//.test(ctx.path)) {
      ctx.status = 404;
      // A fixed sentence: echoing the path would hand a crafted URL's text back to the caller.
      ctx.body = { message: 'No such endpoint', error: 'not_found' };
    }
  };
}

/** Embedded mode: every service's router mounted on the one app, in process. */
export function mountServiceRoutes(app: Koa, modules: ServiceModule[]): void {
  for (const module of modules) app.use(module.routes.routes()).use(module.routes.allowedMethods());
}

/** Hop-by-hop headers a proxy must not forward (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length']);

/**
 * Distributed mode: forwards each `/api` request to the owning service's base URL (uploads are
 * multipart, up to 10 MB, and stream through unread).
 */
export function proxyToServices(serviceUrls: Partial<Record<ServiceName, string>>, timeoutMs = 180_000): Koa.Middleware {
  return async (ctx, next) => {
    const owner = ownerOf(ctx.path);
    if (!owner) return next();
    const base = serviceUrls[owner];
    if (!base) {
      ctx.status = 503;
      ctx.body = { message: `The ${owner} service is not configured (SERVICE_URLS)`, error: 'service_unavailable' };
      return;
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(ctx.req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(key)) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set('x-forwarded-for', ctx.ip);
    headers.set('x-request-id', String(ctx.state.requestId ?? ctx.get('x-request-id') ?? ''));
    // JSON, form and text bodies were already read by the body parser, which keeps the raw
    // text; multipart uploads are left unread and stream straight through.
    const unparsed = (ctx.request as { rawBody?: string }).rawBody;
    const hasBody = !['GET', 'HEAD'].includes(ctx.method);
    const body = !hasBody ? undefined : unparsed !== undefined ? unparsed : ctx.req;
    let response: Response;
    try {
      response = await fetch(`${base}${ctx.path}${ctx.search}`, {
        method: ctx.method,
        headers,
        body: body as RequestInit['body'],
        // Node's fetch needs half-duplex to stream a request body.
        ...(hasBody ? { duplex: 'half' } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      } as RequestInit);
    } catch (error) {
      (ctx.state.logger as Logger | undefined)?.warn({ err: error, owner }, 'proxied request failed');
      ctx.status = 502;
      ctx.body = { message: `The ${owner} service did not answer`, error: 'bad_gateway' };
      return;
    }
    ctx.status = response.status;
    response.headers.forEach((value, key) => {
      if (!HOP_BY_HOP.has(key) && key !== 'content-encoding') ctx.set(key, value);
    });
    ctx.body = Buffer.from(await response.arrayBuffer());
  };
}

/** Routes declared by a router, as `METHOD path` pairs (used to check ROUTE_OWNERS). */
export function declaredRoutes(router: Router): Array<{ methods: string[]; path: string }> {
  return router.stack.map((layer) => ({ methods: layer.methods, path: String(layer.path) }));
}
