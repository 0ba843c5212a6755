/**
 * Finding 7, e-mail-only sign-in: a free account signed in with its address alone, and
 * registering a verified address answered 'Welcome back!' with a session, so knowing someone's
 * address was enough to enter their account.
 * - fails before: a browser that never proved the address got a session from POST
 *   /api/auth/login {email} and from POST /api/auth/register {name, email};
 * Now it gets 'Check Your Email' and the owner a one-click sign-in link; the browser that
 * opens it (or that verified the address) signs in by e-mail alone from then on.
 */
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

/** The links of every such mail, once there are `count` of them. */
async function linksIn(email: string, subject: RegExp, count: number): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = (body as { subject: string; links: string[] }[]).filter((m) => subject.test(m.subject));
    if (mails.length >= count) return mails.map((m) => m.links[0]);
    if (Date.now() > deadline) throw new Error(`no ${count} "${subject}" mails for ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function linkIn(email: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = (body as { subject: string; links: string[] }[]).filter((m) => subject.test(m.subject));
    if (mails.length > 0) return mails[0].links[0];
    if (Date.now() > deadline) throw new Error(`no "${subject}" mail for ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const deviceOf = (headers: Headers) => /citecheck_device=[A-Za-z0-9_-]+/.exec(headers.get('set-cookie') ?? '')?.[0];
/** The asking browser's sign-in cookie: a mailed sign-in link opens only with it (finding 2 of issue 28). */
const signInCookieOf = (headers: Headers) => /citecheck_signin=[A-Za-z0-9_-]+/.exec(headers.get('set-cookie') ?? '')?.[0];
const CHECK_EMAIL = 'Check Your Email: if this address can sign in, we sent it a link. Open it to continue.';

it('signs in by address alone only in a browser that proved it; elsewhere mails a sign-in link', async () => {
  const email = 'lawyer@firm.test';
  await api('POST', '/api/auth/register', { body: { name: 'Lee', email } });
  const verifyLink = await linkIn(email, /Verify your email/);
  const verified = await api('GET', `/api/verify-email?token=${new URL(verifyLink).searchParams.get('token')}`);
  expect(deviceOf(verified.headers)).toBeDefined();
  expect(verified.body).toMatchObject({ success: true, alreadyVerified: false });

  // A stranger who only knows the address.
  const login = await api('POST', '/api/auth/login', { body: { email } });
  expect(login).toMatchObject({ status: 403, body: { message: CHECK_EMAIL, error: 'check_email' } });
  expect(login.body.sessionToken).toBeUndefined();
  const register = await api('POST', '/api/auth/register', { body: { name: 'Lee', email } });
  expect(register.body).toEqual({ alreadyVerified: false, message: CHECK_EMAIL });

  // The owner asks on a new machine and opens the sign-in link there: signed in, and that
  // browser is known from now on. The stranger's two links (each bound to the stranger's
  // browser) open nowhere else.
  const asking = await api('POST', '/api/auth/login', { body: { email } });
  const browser = signInCookieOf(asking.headers)!;
  const links = await linksIn(email, /Sign in to CiteCheck/, 3);
  const answers = [];
  for (const link of links) answers.push(await api('GET', `/api/verify-email?token=${new URL(link).searchParams.get('token')}`, { headers: { cookie: browser } }));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
  const opened = answers.find((a) => a.status === 200)!;
  // The page it opens says 'signed in', not 'verified' (web: verify-email route).
  expect(opened.body).toMatchObject({ success: true, alreadyVerified: true, user: { name: 'Lee' } });
  const device = deviceOf(opened.headers)!;
  const again = await api('POST', '/api/auth/login', { body: { email }, headers: { cookie: device } });
  expect(again.status).toBe(200);
  expect(again.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

it('an expired sign-in link asks the owner to sign in again, not to register', async () => {
  const email = 'expired@firm.test';
  await api('POST', '/api/auth/register', { body: { name: 'Kim', email } });
  const verifyLink = await linkIn(email, /Verify your email/);
  expect((await api('GET', `/api/verify-email?token=${new URL(verifyLink).searchParams.get('token')}`)).status).toBe(200);
  expect((await api('POST', '/api/auth/login', { body: { email } })).status).toBe(403);
  const signInLink = await linkIn(email, /Sign in to CiteCheck/);
  world.clock.advance(25 * 60 * 60 * 1000);
  const opened = await api('GET', `/api/verify-email?token=${new URL(signInLink).searchParams.get('token')}`);
  expect(opened).toMatchObject({
    status: 400,
    body: { error: 'link_expired', message: 'Verification failed: this sign-in link has expired. Sign in again to receive a new one.' },
  });
  // A verification link of an address never verified still says to register again.
  await api('POST', '/api/auth/register', { body: { name: 'Ng', email: 'never@firm.test' } });
  const neverLink = await linkIn('never@firm.test', /Verify your email/);
  world.clock.advance(25 * 60 * 60 * 1000);
  const stale = await api('GET', `/api/verify-email?token=${new URL(neverLink).searchParams.get('token')}`);
  expect(stale.body).toMatchObject({ error: 'link_expired', message: 'Verification failed: this link has expired. Register again to receive a new one.' });
});
