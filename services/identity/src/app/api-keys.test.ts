/**
 * API keys against the SQLite store the product uses: issued once and stored as a digest,
 * named and capped, revoked by their owner or the admin (audited), and, on every call, the
 * owner within the key's rate limit.
 */
import { createService } from '../service';
import { createWorld, identitySettings, type TestWorld } from '../../test/harness';
import { hashPassword } from '../domain/passwords';
import { MAX_ACTIVE_KEYS } from '../domain/api-keys';
import type { IdentityContext } from './context';
import { registerFree } from './register-free';
import { openSession } from './sessions';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';
import { adminRevokeApiKey, listAllApiKeys } from './admin-api-keys';
import { deleteUser } from './delete-user';
import type { EventEnvelope, IdentityApi } from '@citecheck/proto';

let world: TestWorld;
let app: IdentityContext;
let api: IdentityApi;
let stop: () => Promise<void>;
const audit: EventEnvelope[] = [];
const ADMIN = { email: 'admin@citecheck.test', password: 'admin password 1' };
const adminCaller = { authorization: `Bearer ${JSON.stringify(ADMIN)}`, cookie: null, ip: '127.0.0.1' };

beforeAll(async () => {
  world = createWorld();
  const identity = createService(
    world.portsFor('identity'),
    identitySettings({ API_KEY_RATE_LIMIT: 5, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password) }),
  );
  await identity.module.start();
  await world.bus.subscribe('admin.action', 'audit-test', async (event) => {
    audit.push(event);
  });
  app = identity.context;
  api = identity.api;
  stop = () => identity.module.stop();
});

afterAll(async () => {
  await stop();
  await world.close();
});

async function signedIn(email: string, options: { userType?: 'free' | 'premium'; passwordSession?: boolean } = {}): Promise<{ token: string; userId: string }> {
  await registerFree(app, { name: 'Kim', email, newsletterOptIn: false });
  let user = (await app.users.byEmail(email))!;
  if (options.userType === 'premium') {
    await app.users.changePlan(user, { userType: 'premium', reportLimit: 100, planChangedAt: world.clock.now().toISOString() } as never);
    user = (await app.users.byId(user.id))!;
  }
  const { sessionToken } = await openSession(app, user, options.passwordSession ?? false);
  return { token: sessionToken, userId: user.id };
}

it('shows a new key once, stores only its digest, and lets it act as its owner', async () => {
  const { token, userId } = await signedIn('drafter@firm.test');
  const created = await createApiKey(app, token, { name: '  Drafting   assistant ' });
  expect(created.secret).toMatch(/^cck_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  expect(created.key).toMatchObject({ name: 'Drafting assistant', prefix: created.secret.slice(0, 20), lastUsedAt: null, revoked: false });
  const stored = (await app.apiKeys.byId(created.key.id))!;
  expect(JSON.stringify(stored)).not.toContain(created.secret.slice(21));
  expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);

  const use = await api.useApiKey(created.secret);
  expect(use).toMatchObject({ ok: true, user: { id: userId, email: 'drafter@firm.test', userType: 'free' }, key: { id: created.key.id, name: 'Drafting assistant' } });
  const [listed] = await listApiKeys(app, token);
  expect(listed.lastUsedAt).toBe(world.clock.now().toISOString());
  expect(JSON.stringify(await listApiKeys(app, token))).not.toContain(stored.secretHash);
});

it('refuses malformed, unknown and forged keys alike', async () => {
  const { token } = await signedIn('forger@firm.test');
  const { secret } = await createApiKey(app, token, { name: 'real' });
  const forged = `${secret.slice(0, 21)}${'A'.repeat(43)}`;
  for (const key of [null, '', 'cck_nothex', `cck_${'0'.repeat(16)}_${'B'.repeat(43)}`, forged, `${secret}x`]) {
    expect(await api.useApiKey(key)).toEqual({ ok: false, reason: 'invalid' });
  }
});

it('asks for a name, caps live keys, and needs a password sign-in on a paid account', async () => {
  const { token } = await signedIn('namer@firm.test');
  await expect(createApiKey(app, token, { name: '   ' })).rejects.toMatchObject({ status: 400, code: 'invalid_key_name' });
  await expect(createApiKey(app, token, { name: 'x'.repeat(61) })).rejects.toMatchObject({ status: 400 });
  await expect(createApiKey(app, null, { name: 'anon' })).rejects.toMatchObject({ status: 401 });
  const keys = [];
  for (let i = 0; i < MAX_ACTIVE_KEYS; i += 1) keys.push(await createApiKey(app, token, { name: `key ${i}` }));
  await expect(createApiKey(app, token, { name: 'one more' })).rejects.toMatchObject({ status: 409, code: 'too_many_keys' });
  await revokeApiKey(app, token, keys[0].key.id);
  await expect(createApiKey(app, token, { name: 'one more' })).resolves.toBeTruthy();

  const paid = await signedIn('partner@firm.test', { userType: 'premium' });
  await expect(createApiKey(app, paid.token, { name: 'dms' })).rejects.toMatchObject({ status: 403, code: 'PASSWORD_REQUIRED' });
  const withPassword = await openSession(app, (await app.users.byId(paid.userId))!, true);
  await expect(createApiKey(app, withPassword.sessionToken, { name: 'dms' })).resolves.toBeTruthy();
});

it('revokes a key for good; another user cannot revoke it', async () => {
  const owner = await signedIn('owner@firm.test');
  const other = await signedIn('other@firm.test');
  const { key, secret } = await createApiKey(app, owner.token, { name: 'to revoke' });
  await expect(revokeApiKey(app, other.token, key.id)).rejects.toMatchObject({ status: 404 });
  expect((await api.useApiKey(secret)).ok).toBe(true);
  const revoked = await revokeApiKey(app, owner.token, key.id);
  expect(revoked).toMatchObject({ revoked: true, revokedAt: expect.any(String) });
  expect(await api.useApiKey(secret)).toEqual({ ok: false, reason: 'revoked' });
});

it('holds the per-key rate limit under parallel calls, per key', async () => {
  const { token } = await signedIn('burst@firm.test');
  const a = await createApiKey(app, token, { name: 'a' });
  const b = await createApiKey(app, token, { name: 'b' });
  const results = await Promise.all(Array.from({ length: 40 }, () => api.useApiKey(a.secret)));
  expect(results.filter((r) => r.ok)).toHaveLength(5);
  expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'rate_limited', retryAfterSeconds: 60 });
  // Another key of the same owner has its own allowance.
  expect((await api.useApiKey(b.secret)).ok).toBe(true);
  world.clock.advance(60_001);
  expect((await api.useApiKey(a.secret)).ok).toBe(true);
});

it('lets the admin list and revoke any key, audited; nobody else', async () => {
  const { token } = await signedIn('audited@firm.test');
  const { key, secret } = await createApiKey(app, token, { name: 'firm system' });
  await expect(listAllApiKeys(app, { authorization: null, cookie: null, ip: '10.0.0.1' })).rejects.toMatchObject({ status: 401 });
  await expect(adminRevokeApiKey(app, { authorization: null, cookie: null, ip: '10.0.0.1' }, key.id)).rejects.toMatchObject({ status: 401 });
  const all = await listAllApiKeys(app, adminCaller);
  expect(all.find((k) => k.id === key.id)).toMatchObject({ name: 'firm system', ownerEmail: 'audited@firm.test' });
  expect(JSON.stringify(all)).not.toMatch(/secretHash/);
  const revoked = await adminRevokeApiKey(app, adminCaller, key.id);
  expect(revoked).toMatchObject({ revoked: true, ownerEmail: 'audited@firm.test' });
  expect(await api.useApiKey(secret)).toEqual({ ok: false, reason: 'revoked' });
  const deadline = Date.now() + 5000;
  while (!audit.some((e) => (e.payload as { target: string }).target === key.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const record = audit.find((e) => (e.payload as { target: string }).target === key.id)!;
  expect(record.payload).toMatchObject({ action: 'api_key.revoke', actor: ADMIN.email, target: key.id });
  expect(JSON.stringify(audit)).not.toContain(secret);
});

it("stops a deleted account's keys", async () => {
  const { token, userId } = await signedIn('leaving@firm.test');
  const { secret } = await createApiKey(app, token, { name: 'k' });
  await deleteUser(app, adminCaller, userId);
  expect(await api.useApiKey(secret)).toEqual({ ok: false, reason: 'invalid' });
});
