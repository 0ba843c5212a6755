/**
 * The Low findings at the edge and on the ops port (issue 28), against the embedded product as
 * a production install runs it.
 * - fails before: the Host header was not checked, so a page that rebinds its own name to the
 *   server's address (DNS rebinding) passed the Origin check with same-origin requests;
 * - fails before: GraphQL introspection was on in production;
 * - fails before: the public `/healthz` showed the data directory's absolute path (the
 *   case-law index's);
 * - fails before: both ports listened on every interface, in embedded mode too;
 * - fails before: the ops port's Prometheus `/metrics` needed no credentials;
 * - fails before: the IP blacklist blocked single addresses only: an IPv6 client walked around a
 *   block within its /64, and a network could not be blocked at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { hashPassword } from '@citecheck/identity';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { until } from '../src/pipeline-harness';

const ADMIN = { email: 'admin@citecheck.test', password: 'an admin password of some length' };
const METRICS_TOKEN = 'scraper-token-0123456789abcdef';

let server: EmbeddedServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-edge-low-'));
  server = await startEmbedded({
    port: 0,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://citecheck.example',
      METRICS_TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password),
      // Requests name their client address in X-Forwarded-For, believed from loopback only.
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A GET with a Host header of our choosing (fetch sets its own). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

it('answers only to its own host names', async () => {
  const port = server.port;
  expect(await getWithHost(`${server.url}/api/auth/status`, `rebound.attacker.example:${port}`)).toBe(421);
  expect(await getWithHost(`${server.url}/api/dev/outbox`, 'rebound.attacker.example')).toBe(421);
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'citecheck.example']) expect(await getWithHost(`${server.url}/api/auth/status`, host)).toBe(200);
  // The live channel too.
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { host: 'rebound.attacker.example' } });
  await expect(new Promise((resolve, reject) => (socket.on('open', resolve), socket.on('error', reject)))).rejects.toThrow('Unexpected server response: 421');
});

it('refuses GraphQL introspection in production', async () => {
  const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __schema { types { name } } }' }) });
  const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  expect(body.data).toBeUndefined();
  expect(body.errors?.[0]?.message).toMatch(/introspection/i);
});

it('keeps the data directory out of the public /healthz', async () => {
  const health = await (await fetch(`${server.url}/healthz`)).text();
  expect(health).toContain('"status"');
  expect(health).not.toContain(dataDir);
  expect(health).not.toContain(path.sep + 'caselaw.sqlite');
});

it('listens on this machine only, both ports', () => {
  expect((server.server.address() as AddressInfo).address).toBe('127.0.0.1');
  expect((server.opsServer.address() as AddressInfo).address).toBe('127.0.0.1');
});

it('serves Prometheus on the ops port to the METRICS_TOKEN bearer only; the probes stay open', async () => {
  expect((await fetch(`${server.opsUrl}/metrics`)).status).toBe(401);
  expect((await fetch(`${server.opsUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
  const scraped = await fetch(`${server.opsUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(scraped.status).toBe(200);
  expect(await scraped.text()).toContain('process_cpu');
  expect((await fetch(`${server.opsUrl}/healthz`)).status).toBe(200);
});

it('blocks an IPv6 client’s whole /64, and a range', async () => {
  const admin = { 'content-type': 'application/json', authorization: `Bearer ${JSON.stringify(ADMIN)}`, 'x-forwarded-for': '192.0.2.1' };
  const from = (ip: string) => fetch(`${server.url}/api/usage-stats`, { headers: { 'x-forwarded-for': ip } }).then((r) => r.status);
  const block = async (ipAddress: string) => {
    const response = await fetch(`${server.url}/api/admin/blacklist/add`, { method: 'POST', headers: admin, body: JSON.stringify({ ipAddress }) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { ipAddress: string }).ipAddress;
  };
  expect(await block('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
  await until('the block at the gateway', async () => (await from('2001:db8:1:2::5')) === 403, 5000, 20);
  // The same client with other last bits.
  expect(await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(403);
  expect(await from('2001:db8:1:3::5')).toBe(200);
  expect(await block('198.51.100.0/24')).toBe('198.51.100.0/24');
  await until('the range at the gateway', async () => (await from('198.51.100.77')) === 403, 5000, 20);
  expect(await from('198.51.101.77')).toBe(200);
  // Too wide a range, or one holding loopback, is refused.
  for (const ipAddress of ['0.0.0.0/0', '127.0.0.0/8', '::/64']) {
    const refused = await fetch(`${server.url}/api/admin/blacklist/add`, { method: 'POST', headers: admin, body: JSON.stringify({ ipAddress }) });
    expect(refused.status).toBe(400);
  }
});
