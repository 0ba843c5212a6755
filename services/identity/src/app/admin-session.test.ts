/**
 * The admin's sign-in and session against the SQLite store adapter the product uses: the
 * token is stored hashed, the session ends after its lifetime or at sign-out, answers for
 * the configured admin only, failed sign-ins are rate-limited and audited.
 */
import { ADMIN_COOKIE, parseEvent, type EventEnvelope } from '@citecheck/proto';
import { hashPassword } from '../domain/passwords';
import { hashToken } from '../domain/tokens';
import { createService } from '../service';
import { createWorld, identitySettings, type TestWorld } from '../../test/harness';
import { adminLogin, adminLogout, currentAdminSession } from './admin-session';
import { checkAdmin, requireAdmin } from './check-admin';
import type { IdentityContext } from './context';

const ADMIN = { email: 'admin@citecheck.test', password: 'correct horse battery' };
let passwordHash: string;
let world: TestWorld;
let app: IdentityContext;
let audit: EventEnvelope[];
let stop: () => Promise<void>;

beforeAll(async () => {
  passwordHash = await hashPassword(ADMIN.password);
});

async function start(overrides: Record<string, unknown> = {}) {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD_HASH: passwordHash, ...overrides }));
  await identity.module.start();
  app = identity.context;
  audit = [];
  const subscription = await world.bus.subscribe('admin.action', 'test', async (event) => void audit.push(event));
  stop = async () => {
    await subscription.close();
    await identity.module.stop();
    await world.close();
  };
}

afterEach(() => stop());

const cookieOf = (token: string) => `${ADMIN_COOKIE}=${token}`;

async function auditActions(count: number) {
  const deadline = Date.now() + 5000;
  while (audit.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return audit.map((event) => parseEvent('admin.action', event).payload);
}

it('opens a two-hour session stored hashed, recognised by the cookie until it ends', async () => {
  await start();
  const { token, session } = await adminLogin(app, { email: 'Admin@Citecheck.test', password: ADMIN.password }, '10.0.0.1');
  expect(session).toEqual({ email: ADMIN.email, expiresAt: '2025-03-01T14:00:00.000Z' });
  expect(await app.adminSessions.byId(token)).toBeNull();
  expect(await app.adminSessions.byId(hashToken(token))).toMatchObject({ email: ADMIN.email });
  expect(await currentAdminSession(app, `other=1; ${cookieOf(token)}`)).toEqual(session);
  expect(await checkAdmin(app, { authorization: null, cookie: cookieOf(token), ip: '10.0.0.9' })).toBe('ok');
  world.clock.advance(2 * 60 * 60 * 1000);
  expect(await currentAdminSession(app, cookieOf(token))).toBeNull();
  expect(await checkAdmin(app, { authorization: null, cookie: cookieOf(token), ip: '10.0.0.9' })).toBe('missing');
  expect(await auditActions(1)).toEqual([{ action: 'admin.login', actor: ADMIN.email, target: ADMIN.email, ipAddress: '10.0.0.1', at: '2025-03-01T12:00:00.000Z' }]);
});

it('ends the session at sign-out', async () => {
  await start();
  const { token } = await adminLogin(app, ADMIN, null);
  await adminLogout(app, cookieOf(token), '10.0.0.1');
  expect(await currentAdminSession(app, cookieOf(token))).toBeNull();
  await expect(requireAdmin(app, { authorization: null, cookie: cookieOf(token), ip: null })).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
  expect((await auditActions(2)).map((a) => a.action)).toEqual(['admin.login', 'admin.logout']);
});

it('refuses a session opened for another admin address once ADMIN_EMAIL changes', async () => {
  await start();
  const { token } = await adminLogin(app, ADMIN, null);
  app.settings.admin.email = 'new-admin@citecheck.test';
  expect(await currentAdminSession(app, cookieOf(token))).toBeNull();
});

it('refuses wrong and missing credentials with SPEC wording, audits them, and rate-limits the address', async () => {
  await start({ ADMIN_FAILURE_LIMIT: 2 });
  await expect(adminLogin(app, { email: ADMIN.email, password: 'wrong' }, '10.0.0.2')).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
  await expect(adminLogin(app, { email: 'someone@else.test', password: ADMIN.password }, '10.0.0.2')).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
  await expect(adminLogin(app, { email: '', password: '' }, '10.0.0.3')).rejects.toMatchObject({ status: 400, message: 'Invalid email or password' });
  await expect(adminLogin(app, { email: ADMIN.email, password: 'x'.repeat(5000) }, '10.0.0.3')).rejects.toMatchObject({ status: 400 });
  // Past the limit even the right password waits for the window.
  await expect(adminLogin(app, ADMIN, '10.0.0.2')).rejects.toMatchObject({ status: 429 });
  expect((await adminLogin(app, ADMIN, '10.0.0.4')).session.email).toBe(ADMIN.email);
  const actions = await auditActions(3);
  expect(actions.map((a) => [a.action, a.actor, a.ipAddress])).toEqual([
    ['admin.login_failed', ADMIN.email, '10.0.0.2'],
    ['admin.login_failed', 'someone@else.test', '10.0.0.2'],
    ['admin.login', ADMIN.email, '10.0.0.4'],
  ]);
});

it('refuses made-up cookies and answers 403 when no admin is configured', async () => {
  await start({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD_HASH: undefined });
  await expect(adminLogin(app, ADMIN, null)).rejects.toMatchObject({ status: 403, message: 'Admin access is not configured on this server.' });
  expect(await currentAdminSession(app, cookieOf('A'.repeat(43)))).toBeNull();
  expect(await currentAdminSession(app, `${ADMIN_COOKIE}=%%%`)).toBeNull();
});
