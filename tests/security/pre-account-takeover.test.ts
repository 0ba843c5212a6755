/**
 * Finding 6, pre-account takeover: an attacker registers the victim's address, applies a
 * coupon and sets a password, then waits for the victim to verify the address.
 * fails before: verification kept the attacker's password, so the attacker signed in to the
 * victim's verified account with a password session;
 * fails before: verification kept the attacker's coupon (the plan the attacker chose) and its
 * use stayed spent.
 */
// The flow needs notification's dev outbox beside identity, as in embedded mode.
import { createService as createNotification } from '../../services/notification/src/service';
import { createService } from '../../services/identity/src/service';
import { call, createWorld, identitySettings, notificationSettings, serve, type TestServer, type TestWorld } from '../../services/identity/test/harness';

let world: TestWorld;
let server: TestServer;
let stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings());
  const notification = createNotification(world.portsFor('notification'), notificationSettings());
  await identity.module.start();
  await notification.module.start();
  server = await serve([identity.module.routes, notification.module.routes]);
  stops = [() => server.close(), () => notification.module.stop(), () => identity.module.stop()];
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await world.close();
});

const api = (method: string, url: string, options?: Parameters<typeof call>[3]) => call(server.url, method, url, options);

async function verificationToken(email: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mail = (body as { subject: string; links: string[] }[]).find((m) => /Verify your email/.test(m.subject));
    if (mail) return new URL(mail.links[0]).searchParams.get('token')!;
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Registers with a coupon and sets a password in one browser; returns that browser's cookie. */
async function couponSignUp(email: string, password: string): Promise<{ cookie: string }> {
  const registered = await api('POST', '/api/register/free', { body: { name: 'Someone', email } });
  const browser = { cookie: (registered.headers.get('set-cookie') ?? '').split(';')[0] };
  expect((await api('POST', '/api/apply-coupon', { body: { email, couponCode: 'PREMIUMX' }, headers: browser })).status).toBe(200);
  expect((await api('POST', '/api/set-coupon-password', { body: { email, password }, headers: browser })).status).toBe(200);
  return browser;
}

it("voids the attacker's password when the owner verifies elsewhere", async () => {
  const victim = 'victim@firm.test';
  await couponSignUp(victim, 'attacker password 1');
  // The victim opens the mailed link in their own browser, which never held the attacker's claim.
  expect((await api('GET', `/api/verify-email?token=${await verificationToken(victim)}`)).status).toBe(200);
  // The password is void, and so is the coupon: the attacker's password is a wrong one now
  // ('Please check your credentials'), never a session.
  const attacker = await api('POST', '/api/auth/login', { body: { email: victim, password: 'attacker password 1' } });
  expect(attacker).toMatchObject({ status: 401, body: { error: 'invalid_credentials' } });
  expect(attacker.body.sessionToken).toBeUndefined();
});

it('keeps the password when the browser that set it is the one that verifies', async () => {
  const owner = 'owner@firm.test';
  const browser = await couponSignUp(owner, 'owner password 1');
  expect((await api('GET', `/api/verify-email?token=${await verificationToken(owner)}`, { headers: browser })).status).toBe(200);
  const signIn = await api('POST', '/api/auth/login', { body: { email: owner, password: 'owner password 1' } });
  expect(signIn.status).toBe(200);
  expect(signIn.body).toMatchObject({ requiresPassword: false });
});

/** The plan of the account a verification link signed in (its session answers auth status). */
async function planAfterVerifying(email: string, browser?: { cookie: string }): Promise<{ userType: string }> {
  const verified = await api('GET', `/api/verify-email?token=${await verificationToken(email)}`, browser ? { headers: browser } : undefined);
  expect(verified.status).toBe(200);
  const status = await api('GET', '/api/auth/status', { headers: { authorization: `Bearer ${verified.body.sessionToken}` } });
  return status.body.user as { userType: string };
}

/**
 * fails before: the coupon the attacker applied stayed on the victim's verified account (the
 * plan the attacker chose, with the password voided), and its use was spent.
 */
it("voids a coupon applied before verification when the owner verifies elsewhere, and gives its use back", async () => {
  // ONCE may be used by one account only: the attacker's claim on it must not survive.
  const victim = 'coupon-victim@firm.test';
  const registered = await api('POST', '/api/register/free', { body: { name: 'Someone', email: victim } });
  const attacker = { cookie: (registered.headers.get('set-cookie') ?? '').split(';')[0] };
  expect((await api('POST', '/api/apply-coupon', { body: { email: victim, couponCode: 'ONCE' }, headers: attacker })).status).toBe(200);
  expect(await planAfterVerifying(victim)).toMatchObject({ userType: 'free' });
  // The use came back: a new account can take the single-use coupon.
  await api('POST', '/api/register/free', { body: { name: 'Next', email: 'next@firm.test' } });
  const next = await api('POST', '/api/apply-coupon', { body: { email: 'next@firm.test', couponCode: 'ONCE' } });
  expect(next.status).toBe(200);
});

it('attaches the coupon when the browser that applied it is the one that verifies', async () => {
  const owner = 'coupon-owner@firm.test';
  const browser = await couponSignUp(owner, 'owner password 2');
  expect(await planAfterVerifying(owner, browser)).toMatchObject({ userType: 'premium' });
});
