import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventEnvelope } from '@citecheck/proto';
import { createHttpApp } from './http/app';
import { closeServer, listen } from './http/lifecycle';
import type { Bus, Ports } from './ports';
import { selfTestRoutes, SELFTEST_CALLS_PER_MINUTE } from './self-test';
import { failingStore } from './testing/failing-store';
import { localPorts } from './testing/ports';
import { waitFor } from './testing/wait';

let dir: string;
let ports: Ports;
let server: Server | undefined;
let heard: EventEnvelope[];

async function serve(over: Partial<Ports> = {}): Promise<string> {
  const app = createHttpApp({ service: 'ingest', ports: { ...ports, ...over }, routes: [selfTestRoutes({ ...ports, ...over })] });
  server = await listen(app, 0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (base: string, body: unknown) =>
  fetch(`${base}/internal/selftest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'selftest-'));
  ports = localPorts('ingest', { dataDir: dir });
  heard = [];
  await ports.bus.subscribe('pipeline.progress', 'progress', async (event) => void heard.push(event));
});

afterEach(async () => {
  if (server) await closeServer(server);
  server = undefined;
  await ports.bus.close();
  await ports.store.close();
  rmSync(dir, { recursive: true, force: true });
});

it('writes, reads back and deletes a record, then publishes progress for the test’s own session', async () => {
  const base = await serve();
  const response = await post(base, { nonce: 'helm-test-0001' });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ service: 'ingest', store: 'ok', bus: 'published', sessionId: 'selftest-helm-test-0001' });
  await waitFor(() => heard.length === 1, 'the progress message', 5000);
  expect(heard[0].payload).toEqual({ sessionId: 'selftest-helm-test-0001', step: 'start', message: 'ingest: store and bus answer', progress: 0 });
  // Nothing is left behind in the service's store.
  expect(await ports.store.collection({ name: 'selftest' }).find({})).toEqual([]);
});

it('a store that does not answer: 503 naming the step, and nothing published', async () => {
  const failing = failingStore(ports.store);
  failing.down = true;
  const base = await serve({ store: failing.store });
  const response = await post(base, { nonce: 'helm-test-0002' });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ message: 'ingest could not write and read back a record in its store', error: 'selftest_store' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(heard).toEqual([]);
});

it('a bus that refuses the message: 503 naming the step', async () => {
  const refusing: Bus = { ...ports.bus, publish: async () => Promise.reject(new Error('TOPIC_AUTHORIZATION_FAILED')) };
  const base = await serve({ bus: refusing });
  const response = await post(base, { nonce: 'helm-test-0003' });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ message: 'ingest could not publish to pipeline.progress', error: 'selftest_bus' });
});

it('refuses a nonce that is not one, and more than its calls a minute', async () => {
  const base = await serve();
  for (const body of [{}, { nonce: 'short' }, { nonce: 'a'.repeat(65) }, { nonce: '../../etc' }]) {
    expect((await post(base, body)).status).toBe(400);
  }
  // Not a JSON object at all: refused before it reaches the route.
  expect((await post(base, 'text')).status).toBe(400);
  const statuses: number[] = [];
  for (let i = 0; i < SELFTEST_CALLS_PER_MINUTE; i++) statuses.push((await post(base, { nonce: `helm-test-${String(i).padStart(4, '0')}` })).status);
  // The four refused nonces counted too: the limit is on calls, whatever they carry.
  expect(statuses.filter((s) => s === 200)).toHaveLength(SELFTEST_CALLS_PER_MINUTE - 4);
  expect(statuses.filter((s) => s === 429)).toHaveLength(4);
});
