/**
 * The account a payment paid for, and paid renewals, against the SQLite store the product
 * uses; the account call also over identity's internal route with proto's client, as billing
 * makes it in distributed mode.
 */
import { createIdentityClient, type PaidAccountRequest } from '@citecheck/proto';
import { createService } from '../service';
import { createWorld, identitySettings, serve, type TestServer, type TestWorld } from '../../test/harness';
import type { IdentityContext } from './context';
import { authenticate } from './authenticate';
import { createPaidAccount } from './create-paid-account';
import { registerFree } from './register-free';
import { renewPeriod } from './renew-period';
import { setupPaidPlan } from './setup-paid-plan';
import { reserveReport } from './reserve-report';

const INTERNAL_TOKEN = 'a-shared-secret-of-32-characters!';

let world: TestWorld;
let app: IdentityContext;
let server: TestServer;
let stop: () => Promise<void>;

beforeEach(async () => {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings({ INTERNAL_TOKEN }));
  await identity.module.start();
  app = identity.context;
  server = await serve([identity.module.routes]);
  stop = () => identity.module.stop();
});

afterEach(async () => {
  await server.close();
  await stop();
  await world.close();
});

function request(overrides: Partial<PaidAccountRequest> = {}): PaidAccountRequest {
  return {
    paymentId: 'pi_123',
    name: 'Ann Payer',
    email: 'ann@firm.test',
    password: 'correct horse battery',
    newsletterOptIn: false,
    userType: 'enterprise',
    paidAt: world.clock.now().toISOString(),
    ...overrides,
  };
}

it('creates the account on the paid plan over the internal route, unverified, with a password session', async () => {
  const client = createIdentityClient({ baseUrl: server.url, internalToken: INTERNAL_TOKEN });
  const result = await client.createPaidAccount(request());
  expect(result).toMatchObject({ ok: true });
  if (!result.ok) return;
  const user = await app.users.byId(result.userId);
  expect(user).toMatchObject({ email: 'ann@firm.test', userType: 'enterprise', reportLimit: 500, isVerified: false });
  expect(await client.authenticate(result.sessionToken)).toMatchObject({ id: result.userId, passwordSession: true });
  const untrusted = createIdentityClient({ baseUrl: server.url, internalToken: 'not-the-shared-secret-at-all!!' });
  await expect(untrusted.createPaidAccount(request({ paymentId: 'pi_other' }))).rejects.toThrow(/404/);
});

it('answers a repeat of the same payment with the same account, and only to its password', async () => {
  const first = await createPaidAccount(app, request());
  const again = await createPaidAccount(app, request());
  expect(first.ok && again.ok && first.userId === again.userId).toBe(true);
  expect(await createPaidAccount(app, request({ password: 'somebody else guessing' }))).toMatchObject({ ok: false, reason: 'not_the_payer' });
  // Another payment for the same (still unverified) address: the same account, and only to its password.
  expect(await createPaidAccount(app, request({ paymentId: 'pi_456', password: 'somebody else guessing' }))).toMatchObject({ ok: false, reason: 'not_the_payer' });
  const second = await createPaidAccount(app, request({ paymentId: 'pi_789' }));
  expect(second.ok && first.ok && second.userId === first.userId).toBe(true);
  expect((await app.users.newestFirst()).length).toBe(1);
});

it('makes an address registered and not yet verified the paid account: its password set, its plan applied, one account', async () => {
  const { signInClaim } = await registerFree(app, { name: 'Reg First', email: 'reg@firm.test', newsletterOptIn: false });
  const registered = (await app.users.byEmail('reg@firm.test'))!;
  const result = await createPaidAccount(app, request({ email: 'REG@firm.test', name: 'Someone Else', userId: registered.id, claim: signInClaim }));
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  expect(result.userId).toBe(registered.id);
  expect(await app.users.byId(registered.id)).toMatchObject({ name: 'Reg First', userType: 'enterprise', reportLimit: 500, isVerified: false, passwordHash: expect.any(String) });
  // Set with the registering browser's claim: verifying the address in that browser keeps it.
  expect((await app.users.byId(registered.id))!.passwordClaimHash).toEqual(expect.any(String));
  expect(await authenticate(app, result.sessionToken)).toMatchObject({ id: registered.id, passwordSession: true });
  expect((await app.users.newestFirst()).length).toBe(1);
  // The same without the account named (a subscription from before accounts were made first): found by address.
  await registerFree(app, { name: 'Old Way', email: 'old@firm.test', newsletterOptIn: false });
  const old = await createPaidAccount(app, request({ paymentId: 'pi_old', email: 'old@firm.test' }));
  expect(old.ok && old.userId === (await app.users.byEmail('old@firm.test'))!.id).toBe(true);
});

it('never sets the password of an address its owner verified, whoever paid for it', async () => {
  await registerFree(app, { name: 'Owner', email: 'owner@firm.test', newsletterOptIn: false });
  const owner = (await app.users.byEmail('owner@firm.test'))!;
  await app.users.markVerified(owner.id, world.clock.now().toISOString());
  expect(await createPaidAccount(app, request({ userId: owner.id }))).toMatchObject({ ok: false, reason: 'already_registered' });
  expect(await createPaidAccount(app, request({ paymentId: 'pi_x', email: 'owner@firm.test' }))).toMatchObject({ ok: false, reason: 'already_registered' });
  expect((await app.users.byId(owner.id))!.passwordHash).toBeNull();
  expect(await createPaidAccount(app, request({ paymentId: 'pi_y', userId: 'no-such-user' }))).toMatchObject({ ok: false, reason: 'not_found' });
});

it('refuses bad input without keeping the payment, so a corrected call still succeeds', async () => {
  expect(await createPaidAccount(app, request({ password: 'short' }))).toMatchObject({ ok: false, reason: 'invalid_input', message: 'Password must be at least 8 characters long.' });
  expect(await createPaidAccount(app, request({ email: 'not-an-email' }))).toMatchObject({ ok: false, reason: 'invalid_input' });
  expect(await createPaidAccount(app, request())).toMatchObject({ ok: true });
});

it('restarts the month on a renewal, once per period', async () => {
  const created = await createPaidAccount(app, request({ userType: 'premium' }));
  if (!created.ok) throw new Error('not created');
  for (let i = 0; i < 3; i += 1) await reserveReport(app, created.userId);
  const periodStart = new Date(world.clock.now().getTime() + 1000).toISOString();
  const renewal = { userId: created.userId, email: 'ann@firm.test', periodStart, periodEnd: periodStart, renewedAt: periodStart };
  await renewPeriod(app, renewal);
  expect(await reserveReport(app, created.userId)).toMatchObject({ ok: true, reportsUsed: 1, reportLimit: 100 });
  await renewPeriod(app, renewal);
  expect(await reserveReport(app, created.userId)).toMatchObject({ ok: true, reportsUsed: 2 });
});

it('sets up a paid plan on an account without a password: the plan and its first password, never replacing one', async () => {
  await registerFree(app, { name: 'Free Ann', email: 'free@firm.test', newsletterOptIn: false });
  const user = (await app.users.newestFirst())[0];
  const paidAt = world.clock.now().toISOString();
  expect(await setupPaidPlan(app, { userId: user.id, password: 'short', userType: 'premium', paidAt })).toMatchObject({ ok: false, reason: 'invalid_input' });
  const setUp = await setupPaidPlan(app, { userId: user.id, password: 'first password!', userType: 'premium', paidAt });
  if (!setUp.ok) throw new Error(`not set up: ${setUp.message}`);
  expect(await app.users.byId(user.id)).toMatchObject({ userType: 'premium', reportLimit: 100 });
  // The answer is a password session: the paid dashboard opens with it.
  expect(await authenticate(app, setUp.sessionToken)).toMatchObject({ id: user.id, userType: 'premium', passwordSession: true });
  expect(await setupPaidPlan(app, { userId: user.id, password: 'first password!', userType: 'premium', paidAt })).toMatchObject({ ok: true, sessionToken: expect.any(String) });
  expect(await setupPaidPlan(app, { userId: user.id, password: 'a second password', userType: 'premium', paidAt })).toMatchObject({ ok: false, reason: 'password_mismatch' });
  expect(await setupPaidPlan(app, { userId: 'nobody', password: 'first password!', userType: 'premium', paidAt })).toMatchObject({ ok: false, reason: 'not_found' });
});
