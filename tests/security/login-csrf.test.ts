/**
 * Finding 9 (login CSRF) and the security headers of the Low list, at the public edge.
 * - fails before: a page on another site could POST /api/auth/login (or anything else) with
 *   the visitor's browser and have it signed in to the attacker's account: no Origin check;
 * - fails before: url-encoded and text/plain bodies (what a plain HTML form sends cross-site
 *   without a preflight) were parsed like JSON;
 * - fails before: no CSP, frame-ancestors, nosniff or Referrer-Policy on any answer.
 */
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp } from '@citecheck/platform';
import { createService } from '../../services/identity/src/service';
import { createWorld, identitySettings } from '../../services/identity/test/harness';

let url: string;
let server: Server;
let close: () => Promise<void>;

beforeAll(async () => {
  const world = createWorld();
  const ports = world.portsFor('identity');
  const identity = createService(ports, identitySettings());
  const app = createHttpApp({ service: 'gateway', ports, routes: identity.module.routes, edge: { allowedOrigins: ['https://citecheck.example'] } });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await world.close();
  };
});
afterAll(() => close());

/** POST /api/auth/login through node:http: fetch drops the Origin header, a browser's to set. */
function login(headers: Record<string, string>, body: string): Promise<{ status: number; json: () => Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/auth/login`, { method: 'POST', headers }, (res) => {
      let raw = '';
      res.on('data', (chunk) => (raw += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(raw) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const json = JSON.stringify({ email: 'attacker@evil.test' });

it('refuses a state change sent from another site', async () => {
  const response = await login({ 'content-type': 'application/json', origin: 'https://evil.example' }, json);
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ message: 'Cross-site request refused', error: 'cross_site_request' });
  const noOrigin = await login({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, json);
  expect(noOrigin.status).toBe(403);
});

it('accepts the same origin and the public address', async () => {
  for (const origin of [url, 'https://citecheck.example']) {
    const response = await login({ 'content-type': 'application/json', origin }, json);
    // Unknown account: the route ran and answered ('Check Your Email', as for any address).
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'check_email' });
  }
});

it('refuses form and text bodies for state changes', async () => {
  const form = await login({ 'content-type': 'application/x-www-form-urlencoded', origin: url }, 'email=attacker%40evil.test');
  expect(form.status).toBe(415);
  const text = await login({ 'content-type': 'text/plain' }, json);
  expect(text.status).toBe(415);
});

it('sets security headers on every answer', async () => {
  const response = await fetch(`${url}/healthz`);
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  // The public address is https: browsers are told to stay on TLS.
  expect(response.headers.get('strict-transport-security')).toContain('max-age=');
});
