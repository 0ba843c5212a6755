/**
 * Optional traces: a service started with OTEL_EXPORTER_OTLP_ENDPOINT sends the spans of a
 * request to that OTLP/HTTP endpoint (here a receiver this test runs), and without it the
 * OpenTelemetry SDK is not loaded at all.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, until } from './pipeline-harness';
import { ROOT as root, localDistributedEnv, sigterm, startProcess, untilReady, type Started } from './support/processes';

interface OtlpSpan {
  name: string;
  kind: number;
  traceId: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

let receiver: Server;
let receiverUrl: string;
const exports: { path: string; contentType: string; body: OtlpExport }[] = [];
let identity: Started | undefined;
let dataDir: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      exports.push({ path: request.url ?? '', contentType: String(request.headers['content-type']), body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as OtlpExport });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-tracing-'));
});

afterAll(async () => {
  if (identity) await sigterm(identity);
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test('a service exports the spans of a request to the OTLP endpoint when one is set', async () => {
  const port = await freePort();
  identity = startProcess('services/identity/src/main.ts', {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...localDistributedEnv(dataDir),
      PORT: String(port),
      INTERNAL_TOKEN: 'tracing-test-internal-token-0123456789',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await untilReady(identity, `${base}/readyz`);

  const response = await fetch(`${base}/api/auth/status`);
  expect(response.status).toBe(200);
  const spans = await until(
    'spans of GET /api/auth/status at the receiver',
    async () => {
      const all = exports.flatMap((e) => e.body.resourceSpans ?? []).flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ span, resource: r.resource }))));
      const server = all.filter(({ span }) => span.kind === 2 && span.attributes.some((a) => String(a.value.stringValue ?? '').includes('/api/auth/status')));
      return server.length > 0 ? { all, server } : null;
    },
    15_000,
    100,
  );
  expect(exports[0].path).toBe('/v1/traces');
  expect(exports[0].contentType).toContain('application/json');
  const [{ span, resource }] = spans.server;
  expect(resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'citecheck-identity' } });
  // Koa's spans for the same request join its trace.
  expect(spans.all.filter(({ span: other }) => other.traceId === span.traceId).length).toBeGreaterThan(1);
  // Probes are not traced.
  expect(spans.all.some(({ span: other }) => other.attributes.some((a) => String(a.value.stringValue ?? '').includes('/readyz')))).toBe(false);
}, 120_000);

test('without an endpoint the OpenTelemetry SDK is not loaded', () => {
  const script = `
    const { startTracing } = require('./packages/platform/src/tracing.ts');
    startTracing('identity', undefined).then((tracing) => {
      const loaded = Object.keys(require.cache).filter((file) => /@opentelemetry[\\\\/](sdk-trace|instrumentation|exporter)/.test(file));
      console.log(JSON.stringify({ enabled: tracing.enabled, loaded }));
    });
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8', env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' } });
  expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ enabled: false, loaded: [] });
});
