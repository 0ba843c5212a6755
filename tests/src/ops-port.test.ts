/**
 * Embedded mode's two listeners: the public port serves the product, where `/metrics` is a
 * page of the web client (the admin's screen), and the ops port serves Prometheus text for
 * every service in the process plus the probes. Nothing Prometheus-shaped leaks onto the
 * public port. And its housekeeping: the transient records are swept here as in
 * distributed mode.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqliteStore } from '@citecheck/platform';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';

let server: EmbeddedServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-ops-port-'));
  const web = path.join(dataDir, 'web');
  mkdirSync(web);
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  // A processed-event mark from long ago, and a recent one, left by an earlier run.
  const earlier = createSqliteStore({ dir: dataDir, service: 'ingest' });
  const marks = earlier.collection<{ id: string; at: string }>({ name: 'processed_events' });
  await marks.insert({ id: 'ingest.test:ancient', at: '2020-01-01T00:00:00.000Z' });
  await marks.insert({ id: 'ingest.test:recent', at: new Date().toISOString() });
  await earlier.close();
  server = await startEmbedded({ port: 0, env: { DATA_DIR: dataDir, WEB_DIST: web, LOG_LEVEL: 'silent' } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('/metrics on the public port is the web client, not Prometheus', async () => {
  const response = await fetch(`${server.url}/metrics`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  const body = await response.text();
  expect(body).toContain('<div id="root">');
  expect(body).not.toContain('# TYPE');
});

test('the ops port serves every service registry as Prometheus text, and the probes', async () => {
  expect(server.opsPort).not.toBe(server.port);
  await fetch(`${server.url}/api/auth/status`);
  const response = await fetch(`${server.opsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  expect(text).toContain('# TYPE http_requests_total counter');
  expect(text).toMatch(/http_requests_total\{[^}]*route="\/api\/auth\/status"[^}]*service="gateway"\} 1/);
  expect(text).toContain('process_resident_memory_bytes');
  expect((await fetch(`${server.opsUrl}/healthz`)).status).toBe(200);
  expect((await fetch(`${server.opsUrl}/readyz`)).status).toBe(200);
  // The ops port is not a second way into the product.
  expect((await fetch(`${server.opsUrl}/api/auth/status`)).status).toBe(404);
});

test('old processed-event marks are swept at start, recent ones kept', async () => {
  const store = createSqliteStore({ dir: dataDir, service: 'ingest' });
  try {
    const marks = store.collection<{ id: string; at: string }>({ name: 'processed_events' });
    const deadline = Date.now() + 10_000;
    while ((await marks.get('ingest.test:ancient')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await marks.get('ingest.test:ancient')).toBeNull();
    expect(await marks.get('ingest.test:recent')).not.toBeNull();
  } finally {
    await store.close();
  }
});
