/**
 * Finding 1, account takeover through the dev outbox: the outbox holds every verification,
 * sign-in and reset link, so anyone who can read it owns every account.
 * - fails before: GET /api/dev/outbox answered 200 on any install without SendGrid whose
 *   NODE_ENV was not production (the default, development);
 * - fails before: with it on, a client that wrote `X-Forwarded-For: 127.0.0.1` (or any client
 *   behind a proxy) was served, and NODE_ENV=production alone was the only guard.
 */
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createEmbeddedBus, createFsBlobs, createHttpApp, createLogger, createMetricsRegistry, createSqliteStore, type Ports } from '@citecheck/platform';
import { createService } from '@citecheck/notification';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { freePort } from '../src/pipeline-harness';

const ROOT = path.resolve(__dirname, '..', '..');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function settings(overrides: Record<string, unknown>) {
  return {
    NODE_ENV: 'development' as const,
    PUBLIC_URL: 'http://citecheck.test',
    MAIL_FROM: 'CiteCheck <no-reply@citecheck.local>',
    SUPPORT_EMAIL: 'support@citecheck.local',
    SENDGRID_API_KEY: undefined,
    SENDGRID_API_URL: undefined,
    MAIL_POLL_MS: 50,
    MAIL_MAX_ATTEMPTS: 3,
    MAIL_RETRY_BASE_MS: 1000,
    MAIL_RETRY_MAX_MS: 60_000,
    SUPPORT_RATE_LIMIT: 100,
    ...overrides,
  };
}

/** Notification's routes behind the platform's HTTP app, on 127.0.0.1. */
async function serveNotification(overrides: Record<string, unknown>, trustedProxies: string[] = []): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-outbox-'));
  const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 30 });
  const ports: Ports = {
    service: 'notification',
    bus,
    store: createSqliteStore({ dir: ':memory:', service: 'notification' }),
    blobs: createFsBlobs({ dataDir }),
    clock: { now: () => new Date() },
    logger: createLogger('notification', 'silent'),
    metrics: createMetricsRegistry('notification'),
  };
  const { module } = createService(ports, settings(overrides) as never);
  const app = createHttpApp({ service: 'notification', ports, routes: module.routes, trustedProxies });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  cleanups.push(async () => {
    await new Promise((resolve) => server.close(resolve));
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it('does not exist by default, in development too', async () => {
  const url = await serveNotification({});
  expect((await fetch(`${url}/api/dev/outbox`)).status).toBe(404);
});

it('when enabled answers loopback clients only, judged by the resolved client address', async () => {
  const direct = await serveNotification({ DEV_MAIL_OUTBOX: 'true' });
  expect((await fetch(`${direct}/api/dev/outbox`)).status).toBe(200);
  // A visitor relayed by a trusted proxy on this machine is not local.
  const proxied = await serveNotification({ DEV_MAIL_OUTBOX: 'true' }, ['127.0.0.1']);
  expect((await fetch(`${proxied}/api/dev/outbox`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(404);
});

it('refuses to start with DEV_MAIL_OUTBOX=true and NODE_ENV=production', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-outbox-prod-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/embedded.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DEV_MAIL_OUTBOX: 'true', PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  expect(code).toBe(1);
  expect(output).toContain('DEV_MAIL_OUTBOX: must not be true when NODE_ENV=production');
}, 90_000);
