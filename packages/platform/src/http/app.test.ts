import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@citecheck/proto';
import Router from '@koa/router';
import { createLogger } from '../logger';
import { createMetricsRegistry } from '../metrics';
import { createHttpApp, createOpsApp, type HttpApp, type HttpAppOptions } from './app';
import { buildSubgraph } from './graphql';
import { closeServer, listen } from './lifecycle';
import { logLines } from '../testing/logs';

function capturedLogger() {
  const { lines, stream } = logLines();
  return { lines, logger: createLogger('test', 'debug', stream) };
}

const typeDefs = `#graphql
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
  type Document @key(fields: "id") { id: ID! status: String! }
  type Query { document(id: ID!): Document  whoami: String }
`;

describe('createHttpApp', () => {
  let server: Server;
  let base: string;
  let opsServer: Server;
  let ops: string;
  let app: HttpApp;
  let lines: Record<string, unknown>[];
  let healthy = true;

  async function start(extra: Partial<HttpAppOptions> = {}) {
    const captured = capturedLogger();
    lines = captured.lines;
    const routes = new Router();
    routes.get('/api/fail/user', () => {
      throw new ApiError(402, 'Report limit reached', 'limit_reached', { reportsUsed: 3, reportLimit: 3 });
    });
    routes.get('/api/fail/bug', () => {
      throw new Error('connection string mongodb://admin:s3cret@db broke');
    });
    routes.post('/api/echo', (ctx) => {
      ctx.body = { got: ctx.request.body };
    });
    routes.get('/api/log', async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      captured.logger.info('deep in a use case');
      ctx.body = {};
    });
    routes.get('/api/documents/:id', (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    const resolvers = {
      Query: {
        document: (_: unknown, { id }: { id: string }) => {
          if (id === 'missing') throw new ApiError(404, 'Document not found', 'not_found');
          if (id === 'bug') throw new Error('driver exploded at 10.0.0.7');
          return { id, status: 'validated' };
        },
        whoami: (_: unknown, __: unknown, context: { user: string }) => context.user,
      },
    };
    const metrics = createMetricsRegistry('test');
    app = createHttpApp({
      service: 'test',
      ports: { logger: captured.logger, metrics },
      routes,
      health: { store: async () => ({ ok: healthy, details: { backlog: 2 } }) },
      graphqlSchema: buildSubgraph(typeDefs, resolvers),
      graphqlContext: (ctx) => ({ user: ctx.get('x-user') || 'anonymous' }),
      bodyLimit: '1kb',
      ...extra,
    });
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    opsServer = await listen(createOpsApp(app, [metrics]), 0, '127.0.0.1');
    ops = `http://127.0.0.1:${(opsServer.address() as AddressInfo).port}`;
  }

  beforeEach(async () => {
    healthy = true;
    await start();
  });
  afterEach(async () => {
    await closeServer(server);
    await closeServer(opsServer);
  });

  it('keeps a well-formed request id from a trusted proxy, makes one up otherwise, and returns it as the correlation id', async () => {
    // Not a trusted proxy: the caller's own id is not believed.
    const untrusted = await fetch(`${base}/api/documents/d1`, { headers: { 'x-request-id': 'req-123' } });
    expect(untrusted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(untrusted.headers.get('x-correlation-id')).toBe(untrusted.headers.get('x-request-id'));

    await closeServer(server);
    await closeServer(opsServer);
    await start({ trustedProxies: ['127.0.0.1'] });
    const kept = await fetch(`${base}/api/documents/d1`, { headers: { 'x-request-id': 'req-123' } });
    expect(kept.headers.get('x-request-id')).toBe('req-123');
    expect(kept.headers.get('x-correlation-id')).toBe('req-123');
    expect(await kept.json()).toEqual({ id: 'd1' });
    const correlated = await fetch(`${base}/api/documents/d1`, { headers: { 'x-correlation-id': 'corr-9' } });
    expect(correlated.headers.get('x-correlation-id')).toBe('corr-9');
    const made = await fetch(`${base}/api/documents/d1`, { headers: { 'x-request-id': 'bad id\twith tab' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.requestId === 'req-123' && l.msg === 'request')).toMatchObject({ path: '/api/documents/d1', status: 200, correlationId: 'req-123' });
  });

  it('writes the correlation id on every line logged while handling the request', async () => {
    const response = await fetch(`${base}/api/log`);
    const id = response.headers.get('x-correlation-id');
    expect(id).toBeTruthy();
    // Logged through the service's own logger, not the request's child: the id still comes along.
    expect(lines.find((l) => l.msg === 'deep in a use case')).toMatchObject({ correlationId: id });
  });

  it('renders an ApiError with its status and body', async () => {
    const response = await fetch(`${base}/api/fail/user`);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: 'Report limit reached', error: 'limit_reached', reportsUsed: 3, reportLimit: 3 });
  });

  it('answers an unexpected error with a generic 500 and logs the cause', async () => {
    const response = await fetch(`${base}/api/fail/bug`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error', error: 'internal' });
    expect(text).not.toContain('s3cret');
    const logged = lines.find((l) => l.msg === 'request failed');
    expect((logged?.err as { message: string }).message).toContain('broke');
  });

  it('maps body parser failures to 413 and 400 JSON bodies', async () => {
    const big = await fetch(`${base}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(5000) }) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'Request body too large', error: 'payload_too_large' });
    const broken = await fetch(`${base}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'Invalid request body', error: 'bad_request' });
    const fine = await fetch(`${base}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await fine.json()).toEqual({ got: { a: 1 } });
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await fetch(`${base}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', error: 'not_found' });
  });

  it('reports health per component, 503 when one is down', async () => {
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', service: 'test', components: { store: { ok: true, backlog: 2 } } });
    healthy = false;
    const down = await fetch(`${base}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'error', components: { store: { ok: false } } });
  });

  it('hides why a health check threw, and times out a hanging one', async () => {
    await closeServer(server);
    await start({
      health: {
        broken: async () => {
          throw new Error('mongodb://user:pw@host unreachable');
        },
        hanging: () => new Promise(() => undefined),
      },
      healthTimeoutMs: 50,
    });
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(text).not.toContain('pw@host');
    expect(JSON.parse(text).components).toEqual({ broken: { ok: false, error: 'check failed' }, hanging: { ok: false, error: 'timed out' } });
  });

  it('is ready until told otherwise', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    app.setReady(false);
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not ready' });
  });

  it('serves Prometheus metrics with per-route request counts on the ops port only', async () => {
    await fetch(`${base}/api/documents/d1`);
    await fetch(`${base}/api/documents/d2`);
    const response = await fetch(`${ops}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('http_requests_total{method="GET",route="/api/documents/:id",status="200",service="test"} 2');
    expect(text).toContain('process_cpu_user_seconds_total');
    // The public port has no Prometheus page: there /metrics belongs to the web client.
    const web = await fetch(`${base}/metrics`);
    expect(web.status).toBe(404);
    expect(await web.text()).not.toContain('# TYPE');
    // Scrapes do not count as requests of the service.
    expect(await (await fetch(`${ops}/metrics`)).text()).not.toContain('route="/metrics"');
  });

  it('answers the probes on the ops port with the web app readiness', async () => {
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    expect((await fetch(`${ops}/readyz`)).status).toBe(200);
    app.setReady(false);
    expect((await fetch(`${ops}/readyz`)).status).toBe(503);
    healthy = false;
    const health = await fetch(`${ops}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ service: 'test', components: { store: { ok: false } } });
    expect((await fetch(`${ops}/nope`)).status).toBe(404);
  });

  it('serves the GraphQL subgraph over POST and GET, with context from the request', async () => {
    const post = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'ada' },
      body: JSON.stringify({ query: '{ document(id: "d1") { id status } whoami }' }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ data: { document: { id: 'd1', status: 'validated' }, whoami: 'ada' } });

    const get = await fetch(`${base}/graphql?query=${encodeURIComponent('{ _service { sdl } }')}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(get.status).toBe(200);
    expect(((await get.json()) as { data: { _service: { sdl: string } } }).data._service.sdl).toContain('type Document');
  });

  it('shows an ApiError from a resolver and masks anything else', async () => {
    const query = async (id: string) =>
      (await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ document(id: "${id}") { id } }` }),
      }).then((r) => r.json())) as { errors: { message: string; extensions: Record<string, unknown> }[] };
    const missing = await query('missing');
    expect(missing.errors[0].message).toBe('Document not found');
    expect(missing.errors[0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const bug = await query('bug');
    expect(bug.errors[0].message).toBe('Internal server error');
    expect(JSON.stringify(bug)).not.toContain('10.0.0.7');
    expect(lines.some((l) => l.msg === 'graphql resolver failed')).toBe(true);
  });
});
