/**
 * The admin API through the embedded product: the admin's sign-in (cookie session), every
 * admin query and mutation tried by each kind of caller (a printed role matrix), one
 * federated query joining users, documents and usage records, the operation limits refusing
 * an alias flood, the IP blacklist enforced at the gateway (and read again at start), and the
 * audit log of what the admin did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createEmbeddedBus } from '@citecheck/platform';
import { createEvent } from '@citecheck/proto';
import { hashPassword } from '@citecheck/identity';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { makePdf } from './pipeline-fixtures';
import { until, upload, verifiedUser } from './pipeline-harness';

const ADMIN = { email: 'admin@citecheck.test', password: 'correct horse battery' };
const ADMIN_IP = '192.0.2.1';
const BLOCKED_IP = '203.0.113.50';

let server: EmbeddedServer;
let dataDir: string;
let passwordHash: string;

const env = () => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD_HASH: passwordHash,
  DEV_MAIL_OUTBOX: 'true',
  // Requests name their client address in X-Forwarded-For, believed from loopback only.
  TRUSTED_PROXIES: '127.0.0.1',
  ADMIN_FAILURE_LIMIT: '1000',
  RATE_LIMIT_PER_IP: '100000',
  RATE_LIMIT_PER_EMAIL: '1000',
});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-admin-api-'));
  passwordHash = await hashPassword(ADMIN.password);
  server = await startEmbedded({ port: 0, env: env() });
}, 30_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface GraphqlAnswer {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  setCookie: string | null;
}

async function graphql(query: string, headers: Record<string, string> = {}, variables: object = {}): Promise<GraphqlAnswer> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ADMIN_IP, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : {}) as Omit<GraphqlAnswer, 'status' | 'setCookie'>;
  return { status: response.status, ...body, setCookie: response.headers.get('set-cookie') };
}

const bearer = (value: string | object) => ({ authorization: `Bearer ${typeof value === 'string' ? value : JSON.stringify(value)}` });

/** Signs the admin in over GraphQL; the cookie the gateway hands back. */
async function adminCookie(): Promise<string> {
  const answer = await graphql('mutation($e: String!, $p: String!) { adminLogin(email: $e, password: $p) { email expiresAt } }', {}, { e: ADMIN.email, p: ADMIN.password });
  expect(answer.errors).toBeUndefined();
  const cookie = /citecheck_admin=([^;]+)/.exec(answer.setCookie ?? '')?.[1];
  if (!cookie) throw new Error(`no admin cookie in ${answer.setCookie}`);
  return `citecheck_admin=${cookie}`;
}

/** Makes an account premium the way billing does: a `subscription.changed` event on the product's bus. */
async function makePremium(userId: string, email: string): Promise<void> {
  const bus = createEmbeddedBus({ dir: dataDir, pollMs: 50 });
  const payload = { userId, email, userType: 'premium' as const, reportLimit: 100, status: 'active' as const, changedAt: new Date().toISOString() };
  await bus.publish('subscription.changed', userId, createEvent('subscription.changed', payload, userId));
  await bus.close();
}

async function me(token: string): Promise<{ id: string; userType: string }> {
  const answer = await graphql('{ me { id userType } }', bearer(token));
  return answer.data!.me as { id: string; userType: string };
}

async function auditActions(cookie: string): Promise<string[]> {
  const answer = await graphql('{ auditLog(limit: 200) { action actor target ipAddress at } }', { cookie });
  return (answer.data!.auditLog as { action: string }[]).map((entry) => entry.action);
}

describe('the admin API', () => {
  let freeToken: string;
  let premiumToken: string;
  let cookie: string;
  let unverifiedId: string;
  let documentId: string;

  beforeAll(async () => {
    freeToken = await verifiedUser(server.url, 'free@citecheck.test', 'Free Lawyer');
    premiumToken = await verifiedUser(server.url, 'premium@citecheck.test', 'Premium Lawyer');
    const premium = await me(premiumToken);
    await makePremium(premium.id, 'premium@citecheck.test');
    await until('the premium plan applied', async () => (await me(premiumToken)).userType === 'premium', 10_000);
    // An account that never verified: resendVerification's target.
    await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Unverified', email: 'unverified@citecheck.test', newsletterOptIn: false }),
    });
    cookie = await adminCookie();
    const users = (await graphql('{ users { id email isVerified } }', { cookie })).data!.users as { id: string; email: string }[];
    unverifiedId = users.find((u) => u.email === 'unverified@citecheck.test')!.id;
    const uploaded = await upload(server.url, freeToken, await makePdf([['Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007).']]), 'brief.pdf', 'admin-api-session');
    expect(uploaded.status).toBe(200);
    documentId = uploaded.body.document!.id;
    await until('the usage record', async () => ((await graphql('{ usageMetrics { id } }', { cookie })).data?.usageMetrics as unknown[] | undefined)?.length === 1, 10_000);
  }, 90_000);

  it('signs the admin in with an httpOnly, SameSite=Strict cookie and refuses wrong credentials', async () => {
    const login = await graphql('mutation { adminLogin(email: "admin@citecheck.test", password: "correct horse battery") { email expiresAt } }');
    expect(login.setCookie).toMatch(/^citecheck_admin=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=7200; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const expiresIn = Date.parse((login.data!.adminLogin as { expiresAt: string }).expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(7100_000);
    expect(expiresIn).toBeLessThanOrEqual(7200_000);
    const wrong = await graphql('mutation { adminLogin(email: "admin@citecheck.test", password: "wrong password") { email } }');
    expect(wrong.errors?.[0].message).toBe('Invalid email or password');
    expect(wrong.setCookie).toBeNull();
    const rest = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ADMIN_IP },
      body: JSON.stringify({ email: 'ADMIN@citecheck.test', password: ADMIN.password }),
    });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ email: ADMIN.email });
    const restCookie = /citecheck_admin=[^;]+/.exec(rest.headers.get('set-cookie') ?? '')![0];
    expect((await graphql('{ adminSession { email } }', { cookie: restCookie })).data).toEqual({ adminSession: { email: ADMIN.email } });
    const logout = await fetch(`${server.url}/api/admin/logout`, { method: 'POST', headers: { cookie: restCookie, 'x-forwarded-for': ADMIN_IP } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^citecheck_admin=; Path=\/; Max-Age=0;/);
    expect((await graphql('{ adminSession { email } }', { cookie: restCookie })).data).toEqual({ adminSession: null });
    expect((await fetch(`${server.url}/api/admin/users`, { headers: { cookie: restCookie } })).status).toBe(401);
    // SPEC's JSON bearer still opens the REST paths.
    expect((await fetch(`${server.url}/api/admin/users`, { headers: bearer(ADMIN) })).status).toBe(200);
    expect((await fetch(`${server.url}/api/admin/users`, { headers: { cookie } })).status).toBe(200);
  });

  it('answers every admin query and mutation to the admin only (role matrix)', async () => {
    const actors: [string, Record<string, string>][] = [
      ['anonymous', {}],
      ['free user', bearer(freeToken)],
      ['premium user', bearer(premiumToken)],
      ['forged admin cookie', { cookie: 'citecheck_admin=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
      ['forged admin bearer', bearer({ email: ADMIN.email, password: 'guess' })],
      ['admin', { cookie }],
    ];
    const operations: [string, string][] = [
      ['adminSession', '{ adminSession { email expiresAt } }'],
      ['users', '{ users { id email } }'],
      ['documents', '{ documents { id filename userEmail } }'],
      ['usageMetrics', '{ usageMetrics { id documentName } }'],
      ['stats', '{ stats { totalDocuments } }'],
      ['visitorAnalytics', '{ visitorAnalytics { totalVisitors } }'],
      ['blacklist', '{ blacklist { totalBlacklisted blacklistedIPs { ipAddress } } }'],
      ['auditLog', '{ auditLog(limit: 5) { action } }'],
      ['blockIp', 'mutation { blockIp(ipAddress: "198.51.100.9", reason: "matrix") { ipAddress blockedBy } }'],
      ['unblockIp', 'mutation { unblockIp(ipAddress: "198.51.100.9") { success message } }'],
      ['resendVerification', `mutation { resendVerification(id: "${'UNVERIFIED'}") { success message } }`],
      ['deleteUser', `mutation { deleteUser(id: "${'UNVERIFIED'}") { success message } }`],
    ];
    const table: Record<string, Record<string, string>> = {};
    for (const [who, headers] of actors) {
      table[who] = {};
      for (const [name, query] of operations) {
        const answer = await graphql(query.replace('UNVERIFIED', unverifiedId), headers);
        const value = answer.data?.[name];
        table[who][name] = answer.errors ? `refused: ${answer.errors[0].message}` : value === null ? 'null' : 'answered';
      }
    }
    console.log(
      `admin operations by caller:\n${[['', ...operations.map(([n]) => n)], ...actors.map(([who]) => [who, ...operations.map(([n]) => table[who][n].split(':')[0])])]
        .map((row) => row.map((cell) => cell.padEnd(19)).join('|'))
        .join('\n')}`,
    );
    for (const [who] of actors) {
      for (const [name] of operations) {
        if (who === 'admin') expect([name, table[who][name]]).toEqual([name, 'answered']);
        else if (name === 'adminSession') expect([who, name, table[who][name]]).toEqual([who, name, 'null']);
        else expect([who, name, table[who][name]]).toEqual([who, name, 'refused: Invalid email or password']);
      }
    }
    // adminLogout is open to anyone and ends only the caller's own session: nobody else's call ends the admin's.
    for (const [who, headers] of actors.filter(([who]) => who !== 'admin')) {
      expect([who, (await graphql('mutation { adminLogout { success message } }', headers)).data]).toEqual([who, { adminLogout: { success: true, message: 'Logged out' } }]);
    }
    expect((await graphql('{ adminSession { email } }', { cookie })).data).toEqual({ adminSession: { email: ADMIN.email } });
    // What the refused callers tried changed nothing; the admin's changes happened.
    const users = (await graphql('{ users { id } }', { cookie })).data!.users as { id: string }[];
    expect(users.map((u) => u.id)).not.toContain(unverifiedId);
    expect(users).toHaveLength(2);
    expect((await graphql('{ blacklist { totalBlacklisted } }', { cookie })).data).toEqual({ blacklist: { totalBlacklisted: 0 } });
  });

  it('joins users, documents (with their uploader) and usage records (with their document) in one request', async () => {
    const query = `{
      users { id email }
      documents { id filename userEmail validationReport { id } user { id email name } }
      usageMetrics { id documentName user { email } document { id filename user { email isVerified } } }
    }`;
    const answer = await graphql(query, { cookie });
    expect(answer.errors).toBeUndefined();
    const data = answer.data as {
      users: { id: string; email: string }[];
      documents: { id: string; userEmail: string; user: { id: string; email: string } | null }[];
      usageMetrics: { id: string; document: { id: string; filename: string; user: { email: string } | null } | null }[];
    };
    const free = data.users.find((u) => u.email === 'free@citecheck.test')!;
    expect(data.documents).toEqual([
      { id: documentId, filename: 'brief.pdf', userEmail: 'free@citecheck.test', validationReport: { id: expect.any(String) }, user: { id: free.id, email: free.email, name: 'Free Lawyer' } },
    ]);
    expect(data.usageMetrics).toEqual([
      { id: documentId, documentName: 'brief.pdf', user: { email: 'free@citecheck.test' }, document: { id: documentId, filename: 'brief.pdf', user: { email: 'free@citecheck.test', isVerified: true } } },
    ]);
    // The uploader resolves for the admin, not for another signed-in user.
    const other = await graphql(`{ document(id: "${documentId}") { id user { email } } }`, bearer(premiumToken));
    expect(other.data).toEqual({ document: { id: documentId, user: null } });
    // The REST path is the same use case.
    const rest = await fetch(`${server.url}/api/admin/documents`, { headers: bearer(ADMIN) });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ documents: [{ id: documentId, userEmail: 'free@citecheck.test' }] });
    expect((await fetch(`${server.url}/api/admin/documents`, { headers: bearer(freeToken) })).status).toBe(401);
  });

  it('refuses a 300-alias query before running it', async () => {
    const flood = `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: users { id }`).join(' ')} }`;
    await graphql('{ __typename }'); // warm
    const started = performance.now();
    const answer = await graphql(flood, bearer({ email: ADMIN.email, password: 'guess' }));
    const ms = performance.now() - started;
    console.log(`300-alias query refused in ${ms.toFixed(1)} ms`);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0].message).toBe('Query too complex: more than 15 aliases');
    expect(answer.data ?? null).toBeNull();
    // Generous: what matters is that no resolver ran (no password check, no store read).
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a blocked address at the gateway within a second, keeps the admin paths open, and admits it again once unblocked', async () => {
    const asBlocked = (pathname: string, init: RequestInit = {}) =>
      fetch(`${server.url}${pathname}`, { ...init, headers: { 'x-forwarded-for': BLOCKED_IP, ...(init.headers as Record<string, string>) } });
    expect((await asBlocked('/api/usage-stats')).status).toBe(200);
    // Bad input gets SPEC-style errors, and the server stays up.
    for (const [ipAddress, message] of [
      ['not an ip', 'Please enter a valid IPv4 or IPv6 address, or a range of them (e.g. 203.0.113.0/24).'],
      ['127.0.0.1', 'Loopback and unspecified addresses cannot be blocked: every local request comes from them.'],
    ]) {
      const bad = await fetch(`${server.url}/api/admin/blacklist/add`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(ADMIN) }, body: JSON.stringify({ ipAddress }) });
      expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, message]);
    }

    const blocked = await fetch(`${server.url}/api/admin/blacklist/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ADMIN_IP, ...bearer(ADMIN) },
      body: JSON.stringify({ ipAddress: `::ffff:${BLOCKED_IP}` }),
    });
    const blockedAt = performance.now();
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toMatchObject({ success: true, message: 'IP Blocked', ipAddress: BLOCKED_IP, blockedBy: ADMIN.email });
    await until('the block to reach the gateway', async () => (await asBlocked('/api/usage-stats')).status === 403, 1000, 20);
    const tookMs = performance.now() - blockedAt;
    console.log(`block enforced at the gateway after ${tookMs.toFixed(0)} ms`);
    expect(tookMs).toBeLessThan(1000);

    const refused = await asBlocked('/api/auth/status');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: expect.stringContaining('blocked'), error: 'ip_blocked' });
    expect((await asBlocked('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ usageStats { totalCitations } }' }) })).status).toBe(403);
    // An admin field mixed with another is not the admin's own operation.
    expect((await asBlocked('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ blacklist { totalBlacklisted } usageStats { totalCitations } }' }) })).status).toBe(403);
    expect((await asBlocked('/', { method: 'GET' })).status).toBe(403);
    // The live channel too: its upgrade is refused before the progress service sees it.
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { 'x-forwarded-for': BLOCKED_IP } });
    await expect(new Promise((resolve, reject) => (socket.on('open', resolve), socket.on('error', reject)))).rejects.toThrow('Unexpected server response: 403');

    // The admin, even from the blocked address, still reaches their own paths.
    expect((await asBlocked('/api/admin/blacklist', { headers: bearer(ADMIN) })).status).toBe(200);
    expect((await asBlocked('/api/metrics', { headers: bearer(ADMIN) })).status).toBe(200);
    expect((await asBlocked('/metrics', { method: 'GET' })).status).not.toBe(403);
    const adminGraphql = await asBlocked('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: '{ blacklist { totalBlacklisted blacklistedIPs { ipAddress reason blockedBy blockedAt } } }' }) });
    expect(adminGraphql.status).toBe(200);
    expect(((await adminGraphql.json()) as { data: unknown }).data).toEqual({
      blacklist: { totalBlacklisted: 1, blacklistedIPs: [{ ipAddress: BLOCKED_IP, reason: null, blockedBy: ADMIN.email, blockedAt: expect.any(String) }] },
    });

    // A restarted gateway reads the list again.
    await server.close();
    server = await startEmbedded({ port: 0, env: env() });
    expect((await asBlocked('/api/usage-stats')).status).toBe(403);

    const unblock = await graphql(`mutation { unblockIp(ipAddress: "${BLOCKED_IP}") { success message } }`, { cookie: await adminCookie() });
    const unblockedAt = performance.now();
    expect(unblock.data).toEqual({ unblockIp: { success: true, message: 'IP Unblocked' } });
    await until('the unblock to reach the gateway', async () => (await asBlocked('/api/usage-stats')).status === 200, 1000, 20);
    expect(performance.now() - unblockedAt).toBeLessThan(1000);
    const again = await graphql(`mutation { unblockIp(ipAddress: "${BLOCKED_IP}") { success } }`, { cookie: await adminCookie() });
    expect(again.errors?.[0].message).toBe('This IP address is not blocked.');
  }, 60_000);

  it('writes every admin action to the audit log', async () => {
    const csv = await fetch(`${server.url}/api/admin/users/download`, { headers: { ...bearer(ADMIN), 'x-forwarded-for': ADMIN_IP } });
    expect(csv.status).toBe(200);
    const session = await adminCookie();
    const expected = ['admin.login', 'admin.login_failed', 'admin.logout', 'user.delete', 'user.resend_verification', 'users.download', 'ip.block', 'ip.unblock'];
    const actions = await until('every action in the audit log', async () => {
      const seen = await auditActions(session);
      return expected.every((action) => seen.includes(action)) ? seen : null;
    }, 5000);
    expect(new Set(actions)).toEqual(new Set(expected));
    const entries = (await graphql('{ auditLog(limit: 200) { id at actor action target ipAddress } }', { cookie: session })).data!.auditLog as {
      at: string; actor: string; action: string; target: string; ipAddress: string | null;
    }[];
    // Newest first, each with who, what, on what, when and from where.
    expect([...entries].sort((a, b) => b.at.localeCompare(a.at))).toEqual(entries);
    expect(entries.find((e) => e.action === 'user.delete')).toMatchObject({ actor: ADMIN.email, target: unverifiedId, ipAddress: ADMIN_IP });
    expect(entries.find((e) => e.action === 'admin.login_failed')).toMatchObject({ actor: ADMIN.email, ipAddress: ADMIN_IP });
    expect(entries.find((e) => e.action === 'ip.block')).toMatchObject({ actor: ADMIN.email, target: BLOCKED_IP });
    expect((await graphql('{ auditLog(limit: 0) { id } }', { cookie: session })).errors?.[0].message).toBe('limit must be a whole number from 1 to 1000');
  });
});
