/**
 * Finding 3, client-chosen IP: every per-IP limit counts the address Koa reports as ctx.ip.
 * fails before: the HTTP app ran with Koa's `proxy = true`, so ctx.ip was the first address of
 * whatever X-Forwarded-For the client sent, and an attacker writing a new one per request got
 * a fresh per-IP budget each time (here: unlimited logins past RATE_LIMIT_PER_IP).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, createLogger, createMetricsRegistry, loadConfig, platformConfigSchema, resolveClientIp, trustList } from '@citecheck/platform';
import { createService } from '../../services/identity/src/service';
import { createWorld, identitySettings, type TestWorld } from '../../services/identity/test/harness';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function listen(app: { listen: (...args: any[]) => Server }): Promise<string> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it('per-IP login limit holds against a client that rotates X-Forwarded-For', async () => {
  const world: TestWorld = createWorld();
  closers.push(() => world.close());
  const ports = world.portsFor('identity');
  const identity = createService(ports, identitySettings({ RATE_LIMIT_PER_IP: 3 }));
  const app = createHttpApp({ service: 'identity', ports, routes: identity.module.routes });
  const url = await listen(app);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
      body: JSON.stringify({ email: `user${i}@firm.test`, password: 'wrong-password-1' }),
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(3)).toEqual([429, 429, 429]);
});

it('believes X-Forwarded-For only from TRUSTED_PROXIES, hop by hop from the right', async () => {
  const ports = { logger: createLogger('t', 'silent'), metrics: createMetricsRegistry('t') };
  const echoing = (trustedProxies?: string[]) => {
    const app = createHttpApp({ service: 't', ports, trustedProxies });
    app.use((ctx) => {
      ctx.body = { ip: ctx.ip };
    });
    return app;
  };
  const untrusting = await listen(echoing());
  const behindProxy = await listen(echoing(['127.0.0.0/8', '10.0.0.0/8']));
  const ip = async (url: string, xff: string) => ((await (await fetch(`${url}/`, { headers: { 'x-forwarded-for': xff } })).json()) as { ip: string }).ip;
  expect(await ip(untrusting, '203.0.113.9')).toBe('127.0.0.1');
  // The client wrote 1.2.3.4 itself; the ingress (10.1.2.3) saw it come from 203.0.113.9.
  expect(await ip(behindProxy, '1.2.3.4, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
  expect(resolveClientIp('::ffff:10.0.0.5', 'junk', trustList(['10.0.0.0/8']))).toBe('10.0.0.5');
});

it('TRUSTED_PROXIES is empty by default and rejects what is not a CIDR', () => {
  expect(loadConfig(platformConfigSchema, {}).TRUSTED_PROXIES).toEqual([]);
  expect(loadConfig(platformConfigSchema, { TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.1' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '192.168.1.1']);
  expect(() => loadConfig(platformConfigSchema, { TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
});
