/**
 * The authorization matrix: every endpoint of identity and notification, called as each
 * kind of caller, with the status and body shape each must get. The table is printed; any
 * cell that differs fails the test (all mismatches are listed at once).
 *
 * Cell notation: "<status> <checks...>" where a check is `key` (present), `!key` (absent),
 * `key=<json>` (equal), or `csv` (a text/csv attachment).
 */
// The matrix covers both services' routes, hosted together as in embedded mode.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { createService as createNotification } from '@citecheck/notification';
import { createEvent, createIdentityClient } from '@citecheck/proto';
import { registerFree } from '../app/register-free';
import { usageOf } from '../app/report-usage';
import { createService } from '../service';
import { hashPassword } from '../domain/passwords';
import { adminBearer, bearer, call, createWorld, identitySettings, notificationSettings, serve, type TestServer, type TestWorld } from '../../test/harness';

const ADMIN_EMAIL = 'admin@citecheck.test';
const ADMIN_PASSWORD = 'correct admin password';
const PASSWORD = 'premium password';

const PRINCIPALS = ['anonymous', 'unverified', 'verified', 'free', 'premium+pw', 'premium-pw', 'enterprise', 'admin', 'wrong-admin'] as const;
type Principal = (typeof PRINCIPALS)[number];

interface Actor {
  email: string;
  headers: Record<string, string>;
  password?: string;
}

let world: TestWorld;
let server: TestServer;
let stops: (() => Promise<void>)[] = [];
let createTarget: (verified: boolean) => Promise<string>;
let resolvers: any;
let listUsers: () => Promise<{ id: string; email: string }[]>;
const actors = {} as Record<Principal, Actor>;
let counter = 0;
const fresh = () => `fresh${(counter += 1)}@firm.test`;

async function api(method: string, url: string, options?: Parameters<typeof call>[3]) {
  return call(server.url, method, url, options);
}

async function linkFor(email: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mail = (body as { subject: string; links: string[] }[]).find((m) => subject.test(m.subject));
    if (mail) return mail.links[0];
    if (Date.now() > deadline) throw new Error(`no mail for ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function verify(email: string, headers: Record<string, string> = {}): Promise<string> {
  const link = await linkFor(email, /Verify your email/);
  const res = await api('GET', `/api/verify-email?token=${new URL(link).searchParams.get('token')}`, { headers });
  if (res.status !== 200) throw new Error(`verification of ${email} failed: ${JSON.stringify(res.body)}`);
  const device = deviceCookieOf(res.headers);
  if (device) devices.set(email, device);
  return res.body.sessionToken;
}

/** The device cookie each address's verifying browser was given: e-mail-only sign-in needs it. */
const devices = new Map<string, string>();
const deviceCookieOf = (headers: Headers) => (headers.get('set-cookie') ?? '').split(/,(?=\s*\w+=)/).map((c) => c.split(';')[0].trim()).find((c) => c.startsWith('citecheck_device='));

async function login(email: string, password?: string): Promise<string> {
  const device = devices.get(email);
  const res = await api('POST', '/api/auth/login', { body: { email, ...(password ? { password } : {}) }, headers: device ? { cookie: device } : {} });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.sessionToken;
}

beforeAll(async () => {
  world = createWorld();
  const identity = createService(
    world.portsFor('identity'),
    identitySettings({ ADMIN_EMAIL, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD) }),
  );
  const notification = await createNotification(world.portsFor('notification'), notificationSettings());
  await identity.module.start();
  await notification.module.start();
  resolvers = identity.module.resolvers;
  listUsers = () => identity.context.users.newestFirst();
  server = await serve([identity.module.routes, notification.module.routes]);
  stops = [() => server.close(), () => notification.module.stop(), () => identity.module.stop()];

  createTarget = async (verified) => {
    const email = fresh();
    await api('POST', '/api/register/free', { body: { name: 'Target', email } });
    if (verified) await verify(email);
    return (await identity.context.users.newestFirst()).find((u) => u.email === email)!.id;
  };

  actors.anonymous = { email: '', headers: {} };
  actors.unverified = { email: 'unverified@firm.test', headers: {} };
  await api('POST', '/api/auth/register', { body: { name: 'Una', email: actors.unverified.email } });

  actors.verified = { email: 'verified@firm.test', headers: {} };
  await api('POST', '/api/auth/register', { body: { name: 'Vera', email: actors.verified.email } });
  actors.verified.headers = bearer(await verify(actors.verified.email));

  actors.free = { email: 'free@firm.test', headers: {} };
  await api('POST', '/api/register/free', { body: { name: 'Fred', email: actors.free.email } });
  await verify(actors.free.email);
  actors.free.headers = bearer(await login(actors.free.email));

  // Premium through the coupon sign-up (free register, apply coupon, set password).
  const premium = 'premium@firm.test';
  // One browser throughout: its sign-in claim cookie shows verification that the password
  // was set there, so the password survives it (app/void-unverified-credentials.ts).
  const registered = await api('POST', '/api/register/free', { body: { name: 'Pia', email: premium } });
  const browser = { cookie: (registered.headers.get('set-cookie') ?? '').split(';')[0] };
  await api('POST', '/api/apply-coupon', { body: { email: premium, couponCode: 'premiumx' }, headers: browser });
  await api('POST', '/api/set-coupon-password', { body: { email: premium, password: PASSWORD }, headers: browser });
  await verify(premium, browser);
  actors['premium+pw'] = { email: premium, password: PASSWORD, headers: bearer(await login(premium, PASSWORD)) };
  actors['premium-pw'] = { email: premium, headers: bearer(await login(premium)) };

  // Enterprise through a paid sign-up upgraded by billing's subscription.changed.
  const enterprise = 'enterprise@firm.test';
  await api('POST', '/api/register/paid', { body: { name: 'Ed', email: enterprise, password: PASSWORD } });
  await world.bus.publish(
    'subscription.changed',
    enterprise,
    createEvent('subscription.changed', { userId: null, email: enterprise, userType: 'enterprise', reportLimit: 500, status: 'active', changedAt: world.clock.now().toISOString() }, enterprise),
  );
  await verify(enterprise);
  const deadline = Date.now() + 5000;
  while ((await identity.context.users.newestFirst()).find((u) => u.email === enterprise)?.userType !== 'enterprise') {
    if (Date.now() > deadline) throw new Error('enterprise upgrade not applied');
    await new Promise((r) => setTimeout(r, 20));
  }
  // Verification voided the password set before it; the owner sets one again (as after 'Forgot password').
  const edUser = await identity.context.users.byEmail(enterprise);
  await identity.context.users.setPassword(edUser!.id, await hashPassword(PASSWORD));
  actors.enterprise = { email: enterprise, password: PASSWORD, headers: bearer(await login(enterprise, PASSWORD)) };

  actors.admin = { email: '', headers: adminBearer(ADMIN_EMAIL, ADMIN_PASSWORD) };
  actors['wrong-admin'] = { email: '', headers: adminBearer(ADMIN_EMAIL, 'not the admin password') };
});

afterAll(async () => {
  for (const stop of stops) await stop();
  await world.close();
});

type Request = (actor: Actor) => Promise<{ method: string; url: string; body?: unknown }>;
const own = (actor: Actor) => actor.email || fresh();

// Each row: the request (built per caller), then the expected cell per principal, in PRINCIPALS order.
const ANON_STATUS = '200 isAuthenticated=false isVerified=false user=null';
const SIGNED_IN = '200 isAuthenticated=true isVerified=true user';
const NOT_SIGNED_IN = '401 message error="unauthorized"';
const NOT_ADMIN = '401 message="Invalid email or password" error="admin_unauthorized"';
const REGISTERED = '409 message="This email is already registered. Please use the Sign In option instead."';
const NO_SETUP = '403 message="Password setup failed"';

const rows: [string, Request, string[]][] = [
  ['GET /api/auth/status', async () => ({ method: 'GET', url: '/api/auth/status' }),
    [ANON_STATUS, ANON_STATUS, SIGNED_IN, SIGNED_IN, SIGNED_IN, SIGNED_IN, SIGNED_IN, ANON_STATUS, ANON_STATUS]],
  ['GET /api/user/report-usage', async () => ({ method: 'GET', url: '/api/user/report-usage' }),
    [NOT_SIGNED_IN, NOT_SIGNED_IN, '200 reportLimit=5 reportsUsed=0', '200 reportLimit=5 reportsUsed=0', '200 reportLimit=100', '200 reportLimit=100', '200 reportLimit=500', NOT_SIGNED_IN, NOT_SIGNED_IN]],
  ['POST /api/auth/register', async (a) => ({ method: 'POST', url: '/api/auth/register', body: { name: 'N', email: own(a) } }),
    ['200 alreadyVerified=false !sessionToken', '200 alreadyVerified=false !sessionToken', '200 alreadyVerified=true message="Welcome back!" sessionToken',
      '200 alreadyVerified=true sessionToken', '200 alreadyVerified=true sessionToken', '200 alreadyVerified=true sessionToken', '200 alreadyVerified=true sessionToken',
      '200 alreadyVerified=false !sessionToken', '200 alreadyVerified=false !sessionToken']],
  ['POST /api/auth/login', async (a) => ({ method: 'POST', url: '/api/auth/login', body: { email: own(a), ...(a.password ? { password: a.password } : {}) } }),
    // By e-mail alone, one answer for an unknown, a waiting and a verified address (issue 28, Low).
    ['403 error="check_email"', '403 error="check_email"', '200 sessionToken passwordSession=false requiresPassword=false',
      '200 sessionToken passwordSession=false requiresPassword=false', '200 sessionToken passwordSession=true requiresPassword=false',
      '200 sessionToken passwordSession=false requiresPassword=true', '200 sessionToken passwordSession=true requiresPassword=false',
      '403 error="check_email"', '403 error="check_email"']],
  ['POST /api/register/free', async (a) => ({ method: 'POST', url: '/api/register/free', body: { name: 'N', email: own(a) } }),
    ['201 success=true', REGISTERED, REGISTERED, REGISTERED, REGISTERED, REGISTERED, REGISTERED, '201 success=true', '201 success=true']],
  ['POST /api/register/paid', async (a) => ({ method: 'POST', url: '/api/register/paid', body: { name: 'N', email: own(a), password: 'paid password' } }),
    ['201 success=true', REGISTERED, REGISTERED, REGISTERED, REGISTERED, REGISTERED, REGISTERED, '201 success=true', '201 success=true']],
  ['POST /api/apply-coupon', async (a) => ({ method: 'POST', url: '/api/apply-coupon', body: { email: own(a), couponCode: 'PREMIUMX' } }),
    ['404 error="account_not_found"', '200 success=true userType="premium"', '403 error="coupon_not_allowed"', '403 error="coupon_not_allowed"',
      '200 success=true userType="premium"', '200 success=true userType="premium"', '409 error="coupon_already_applied"', '404 error="account_not_found"', '404 error="account_not_found"']],
  ['POST /api/set-coupon-password', async (a) => ({ method: 'POST', url: '/api/set-coupon-password', body: { email: own(a), password: 'coupon password' } }),
    [NO_SETUP, '200 success=true', NO_SETUP, NO_SETUP, NO_SETUP, NO_SETUP, NO_SETUP, NO_SETUP, NO_SETUP]],
  ['POST /api/auth/forgot-password', async (a) => ({ method: 'POST', url: '/api/auth/forgot-password', body: { email: own(a) } }),
    Array(9).fill('200 success=true message')],
  ['GET /api/auth/verify-reset-token (bad token)', async () => ({ method: 'GET', url: '/api/auth/verify-reset-token?token=x' }),
    Array(9).fill('400 valid=false error="Invalid reset token"')],
  ['POST /api/auth/reset-password (bad token)', async () => ({ method: 'POST', url: '/api/auth/reset-password', body: { token: 'x', password: 'long enough' } }),
    Array(9).fill('400 message="Invalid reset token"')],
  ['GET /api/verify-email (no token)', async () => ({ method: 'GET', url: '/api/verify-email' }),
    Array(9).fill('400 message="Invalid Verification Link: invalid or missing required parameters."')],
  ['GET /api/verify-email (bad token)', async () => ({ method: 'GET', url: '/api/verify-email?token=nope' }),
    Array(9).fill('400 message="Verification failed"')],
  ['GET /api/admin/users', async () => ({ method: 'GET', url: '/api/admin/users' }),
    [NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, '200 users', NOT_ADMIN]],
  ['GET /api/admin/users/download', async () => ({ method: 'GET', url: '/api/admin/users/download' }),
    [NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, '200 csv', NOT_ADMIN]],
  ['DELETE /api/admin/users/{id}', async () => ({ method: 'DELETE', url: `/api/admin/users/${await createTarget(true)}` }),
    [NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, '200 success=true', NOT_ADMIN]],
  ['POST /api/admin/users/{id}/resend-verification', async () => ({ method: 'POST', url: `/api/admin/users/${await createTarget(false)}/resend-verification` }),
    [NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, '200 success=true', NOT_ADMIN]],
  ['POST /api/support-inquiry', async (a) => ({ method: 'POST', url: '/api/support-inquiry', body: { name: 'N', email: own(a), message: 'Help' } }),
    Array(9).fill('200 success=true message="Support inquiry sent"')],
  ['POST /api/support-inquiry (empty)', async () => ({ method: 'POST', url: '/api/support-inquiry', body: { name: 'N' } }),
    Array(9).fill('400 message="Name, email, and message are required."')],
  ['GET /api/dev/outbox (dev mode)', async () => ({ method: 'GET', url: '/api/dev/outbox?to=nobody@x.test' }), Array(9).fill('200 []')],
  ['POST /api/auth/logout', async () => ({ method: 'POST', url: '/api/auth/logout' }), Array(9).fill('200 success=true')],
  ['GET /api/auth/status (after logout)', async () => ({ method: 'GET', url: '/api/auth/status' }), Array(9).fill(ANON_STATUS)],
];

function check(cell: string, res: { status: number; body: any; headers: Headers }): string | null {
  const [status, ...checks] = cell.split(/ (?=(?:[^"]*"[^"]*")*[^"]*$)/);
  if (String(res.status) !== status) return `status ${res.status}`;
  for (const c of checks) {
    if (c === 'csv') {
      if (!res.headers.get('content-type')?.startsWith('text/csv')) return 'not text/csv';
      if (res.headers.get('content-disposition') !== 'attachment; filename="user_registrations.csv"') return 'no attachment header';
      if (!String(res.body).startsWith('"ID","Name","Email"')) return 'no CSV header row';
    } else if (c === '[]') {
      if (!Array.isArray(res.body) || res.body.length !== 0) return 'not an empty list';
    } else if (c.startsWith('!')) {
      if (res.body && c.slice(1) in res.body) return `has ${c.slice(1)}`;
    } else if (c.includes('=')) {
      const [key, value] = [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)];
      if (JSON.stringify(res.body?.[key]) !== JSON.stringify(JSON.parse(value))) return `${key}=${JSON.stringify(res.body?.[key])}`;
    } else if (!res.body || !(c in res.body)) {
      return `no ${c}`;
    }
  }
  return null;
}

it('answers every endpoint x caller as the matrix says', async () => {
  const table: string[] = [];
  const mismatches: string[] = [];
  const width = 13;
  table.push(['endpoint'.padEnd(48), ...PRINCIPALS.map((p) => p.padEnd(width))].join(' '));
  for (const [name, build, expected] of rows) {
    const cells: string[] = [];
    for (const [i, principal] of PRINCIPALS.entries()) {
      const actor = actors[principal];
      const { method, url, body } = await build(actor);
      // Each actor calls from the browser that verified its address (its device cookie).
      const device = devices.get(actor.email);
      const res = await api(method, url, { body, headers: { ...actor.headers, ...(device ? { cookie: device } : {}) } });
      const problem = check(expected[i], res);
      const shape = Array.isArray(res.body) ? '[...]' : res.body && typeof res.body === 'object' ? Object.keys(res.body).slice(0, 2).join(',') : 'text';
      cells.push(`${problem ? '✗' : '✓'}${res.status} ${shape}`.slice(0, width).padEnd(width));
      if (problem) mismatches.push(`${name} as ${principal}: expected "${expected[i]}", got ${problem}: ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    table.push([name.padEnd(48), ...cells].join(' '));
  }
  console.log(`authorization matrix (✓ = as expected)\n${table.join('\n')}`);
  expect(mismatches).toEqual([]);
});

it('ends a deleted user\'s sessions at once', async () => {
  const email = fresh();
  await api('POST', '/api/register/free', { body: { name: 'Gone', email } });
  const token = await verify(email);
  expect((await api('GET', '/api/auth/status', { headers: bearer(token) })).body.isAuthenticated).toBe(true);
  const id = (await listUsers()).find((u) => u.email === email)!.id;
  expect((await api('DELETE', `/api/admin/users/${id}`, { headers: actors.admin.headers })).status).toBe(200);
  expect((await api('GET', '/api/auth/status', { headers: bearer(token) })).body.isAuthenticated).toBe(false);
  expect((await api('GET', '/api/user/report-usage', { headers: bearer(token) })).status).toBe(401);
  expect((await api('DELETE', `/api/admin/users/${id}`, { headers: actors.admin.headers })).status).toBe(404);
});

it('serves users through GraphQL to the admin only', async () => {
  const users = await resolvers.Query.users(null, {}, { authorization: actors.admin.headers.authorization, ip: '10.0.0.1' });
  expect(users.map((u: { email: string }) => u.email)).toContain('premium@firm.test');
  expect(Object.keys(users[0]).sort()).toEqual(['createdAt', 'email', 'id', 'isVerified', 'name', 'newsletterOptIn', 'reportLimit', 'userType', 'verifiedAt']);
  await expect(resolvers.Query.users(null, {}, { authorization: actors['wrong-admin'].headers.authorization })).rejects.toMatchObject({ status: 401 });
  await expect(resolvers.Query.users(null, {}, { authorization: actors['premium+pw'].headers.authorization })).rejects.toMatchObject({ status: 401 });
});

it('rate-limits failed admin sign-ins per IP, and sign-ins per IP', async () => {
  // A separate instance with a low failure limit; the matrix's instance allows many.
  const w = createWorld();
  const identity = createService(w.portsFor('identity'), identitySettings({ ADMIN_EMAIL, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD), ADMIN_FAILURE_LIMIT: 2, RATE_LIMIT_PER_IP: 3 }));
  const s = await serve([identity.module.routes]);
  try {
    const wrong = adminBearer(ADMIN_EMAIL, 'guess');
    expect((await call(s.url, 'GET', '/api/admin/users', { headers: wrong })).status).toBe(401);
    expect((await call(s.url, 'GET', '/api/admin/users', { headers: wrong })).status).toBe(401);
    const blocked = await call(s.url, 'GET', '/api/admin/users', { headers: adminBearer(ADMIN_EMAIL, ADMIN_PASSWORD) });
    expect(blocked).toMatchObject({ status: 429, body: { message: 'Too many requests. Please wait a minute and try again.', error: 'rate_limited' } });
    w.clock.advance(60_000);
    expect((await call(s.url, 'GET', '/api/admin/users', { headers: adminBearer(ADMIN_EMAIL, ADMIN_PASSWORD) })).status).toBe(200);

    // Per IP: the fourth login from one address in a minute is refused (calls per e-mail
    // address are not counted for sign-in: that let anyone keep the owner out).
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call(s.url, 'POST', '/api/auth/login', { body: { email: 'x@firm.test' } })).status);
    expect(statuses).toEqual([403, 403, 403, 429]);
  } finally {
    await s.close();
    await w.close();
  }
});

it('refuses every admin call when no admin is configured', async () => {
  const w = createWorld();
  const identity = createService(w.portsFor('identity'), identitySettings());
  const s = await serve([identity.module.routes]);
  try {
    const res = await call(s.url, 'GET', '/api/admin/users', { headers: adminBearer('', '') });
    expect(res).toMatchObject({ status: 403, body: { error: 'admin_not_configured' } });
    const gql = identity.module.resolvers.Query.users;
    await expect(gql(null, {}, { authorization: adminBearer('a@b.co', 'x').authorization })).rejects.toMatchObject({ status: 403, code: 'admin_not_configured' });
  } finally {
    await s.close();
    await w.close();
  }
});

it('serves IdentityApi on /internal/identity/* only with the shared INTERNAL_TOKEN', async () => {
  const w = createWorld();
  const internalToken = 'a-shared-secret-of-32-characters!';
  const identity = createService(w.portsFor('identity'), identitySettings({ INTERNAL_TOKEN: internalToken }));
  const closed = createService(w.portsFor('identity-closed'), identitySettings());
  const s = await serve([identity.module.routes]);
  const s2 = await serve([closed.module.routes]);
  try {
    await registerFree(identity.context, { name: 'I', email: 'internal@firm.test', newsletterOptIn: false });
    const userId = (await identity.context.users.newestFirst())[0].id;
    const headers = { 'x-internal-token': internalToken };
    const reserved = await call(s.url, 'POST', '/internal/identity/reserve-report', { body: { userId }, headers });
    expect(reserved).toMatchObject({ status: 200, body: { ok: true, reportsUsed: 1, reportLimit: 5 } });
    const released = await call(s.url, 'POST', '/internal/identity/release-report', { body: { userId, reservationId: reserved.body.reservationId }, headers });
    expect(released.status).toBe(204);
    expect(await usageOf(identity.context, userId)).toEqual({ reportLimit: 5, reportsUsed: 0 });
    // Proto's client speaks to these routes as ingest does in distributed mode.
    const client = createIdentityClient({ baseUrl: s.url, internalToken });
    const viaClient = await client.reserveReport(userId);
    expect(viaClient).toMatchObject({ ok: true, reportsUsed: 1 });
    if (viaClient.ok) await client.releaseReport(userId, viaClient.reservationId);
    expect(await usageOf(identity.context, userId)).toEqual({ reportLimit: 5, reportsUsed: 0 });
    await expect(client.authenticate('not-a-session')).resolves.toBeNull();
    expect((await call(s.url, 'POST', '/internal/identity/authenticate', { body: { sessionToken: 'x' }, headers })).body).toEqual({ user: null });
    expect((await call(s.url, 'POST', '/internal/identity/is-admin', { body: { authorization: null }, headers })).body).toEqual({ isAdmin: false, email: null });
    expect((await call(s.url, 'POST', '/internal/identity/reserve-report', { body: { userId }, headers: { 'x-internal-token': 'wrong' } })).status).toBe(404);
    expect((await call(s.url, 'POST', '/internal/identity/reserve-report', { body: { userId } })).status).toBe(404);
    expect((await call(s2.url, 'POST', '/internal/identity/reserve-report', { body: { userId }, headers })).status).toBe(404);
  } finally {
    await s.close();
    await s2.close();
    await w.close();
  }
});
