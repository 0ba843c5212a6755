/**
 * The Koa app every service (and the embedded host) serves: request ids, an access log,
 * HTTP metrics, JSON errors, body parsing, `/healthz`, `/readyz`, the service's routes and
 * optionally its GraphQL subgraph. Prometheus text is not served here but on the ops port
 * (`createOpsApp`, OPS_PORT), which shares this app's probes and readiness: on the public
 * port `/metrics` is a page of the web client.
 *
 *   const app = createHttpApp({ service: 'identity', ports, routes: module.routes,
 *     health: { identity: module.health }, graphqlSchema: buildSubgraph(module.typeDefs, module.resolvers) });
 *   const server = await listen(app, config.PORT);
 *   const ops = await listen(createOpsApp(app, [ports.metrics]), config.OPS_PORT);
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@citecheck/proto';
import Router from '@koa/router';
import type { GraphQLSchema } from 'graphql';
import Koa, { type Context, type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { Logger } from 'pino';
import { Counter, Histogram, type Registry } from 'prom-client';
import { mergedMetrics, metricsContentType } from '../metrics';
import type { Ports } from '../ports';
import { CORRELATION_ID, withCorrelationId } from '../correlation';
import { clientIp, isTrustedPeer, trustList } from './client-ip';
import { mountGraphql } from './graphql';
import { requestGuard } from './request-guard';

export interface ComponentHealth {
  ok: boolean;
  details?: Record<string, unknown>;
}

export type HealthCheck = () => Promise<ComponentHealth>;

export interface HttpAppOptions {
  service: string;
  ports: Pick<Ports, 'logger' | 'metrics'>;
  routes?: Router | Router[];
  /** Named component checks for `/healthz` (a service module's `health`, the store, ...). */
  health?: Record<string, HealthCheck>;
  /**
   * Checks `/readyz` runs on top of `health`: what a replica needs to serve (the store, its
   * consumers) but whose absence a restart would not cure, so liveness must not see it.
   */
  readiness?: Record<string, HealthCheck>;
  graphqlSchema?: GraphQLSchema;
  graphqlContext?: (ctx: Context) => object | Promise<object>;
  /** Largest JSON/form/text body accepted (default 1mb). Upload routes parse multipart themselves. */
  bodyLimit?: string;
  /** Checks run by `/healthz` time out after this long (default 2 s). */
  healthTimeoutMs?: number;
  /** CIDRs of the proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES); default none. */
  trustedProxies?: readonly string[];
  /**
   * The public edge only (the gateway, the embedded host): refuse cross-site state changes and
   * form bodies, and set security headers (request-guard.ts). `allowedOrigins`: PUBLIC_URL.
   */
  edge?: { allowedOrigins: readonly string[] };
}

export type HttpApp = Koa & {
  /** `/readyz` answers 503 while false: before start-up completes and once shutdown begins. */
  setReady(ready: boolean): void;
  /** The `/healthz` and `/readyz` routes, which the ops app serves too. */
  probes: Router;
};

/** Koa's state for every request: its id and a logger that carries it. */
export interface RequestState {
  requestId: string;
  logger: Logger;
}

/**
 * Every request gets an id, which is also its correlation id (correlation.ts): set for the
 * log lines and the events of everything the request does, and returned to the browser as
 * X-Request-Id and X-Correlation-Id. An id sent by a trusted proxy (TRUSTED_PROXIES: the
 * ingress, the gateway in front of a service) is kept, so one request can be followed across
 * hops; a client's own is not believed, and anything odd is replaced rather than echoed into
 * logs and headers.
 */
function requestIds(logger: Logger, trustedProxies: readonly string[]): Middleware {
  const trust = trustList(trustedProxies);
  return async (ctx, next) => {
    const incoming = ctx.get('x-correlation-id') || ctx.get('x-request-id');
    const fromProxy = isTrustedPeer(ctx.req.socket.remoteAddress, trust);
    const requestId = fromProxy && CORRELATION_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.logger = logger.child({ requestId });
    ctx.set('x-request-id', requestId);
    ctx.set('x-correlation-id', requestId);
    await withCorrelationId(requestId, next);
  };
}

function metric<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

function accessLogAndMetrics(registry: Registry): Middleware {
  const requests = metric(
    registry,
    'http_requests_total',
    () => new Counter({ name: 'http_requests_total', help: 'HTTP requests by route and status', labelNames: ['method', 'route', 'status'], registers: [registry] }),
  );
  const duration = metric(
    registry,
    'http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'HTTP request duration by route',
        labelNames: ['method', 'route'],
        buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers: [registry],
      }),
  );
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The route pattern, not the path: `/api/documents/:id` is one series, not one per id.
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      requests.inc({ method: ctx.method, route: String(route), status: String(ctx.status) });
      duration.observe({ method: ctx.method, route: String(route) }, seconds);
      const probe = ctx.path === '/healthz' || ctx.path === '/readyz';
      // The path only: query strings can carry tokens (password-reset links).
      (ctx.state.logger as Logger)[probe ? 'debug' : 'info'](
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(seconds * 1000) },
        'request',
      );
    }
  };
}

const BODY_ERRORS: Record<number, { message: string; error: string }> = {
  400: { message: 'Invalid request body', error: 'bad_request' },
  413: { message: 'Request body too large', error: 'payload_too_large' },
  415: { message: 'Unsupported media type', error: 'unsupported_media_type' },
};

function jsonErrors(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { message: 'Not found', error: 'not_found' };
      }
    } catch (err) {
      const logger = ctx.state.logger as Logger;
      const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
      if (err instanceof ApiError) {
        if (err.status >= 500) logger.error({ err }, 'request failed');
        ctx.status = err.status;
        ctx.body = err.toBody();
      } else if (typeof status === 'number' && status >= 400 && status < 500 && (err as { expose?: boolean }).expose !== false) {
        // Client errors raised by the body parser or `ctx.throw(4xx)`: safe to describe.
        const known = BODY_ERRORS[status];
        logger.info({ status, reason: (err as Error).message }, 'client error');
        ctx.status = status;
        // The reason goes to the log only: a parser's message can quote what the client sent.
        ctx.body = known ?? { message: 'Bad request', error: 'client_error' };
      } else {
        logger.error({ err }, 'request failed');
        ctx.status = 500;
        ctx.body = { message: 'Internal server error', error: 'internal' };
      }
    }
  };
}

async function runCheck(check: HealthCheck, timeoutMs: number, logger: Logger, name: string): Promise<ComponentHealth> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<ComponentHealth>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, details: { error: 'timed out' } }), timeoutMs);
      }),
    ]);
  } catch (err) {
    // The cause goes to the log; the probe only says the check failed (errors can carry URLs with credentials).
    logger.warn({ err, component: name }, 'health check failed');
    return { ok: false, details: { error: 'check failed' } };
  } finally {
    clearTimeout(timer);
  }
}

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { logger, metrics } = options.ports;
  const app = new Koa() as HttpApp;
  // Koa's own proxy mode believes any X-Forwarded-For; clientIp believes only configured proxies.
  app.proxy = false;
  let ready = true;
  app.setReady = (value: boolean) => {
    ready = value;
  };

  app.use(clientIp(options.trustedProxies ?? []));
  app.use(requestIds(logger, options.trustedProxies ?? []));
  app.use(accessLogAndMetrics(metrics));
  if (options.edge) app.use(requestGuard(options.edge));
  app.use(jsonErrors());
  app.use(
    koaBody({
      json: true,
      urlencoded: true,
      text: true,
      multipart: false,
      jsonLimit: options.bodyLimit ?? '1mb',
      formLimit: options.bodyLimit ?? '1mb',
      textLimit: options.bodyLimit ?? '1mb',
      // Webhook signatures (Stripe) are computed over the raw bytes.
      includeUnparsed: true,
    }),
  );

  const probes = new Router();
  const healthTimeoutMs = options.healthTimeoutMs ?? 2000;
  const checkAll = async () => {
    const entries = await Promise.all(
      Object.entries(options.health ?? {}).map(async ([name, check]) => [name, await runCheck(check, healthTimeoutMs, logger, name)] as const),
    );
    const components = Object.fromEntries(entries.map(([name, result]) => [name, { ok: result.ok, ...result.details }]));
    return { ok: entries.every(([, result]) => result.ok), components };
  };
  probes.get('/healthz', async (ctx) => {
    const { ok, components } = await checkAll();
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'error', service: options.service, components };
  });
  const checkReadiness = async () => {
    const entries = await Promise.all(
      Object.entries({ ...options.health, ...options.readiness }).map(async ([name, check]) => [name, await runCheck(check, healthTimeoutMs, logger, name)] as const),
    );
    return { ok: entries.every(([, result]) => result.ok), failing: entries.filter(([, result]) => !result.ok).map(([name]) => name) };
  };
  probes.get('/readyz', async (ctx) => {
    // The checks run even while starting or stopping, so the probe says what is still missing.
    const { ok, failing } = await checkReadiness();
    ctx.status = ready && ok ? 200 : 503;
    ctx.body = { status: ready && ok ? 'ready' : 'not ready', ...(failing.length ? { failing } : {}) };
  });
  app.probes = probes;
  app.use(probes.routes());
  app.use(probes.allowedMethods());

  const system = new Router();
  if (options.graphqlSchema) {
    mountGraphql(system, options.graphqlSchema, { logger, context: options.graphqlContext });
  }
  app.use(system.routes());
  app.use(system.allowedMethods());

  for (const router of Array.isArray(options.routes) ? options.routes : options.routes ? [options.routes] : []) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}

/**
 * The ops port's app (OPS_PORT): Prometheus text at `/metrics` for `registries` (with the
 * process metrics), and the web app's own `/healthz` and `/readyz`, which the orchestrator's
 * probes call here. Kept apart from the web port so that scrapes and probes neither pass the
 * public edge nor count in its request metrics, and `/metrics` there can be a page. With a
 * `metricsToken` (METRICS_TOKEN) `/metrics` answers only that bearer token.
 */
export function createOpsApp(web: HttpApp, registries: Registry[], options: { metricsToken?: string } = {}): Koa {
  const ops = new Koa();
  ops.proxy = false;
  const router = new Router();
  const expected = options.metricsToken ? createHash('sha256').update(`Bearer ${options.metricsToken}`).digest() : null;
  router.get('/metrics', async (ctx) => {
    // METRICS_TOKEN: a scraper sends it as a bearer token; compared in constant time.
    if (expected && !timingSafeEqual(createHash('sha256').update(ctx.get('authorization')).digest(), expected)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = { message: 'Unauthorized', error: 'unauthorized' };
      return;
    }
    ctx.type = metricsContentType;
    ctx.body = await mergedMetrics(registries);
  });
  ops.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.body = { message: 'Not found', error: 'not_found' };
      ctx.status = 404; // setting a body makes it 200
    }
  });
  ops.use(router.routes());
  ops.use(router.allowedMethods());
  ops.use(web.probes.routes());
  ops.use(web.probes.allowedMethods());
  return ops;
}
