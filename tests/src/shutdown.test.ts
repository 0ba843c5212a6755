/**
 * Distributed mode's processes start, report readiness and stop the way Kubernetes expects:
 * the gateway is ready on its own (no backend needed), each service and the gateway exit 0
 * within a second of SIGTERM when idle, and a request in flight at SIGTERM is answered before
 * the gateway exits. The children run with NODE_ENV=production, as in the image, since
 * libraries (Apollo Server) install their own signal handlers only outside tests.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import { buildSubgraph, mountGraphql } from '@citecheck/platform';
import { SUPERGRAPH_PATH } from '../../gateway/src/compose';
import { createGraphqlGateway } from '../../gateway/src/graphql-gateway';
import { SERVICE_NAMES } from '../../gateway/src/services';
import { freePort } from './pipeline-harness';
import { gatewayRoutes, localDistributedEnv, serviceUrls, sigterm, startProcess, untilReady, type Started } from './support/processes';

let dataDir: string;
const children: Started[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-shutdown-'));
});

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Listening extends Started {
  url: string;
}

function start(entry: string, port: number, env: Record<string, string>): Listening {
  const started = startProcess(entry, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...localDistributedEnv(path.join(dataDir, path.basename(path.dirname(path.dirname(entry))))),
      INTERNAL_TOKEN: 'shutdown-test-internal-token',
      IDENTITY_URL: 'http://127.0.0.1:9',
      PORT: String(port),
      ...env,
    },
  });
  children.push(started);
  return { ...started, url: `http://127.0.0.1:${port}` };
}

const ready = (started: Listening) => untilReady(started, `${started.url}/readyz`);

/** Addresses nothing listens on: the backends are all down. */
const deadUrls = serviceUrls;

describe('no library takes SIGTERM from the process', () => {
  // Apollo Server stops itself on SIGTERM and re-sends the signal, outside tests only: that
  // races the process's own drain, which must decide the order (unready, HTTP, consumers...).
  const saved = process.env.NODE_ENV;
  beforeAll(() => {
    process.env.NODE_ENV = 'production';
  });
  afterAll(() => {
    process.env.NODE_ENV = saved;
  });

  it('a service subgraph and the federated gateway add no signal handler', async () => {
    const before = { SIGTERM: process.listenerCount('SIGTERM'), SIGINT: process.listenerCount('SIGINT') };
    const schema = buildSubgraph('type Query { ping: String }', { Query: { ping: () => 'pong' } });
    const subgraph = mountGraphql(new Router(), schema);
    const gateway = await createGraphqlGateway(readFileSync(SUPERGRAPH_PATH, 'utf8'), {
      kind: 'local',
      schemas: Object.fromEntries(SERVICE_NAMES.map((name) => [name, schema])),
    });
    // Give mountGraphql's background start a turn to install whatever it installs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = { SIGTERM: process.listenerCount('SIGTERM'), SIGINT: process.listenerCount('SIGINT') };
    await subgraph.stop();
    await gateway.stop();
    expect(after).toEqual(before);
  });
});

describe('the gateway with every backend down', () => {
  let gateway: Listening;
  let gatewayOps: string;

  beforeAll(async () => {
    const opsPort = await freePort();
    gateway = start('gateway/src/main.ts', await freePort(), { ...gatewayRoutes(await deadUrls()), OPS_PORT: String(opsPort) });
    gatewayOps = `http://127.0.0.1:${opsPort}`;
    await ready(gateway);
  }, 120_000);

  it('is ready: its readiness is its own', async () => {
    const response = await fetch(`${gateway.url}/readyz`);
    expect(response.status).toBe(200);
  });

  it('reports each backend in /healthz and as a metric, without failing', async () => {
    const health = await fetch(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { components: { backends: Record<string, unknown> } };
    for (const name of SERVICE_NAMES) expect(body.components.backends[name]).toMatchObject({ ready: false });
    const metrics = await (await fetch(`${gatewayOps}/metrics`)).text();
    for (const name of SERVICE_NAMES) expect(metrics).toMatch(new RegExp(`citecheck_gateway_backend_ready\\{[^}]*backend="${name}"[^}]*\\} 0`));
    // Prometheus reads the ops port only: on the public port /metrics is a page of the web client.
    expect(await (await fetch(`${gateway.url}/metrics`)).text()).not.toContain('citecheck_gateway_backend_ready');
  });

  it('answers a GraphQL query for a missing subgraph with an error for that field, not a crash', async () => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ billingHealth { service ok } }' }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    expect(body.errors?.length).toBeGreaterThan(0);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
  });

  it('exits 0 within 1 s of SIGTERM', async () => {
    const exit = await sigterm(gateway);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.ms).toBeLessThan(1000);
  });
});

describe('each service, idle', () => {
  it.each(SERVICE_NAMES)(
    '%s exits 0 within 1 s of SIGTERM',
    async (name) => {
      const service = start(`services/${name}/src/main.ts`, await freePort(), {});
      await ready(service);
      const exit = await sigterm(service);
      expect({ exit, output: exit.code === 0 ? '' : service.output() }).toMatchObject({ exit: { code: 0, signal: null }, output: '' });
      expect(exit.ms).toBeLessThan(1000);
    },
    120_000,
  );
});

describe('the gateway with a request in flight', () => {
  let slowSubgraph: Server;
  afterAll(() => slowSubgraph?.close());

  it('answers it before exiting, within the grace period', async () => {
    // A subgraph that takes 1.5 s to answer billingHealth.
    const slowPort = await freePort();
    slowSubgraph = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        setTimeout(() => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ data: { billingHealth: { service: 'billing', ok: true } } }));
        }, 1500),
      );
    });
    await new Promise<void>((resolve) => slowSubgraph.listen(slowPort, '127.0.0.1', resolve));
    const urls = await deadUrls();
    const gateway = start(
      'gateway/src/main.ts',
      await freePort(),
      gatewayRoutes(urls, { ...urls, billing: `http://127.0.0.1:${slowPort}` }),
    );
    await ready(gateway);

    const inFlight = fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ billingHealth { service ok } }' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exit = sigterm(gateway);
    const response = await inFlight;
    expect(await response.json()).toEqual({ data: { billingHealth: { service: 'billing', ok: true } } });
    expect(await exit).toMatchObject({ code: 0, signal: null });
    expect((await exit).ms).toBeLessThan(20_000);
  }, 120_000);
});
