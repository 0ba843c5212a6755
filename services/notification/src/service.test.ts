/**
 * Mail delivery through @sendgrid/mail against a local fake of SendGrid's HTTP API
 * (POST /v3/mail/send answers 202, or fails as the test tells it), and the dev outbox.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createEvent } from '@citecheck/proto';
import { createEmbeddedBus, createLogger, createMetricsRegistry, createSqliteStore, createFsBlobs, type Ports, type Store } from '@citecheck/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createService } from './service';
import { renderMail } from './domain/templates';

interface FakeSendGrid {
  url: string;
  received: { authorization: string | undefined; body: any }[];
  /** Statuses to answer before going back to 202. */
  failures: number[];
  close(): Promise<void>;
}

async function fakeSendGrid(): Promise<FakeSendGrid> {
  const fake = { received: [], failures: [] } as unknown as FakeSendGrid;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        res.writeHead(404).end();
        return;
      }
      const failure = fake.failures.shift();
      if (failure) {
        res.writeHead(failure, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'try later' }] }));
        return;
      }
      fake.received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

class Clock {
  ms = Date.parse('2025-03-01T12:00:00.000Z');
  now = () => new Date(this.ms);
}

function settings(overrides: Record<string, unknown> = {}) {
  return {
    NODE_ENV: 'test' as const,
    PUBLIC_URL: 'https://citecheck.test',
    MAIL_FROM: 'CiteCheck <no-reply@citecheck.local>',
    SUPPORT_EMAIL: 'support@citecheck.local',
    SENDGRID_API_KEY: undefined as string | undefined,
    SENDGRID_API_URL: undefined as string | undefined,
    MAIL_POLL_MS: 30,
    MAIL_MAX_ATTEMPTS: 3,
    MAIL_RETRY_BASE_MS: 1000,
    MAIL_RETRY_MAX_MS: 60_000,
    SUPPORT_RATE_LIMIT: 100,
    ...overrides,
  };
}

let dataDir: string;
let fake: FakeSendGrid;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-notification-'));
  fake = await fakeSendGrid();
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function ports(clock: Clock, store?: Store): Ports {
  const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 30 });
  const p: Ports = {
    service: 'notification',
    bus,
    store: store ?? createSqliteStore({ dir: dataDir, service: 'notification' }),
    blobs: createFsBlobs({ dataDir }),
    clock,
    logger: createLogger('notification', 'silent'),
    metrics: createMetricsRegistry('notification'),
  };
  cleanups.push(async () => {
    await bus.close();
  });
  return p;
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const verification = (to: string) => ({
  messageId: randomUUID(),
  to,
  template: 'verification' as const,
  data: { name: 'Ann', link: 'https://citecheck.test/verify-email?token=abc' },
});

it('sends a requested mail through SendGrid once, even when the request is redelivered', async () => {
  const clock = new Clock();
  const p = ports(clock);
  const service = createService(p, settings({ SENDGRID_API_KEY: 'SG.test-key', SENDGRID_API_URL: fake.url }));
  await service.module.start();
  cleanups.push(() => service.module.stop());
  const request = verification('ann@firm.test');
  const event = createEvent('mail.requested', request, request.messageId);
  await p.bus.publish('mail.requested', request.messageId, event);
  await p.bus.publish('mail.requested', request.messageId, event);
  await until(() => fake.received.length === 1, 'the mail at the fake');
  await new Promise((r) => setTimeout(r, 150));
  expect(fake.received).toHaveLength(1);
  const { authorization, body } = fake.received[0];
  expect(authorization).toBe('Bearer SG.test-key');
  expect(body.personalizations[0].to[0].email).toBe('ann@firm.test');
  expect(body.from).toEqual({ email: 'no-reply@citecheck.local', name: 'CiteCheck' });
  expect(body.content.map((c: { type: string }) => c.type)).toEqual(['text/plain', 'text/html']);
  const stored = await service.outbox.messages.get(request.messageId);
  expect(stored).toMatchObject({ status: 'sent', attempts: 1 });
});

it('retries with backoff after failures and gives up after MAIL_MAX_ATTEMPTS', async () => {
  const clock = new Clock();
  const p = ports(clock);
  const service = createService(p, settings({ SENDGRID_API_KEY: 'SG.k', SENDGRID_API_URL: fake.url }));
  // Driven by hand: runOnce() is one pass of the loop start() would run on a timer.
  const retried = verification('retry@firm.test');
  fake.failures.push(500, 429);
  await service.outbox.enqueue({ id: retried.messageId, to: retried.to, template: 'verification', subject: 's', text: 't', html: 'h', links: [], replyTo: null }, clock.now());
  expect(await service.delivery.runOnce()).toBe(0);
  expect(await service.outbox.messages.get(retried.messageId)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('SendGrid refused') });
  expect(await service.delivery.runOnce()).toBe(0); // not due yet: backoff
  clock.ms += 1200;
  expect(await service.delivery.runOnce()).toBe(0); // second failure (429)
  clock.ms += 2400;
  expect(await service.delivery.runOnce()).toBe(1);
  expect(await service.outbox.messages.get(retried.messageId)).toMatchObject({ status: 'sent', attempts: 3 });

  const doomed = verification('doomed@firm.test');
  fake.failures.push(500, 500, 500);
  await service.outbox.enqueue({ id: doomed.messageId, to: doomed.to, template: 'verification', subject: 's', text: 't', html: 'h', links: [], replyTo: null }, clock.now());
  for (let i = 0; i < 3; i += 1) {
    await service.delivery.runOnce();
    clock.ms += 60_000 * 2;
  }
  expect(await service.outbox.messages.get(doomed.messageId)).toMatchObject({ status: 'failed', attempts: 3 });
});

it('resumes unsent mail after a restart', async () => {
  const clock = new Clock();
  const store = createSqliteStore({ dir: dataDir, service: 'notification' });
  const first = createService(ports(clock, store), settings({ SENDGRID_API_KEY: 'SG.k', SENDGRID_API_URL: fake.url }));
  // Recorded but never sent: this "process" stops before its loop runs.
  await first.outbox.enqueue({ id: 'm-1', to: 'later@firm.test', template: 'welcome', subject: 's', text: 't', html: 'h', links: [], replyTo: null }, clock.now());
  await store.close();

  const reopened = createSqliteStore({ dir: dataDir, service: 'notification' });
  const second = createService(ports(clock, reopened), settings({ SENDGRID_API_KEY: 'SG.k', SENDGRID_API_URL: fake.url }));
  await second.module.start();
  cleanups.push(async () => {
    await second.module.stop();
    await reopened.close();
  });
  await until(() => fake.received.length === 1, 'the resumed mail');
  expect(fake.received[0].body.personalizations[0].to[0].email).toBe('later@firm.test');
});

it('serves the dev outbox only when DEV_MAIL_OUTBOX=true and no real mailer is configured', async () => {
  const clock = new Clock();
  const dev = createService(ports(clock, createSqliteStore({ dir: ':memory:', service: 'notification' })), settings({ DEV_MAIL_OUTBOX: 'true' }));
  const real = createService(
    ports(clock, createSqliteStore({ dir: ':memory:', service: 'notification' })),
    settings({ DEV_MAIL_OUTBOX: 'true', SENDGRID_API_KEY: 'SG.k', SENDGRID_API_URL: fake.url }),
  );
  const unset = createService(ports(clock, createSqliteStore({ dir: ':memory:', service: 'notification' })), settings({ NODE_ENV: 'development' }));
  expect([dev.mailer.kind, real.mailer.kind, unset.mailer.kind]).toEqual(['dev-outbox', 'sendgrid', 'dev-outbox']);
  const status = async (module: typeof dev.module) => {
    const layer = module.routes.stack.find((l) => l.path === '/api/dev/outbox')!;
    const ctx: any = { query: {}, ip: '127.0.0.1', req: { socket: { remoteAddress: '127.0.0.1' } }, set: () => undefined, body: undefined };
    try {
      await layer.stack[layer.stack.length - 1](ctx, async () => undefined);
      return 200;
    } catch (error) {
      return (error as { status: number }).status;
    }
  };
  expect([await status(dev.module), await status(real.module), await status(unset.module)]).toEqual([200, 404, 404]);
});

describe('templates', () => {
  const ctx = { publicUrl: 'https://citecheck.test', supportEmail: 'support@citecheck.local' };
  it('escapes user values in HTML and keeps them in the text body', () => {
    const mail = renderMail('support-forward', { name: '<b>Eve</b>\r\nBcc: x', email: 'eve@x.test', message: '<script>alert(1)</script>' }, ctx);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo).toBe('eve@x.test');
  });

  it('refuses non-http links and missing fields', () => {
    expect(() => renderMail('verification', { name: 'A', link: 'javascript:alert(1)' }, ctx)).toThrow(/http/);
    expect(() => renderMail('password-reset', { name: 'A' }, ctx)).toThrow(/missing link/);
  });

  it('builds the welcome link from PUBLIC_URL', () => {
    expect(renderMail('welcome', { name: 'A' }, ctx).links).toEqual(['https://citecheck.test/']);
  });
});
