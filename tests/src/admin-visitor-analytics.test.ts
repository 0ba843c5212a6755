/**
 * Visitor tracking into the admin's visitor analytics, through the embedded product: the
 * tracker's REST paths, then the admin read over GraphQL and REST, refused to anyone but the
 * admin (anonymous, a forged admin bearer).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '@citecheck/identity';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';

const ADMIN = { email: 'admin@citecheck.test', password: 'correct horse battery' };
const SESSION = 'V1StGXR8_Z5jdHi6B-myT';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const QUERY = 'query($s: String, $e: String) { visitorAnalytics(startDate: $s, endDate: $e) { totalVisitors pageViews bounceRate topPages { page views } browsers { browser count } deviceTypes { type count } } }';

let server: EmbeddedServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-admin-visitors-'));
  server = await startEmbedded({
    port: 0,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password) },
  });
}, 30_000);
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const bearer = (credentials: object) => `Bearer ${JSON.stringify(credentials)}`;

async function graphql(authorization: string | null) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query: QUERY, variables: {} }),
  });
  return (await response.json()) as { data?: { visitorAnalytics: Record<string, unknown> } | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

it('records a visit, a page view and its exit, and shows them to the admin only', async () => {
  const track = (pathname: string, body: object, contentType = 'application/json') =>
    fetch(`${server.url}${pathname}`, { method: 'POST', headers: { 'content-type': contentType, 'user-agent': FIREFOX }, body: JSON.stringify(body) });
  expect((await track('/api/track-visitor', { sessionId: SESSION, entryPage: '/', deviceType: 'desktop', screenResolution: '1920x1080' })).status).toBe(204);
  expect((await track('/api/track-page-view', { sessionId: SESSION, page: '/', title: 'CiteCheck' })).status).toBe(204);
  expect((await track('/api/track-page-view', { sessionId: SESSION, page: '/dashboard' })).status).toBe(204);
  // The exit beacon arrives as text/plain.
  expect((await track('/api/track-page-view', { sessionId: SESSION, page: '/dashboard', timeOnPage: 12, scrollDepth: 40 }, 'text/plain;charset=UTF-8')).status).toBe(204);
  expect((await track('/api/track-page-view', { sessionId: 'bad', page: '/' })).status).toBe(400);

  const matrix: [string, string | null][] = [
    ['anonymous', null],
    ['forged admin bearer', bearer({ email: ADMIN.email, password: 'guess' })],
    ['admin', bearer(ADMIN)],
  ];
  for (const [who, authorization] of matrix) {
    const answer = await graphql(authorization);
    console.log(`visitorAnalytics as ${who}: ${answer.errors ? `refused (${answer.errors[0].message})` : 'answered'}`);
    if (who === 'admin') {
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.visitorAnalytics).toEqual({
        totalVisitors: 1,
        pageViews: 2,
        bounceRate: 0,
        topPages: [{ page: '/', views: 1 }, { page: '/dashboard', views: 1 }],
        browsers: [{ browser: 'Firefox', count: 1 }],
        deviceTypes: [{ type: 'desktop', count: 1 }],
      });
    } else {
      expect(answer.data?.visitorAnalytics ?? null).toBeNull();
      expect(answer.errors?.[0].message).toBe('Invalid email or password');
    }
  }

  const rest = (authorization?: string) =>
    fetch(`${server.url}/api/admin/visitor-analytics?startDate=2000-01-01&endDate=2999-12-31`, { headers: authorization ? { authorization } : {} });
  expect((await rest()).status).toBe(401);
  const ok = await rest(bearer(ADMIN));
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({ totalVisitors: 1, pageViews: 2 });
}, 30_000);

it('answers the admin stats to the admin only, over GraphQL and REST', async () => {
  const ask = async (authorization: string | null) =>
    (await (
      await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ query: '{ stats { totalDocuments totalCitations avgProcessingTime ocrUsageCount dailyUsage { date count } } }' }),
      })
    ).json()) as { data?: { stats: { totalDocuments: number; dailyUsage: unknown[] } } | null; errors?: { message: string }[] };
  expect((await ask(null)).errors?.[0].message).toBe('Invalid email or password');
  expect((await ask(bearer({ email: ADMIN.email, password: 'nope' }))).errors?.[0].message).toBe('Invalid email or password');
  const admin = await ask(bearer(ADMIN));
  expect(admin.errors).toBeUndefined();
  expect(admin.data?.stats).toMatchObject({ totalDocuments: 0, totalCitations: 0, avgProcessingTime: 0, ocrUsageCount: 0 });
  expect(admin.data?.stats.dailyUsage).toHaveLength(7);
  expect((await fetch(`${server.url}/api/metrics/stats`)).status).toBe(401);
  expect((await fetch(`${server.url}/api/metrics`)).status).toBe(401);
  const records = await fetch(`${server.url}/api/metrics`, { headers: { authorization: bearer(ADMIN) } });
  expect(records.status).toBe(200);
  expect(await records.json()).toEqual([]);
  expect((await fetch(`${server.url}/api/metrics/stats`, { headers: { authorization: bearer(ADMIN) } })).status).toBe(200);
});
