/**
 * Test hosting for identity (and, in the flow tests, notification): the product's embedded
 * adapters (SQLite store per service, one embedded bus) over a controllable clock, and a
 * real Koa app on 127.0.0.1 with the services' routes and an error middleware that renders
 * ApiError as the product's HTTP layer does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type Router from '@koa/router';
import { ApiError } from '@citecheck/proto';
import {
  createEmbeddedBus,
  createFsBlobs,
  createLogger,
  createMetricsRegistry,
  createSqliteStore,
  type Bus,
  type Clock,
  type Ports,
} from '@citecheck/platform';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private ms = Date.parse('2025-03-01T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface TestWorld {
  bus: Bus;
  clock: TestClock;
  dataDir: string;
  portsFor(service: string): Ports;
  close(): Promise<void>;
}

/** One bus shared by every service, one in-memory SQLite store per service. */
export function createWorld(clock = new TestClock()): TestWorld {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-identity-'));
  const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 50 });
  const opened: Ports[] = [];
  return {
    bus,
    clock,
    dataDir,
    portsFor(service) {
      const ports: Ports = {
        service,
        bus,
        store: createSqliteStore({ dir: ':memory:', service }),
        blobs: createFsBlobs({ dataDir }),
        clock,
        logger: createLogger(service, process.env.TEST_LOG_LEVEL ?? 'silent'),
        metrics: createMetricsRegistry(service),
      };
      opened.push(ports);
      return ports;
    },
    async close() {
      await bus.close();
      for (const ports of opened) {
        await ports.store.close();
        await ports.blobs.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Koa on an ephemeral port with JSON bodies and ApiError rendering. */
export async function serve(routers: Router[]): Promise<TestServer> {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof ApiError) {
        ctx.status = error.status;
        ctx.body = error.toBody();
        return;
      }
      ctx.status = 500;
      ctx.body = { message: 'Internal server error', error: 'internal' };
      // Surface unexpected failures in the test output rather than hiding them behind a 500.
      console.error(error);
    }
  });
  app.use(koaBody());
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** Settings for tests: generous rate limits unless a test lowers them. */
export function identitySettings(overrides: Record<string, unknown> = {}) {
  return {
    PUBLIC_URL: 'http://citecheck.test',
    COUPONS: 'PREMIUMX:premium:100,ENTERPRISE1:enterprise,ONCE:premium:1',
    ADMIN_EMAIL: undefined as string | undefined,
    ADMIN_PASSWORD_HASH: undefined as string | undefined,
    RATE_LIMIT_WINDOW_MS: 60_000,
    RATE_LIMIT_PER_IP: 10_000,
    RATE_LIMIT_PER_EMAIL: 10_000,
    ADMIN_FAILURE_LIMIT: 1000,
    SESSION_TTL_DAYS: 30,
    ADMIN_SESSION_TTL_MINUTES: 120,
    COUPON_WINDOW_MINUTES: 30,
    ...overrides,
  };
}

export function notificationSettings(overrides: Record<string, unknown> = {}) {
  return {
    NODE_ENV: 'test' as const,
    PUBLIC_URL: 'http://citecheck.test',
    MAIL_FROM: 'CiteCheck <no-reply@citecheck.local>',
    SUPPORT_EMAIL: 'support@citecheck.local',
    SENDGRID_API_KEY: undefined as string | undefined,
    SENDGRID_API_URL: undefined as string | undefined,
    MAIL_POLL_MS: 50,
    MAIL_MAX_ATTEMPTS: 5,
    MAIL_RETRY_BASE_MS: 1000,
    MAIL_RETRY_MAX_MS: 60_000,
    SUPPORT_RATE_LIMIT: 10_000,
    // These tests read mail through the dev outbox, which exists only when enabled.
    DEV_MAIL_OUTBOX: 'true' as const,
    ...overrides,
  };
}

/** JSON over fetch: status, parsed body (or text), headers. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(base + url, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const raw = await response.text();
  let body: unknown = raw;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {
    // not JSON (CSV): keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const adminBearer = (email: string, password: string) => ({ authorization: `Bearer ${JSON.stringify({ email, password })}` });
