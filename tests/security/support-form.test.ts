/**
 * Finding 10, the support form as a mail relay: it mailed the visitor's address a receipt
 * quoting the name and message they typed, so anyone could send text of their choosing from
 * our domain to any inbox, limited only per IP.
 * - fails before: a receipt with the typed message went to the typed address;
 * - fails before: a botnet (many IPs) could send any number of inquiries naming one address.
 * Mail is observed where it leaves: a fake SendGrid on a local port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmbeddedBus, createFsBlobs, createHttpApp, createLogger, createMetricsRegistry, createSqliteStore, type Ports } from '@citecheck/platform';
import { createService } from '../../services/notification/src/service';

const received: { to: string[]; subject: string; body: string }[] = [];
let fake: Server;
let app: Server;
let url: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const mail = JSON.parse(raw);
      received.push({ to: mail.personalizations.flatMap((p: { to: { email: string }[] }) => p.to.map((t) => t.email)), subject: mail.subject, body: raw });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-support-'));
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
  const service = createService(ports, {
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://citecheck.test',
    MAIL_FROM: 'CiteCheck <no-reply@citecheck.local>',
    SUPPORT_EMAIL: 'support@citecheck.local',
    SENDGRID_API_KEY: 'SG.test',
    SENDGRID_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    MAIL_POLL_MS: 50,
    MAIL_MAX_ATTEMPTS: 3,
    MAIL_RETRY_BASE_MS: 1000,
    MAIL_RETRY_MAX_MS: 60_000,
    SUPPORT_RATE_LIMIT: 1000,
  });
  await service.module.start();
  // Every request from its own address, as a botnet would send them (through a trusted proxy).
  const http = createHttpApp({ service: 'notification', ports, routes: service.module.routes, trustedProxies: ['127.0.0.1'] });
  app = http.listen(0, '127.0.0.1');
  await new Promise((resolve) => app.once('listening', resolve));
  url = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  stop = async () => {
    await new Promise((resolve) => app.close(resolve));
    await service.module.stop();
    await bus.close();
    await new Promise((resolve) => fake.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => stop());

let ip = 1;
const inquiry = (email: string, message: string) =>
  fetch(`${url}/api/support-inquiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip++}` },
    body: JSON.stringify({ name: 'Win a prize', email, message }),
  });

async function settled(count: number) {
  const deadline = Date.now() + 5000;
  while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // A little longer, so a mail that should not exist has had its chance to arrive.
  await new Promise((r) => setTimeout(r, 300));
}

it('mails the support inbox only, and answers the visitor with a fixed acknowledgement', async () => {
  const response = await inquiry('victim@elsewhere.test', 'Click https://phish.example now');
  expect(response.status).toBe(200);
  const body = await response.text();
  expect(JSON.parse(body)).toEqual({ success: true, message: 'Support inquiry sent' });
  expect(body).not.toContain('phish');
  await settled(1);
  expect(received.map((m) => m.to)).toEqual([['support@citecheck.local']]);
});

it('limits inquiries naming one address, whatever IP they come from', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push((await inquiry('target@elsewhere.test', `spam ${i}`)).status);
  expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(statuses.slice(5)).toEqual([429, 429]);
});
