/**
 * SIGTERM with an event handler in flight, through the standalone runner: the handler that
 * finishes within the drain is completed and committed (not run again after a restart); one
 * that cannot finish before SHUTDOWN_TIMEOUT_MS is handed back uncommitted and runs again on
 * the next start. Nothing is lost either way. The service is tests/src/support/slow-service.ts
 * on the durable embedded bus, which commits as Kafka does, after the handler.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmbeddedBus } from '@citecheck/platform';
import { createEvent } from '@citecheck/proto';
import { freePort, until } from './pipeline-harness';
import { localDistributedEnv, sigterm, startProcess, untilReady } from './support/processes';
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-drain-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const marks = () => path.join(dataDir, 'marks.txt');
const lines = () => (existsSync(marks()) ? readFileSync(marks(), 'utf8').trim().split('\n').filter(Boolean) : []);

async function startSlowService(slowMs: number, shutdownMs: number) {
  const port = await freePort();
  const service = startProcess('tests/src/support/slow-service.ts', {
    name: 'slow service',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      ...localDistributedEnv(dataDir),
      PORT: String(port),
      OPS_PORT: '0',
      MARKS_FILE: marks(),
      SLOW_HANDLER_MS: String(slowMs),
      SHUTDOWN_TIMEOUT_MS: String(shutdownMs),
    },
  });
  await untilReady(service, `http://127.0.0.1:${port}/readyz`, 60_000);
  return service;
}

async function publishOne(): Promise<string> {
  const bus = createEmbeddedBus({ dir: dataDir });
  const event = createEvent(
    'document.uploaded',
    { documentId: 'doc-1', sessionId: 's', userId: null, filename: 'b.pdf', fileType: 'pdf', size: 1, blobKey: 'u/doc-1', uploadedAt: new Date().toISOString(), userEmail: '', ipAddress: '' },
    'doc-1',
  );
  await bus.publish('document.uploaded', 'doc-1', event);
  await bus.close();
  return event.id;
}

test('a handler that fits in the drain finishes, is committed and is not run again', async () => {
  const first = await startSlowService(1500, 5000);
  const id = await publishOne();
  await until('handler started', async () => lines().includes(`start ${id}`) || null, 20_000, 50);
  const exit = await sigterm(first);
  expect(exit.code).toBe(0);
  expect(exit.ms).toBeLessThan(5000);
  expect(lines()).toEqual([`start ${id}`, `finish ${id}`]);

  const second = await startSlowService(1500, 5000);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(lines()).toEqual([`start ${id}`, `finish ${id}`]);
  expect((await sigterm(second)).code).toBe(0);
}, 120_000);

test('a handler longer than the drain is handed back and runs again after a restart', async () => {
  const first = await startSlowService(4000, 1000);
  const id = await publishOne();
  await until('handler started', async () => lines().includes(`start ${id}`) || null, 20_000, 50);
  const exit = await sigterm(first);
  expect(exit.code).toBe(0);
  expect(exit.ms).toBeLessThan(3000);
  expect(lines()).toEqual([`start ${id}`]);

  const second = await startSlowService(300, 5000);
  await until('handled again', async () => lines().includes(`finish ${id}`) || null, 30_000, 100);
  expect(lines()).toEqual([`start ${id}`, `start ${id}`, `finish ${id}`]);
  expect((await sigterm(second)).code).toBe(0);
}, 120_000);
