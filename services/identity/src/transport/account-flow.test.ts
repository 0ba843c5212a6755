/**
 * The whole account flow over real HTTP, as a browser would drive it: register, read the
 * verification mail from the dev outbox, verify, sign in, forget the password, reset it.
 * Identity and notification run together as in embedded mode: one Koa app on a real port,
 * one embedded bus, the SQLite store adapter; time moves only when the test says so.
 */
// A whole-flow test hosts both services, as the embedded composition root does.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { createService as createNotification } from '@citecheck/notification';
import type { EventEnvelope } from '@citecheck/proto';
import { createService } from '../service';
import { messages } from '../domain/errors';
import { bearer, call, createWorld, identitySettings, notificationSettings, serve, type TestServer, type TestWorld } from '../../test/harness';

let world: TestWorld;
let server: TestServer;
let stops: (() => Promise<void>)[] = [];
const published: EventEnvelope[] = [];

beforeAll(async () => {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings());
  const notification = await createNotification(world.portsFor('notification'), notificationSettings());
  await identity.module.start();
  await notification.module.start();
  for (const topic of ['user.registered', 'user.verified']) {
    await world.bus.subscribe(topic, 'flow-test', async (event) => {
      published.push(event);
    });
  }
  server = await serve([identity.module.routes, notification.module.routes]);
  stops = [() => server.close(), () => notification.module.stop(), () => identity.module.stop()];
});

afterAll(async () => {
  for (const stop of stops) await stop();
  await world.close();
});

const api = (method: string, url: string, options?: Parameters<typeof call>[3]) => call(server.url, method, url, options);

/** Waits for the newest mail to `to` whose subject matches, through GET /api/dev/outbox. */
async function mailTo(to: string, subject: RegExp, after = 0): Promise<{ subject: string; text: string; html: string; links: string[] }> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { status, body } = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(status).toBe(200);
    const matching = (body as { subject: string; text: string; html: string; links: string[] }[]).filter((m) => subject.test(m.subject));
    if (matching.length > after) return matching[0];
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" for ${to}; outbox: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('register -> e-mail -> verify -> login -> forgot -> reset', () => {
  const email = 'Ann.Lawyer@Firm.test';
  let sessionToken = '';
  let device = '';

  it('registers and mails a verification link built from PUBLIC_URL', async () => {
    const res = await api('POST', '/api/auth/register', { body: { name: 'Ann O’Lawyer-Smith', email, newsletterOptIn: true } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ alreadyVerified: false, message: messages.checkEmailSignIn });
    const mail = await mailTo(email.toLowerCase(), /Verify your email/);
    expect(mail.links[0]).toMatch(/^http:\/\/citecheck\.test\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain('Hello Ann O’Lawyer-Smith,');
    expect((await api('GET', '/api/auth/status')).body).toEqual({ isVerified: false, isAuthenticated: false, user: null, accountSetupRequired: false });
  });

  it('verifies once, signs in with a cookie, and refuses the link a second time', async () => {
    const { links } = await mailTo(email.toLowerCase(), /Verify your email/);
    const res = await api('GET', `/api/verify-email?token=${tokenOf(links[0])}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { name: 'Ann O’Lawyer-Smith' } });
    sessionToken = res.body.sessionToken;
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/citecheck_session=[A-Za-z0-9_-]{43}/);
    expect(cookie.toLowerCase()).toContain('httponly');
    // This browser proved the address: it may sign in by e-mail alone from now on.
    device = cookie.match(/citecheck_device=[A-Za-z0-9_-]+/)![0];
    expect(cookie.toLowerCase()).toContain('samesite=lax');

    const again = await api('GET', `/api/verify-email?token=${tokenOf(links[0])}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.verificationUsed);

    const missing = await api('GET', '/api/verify-email');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Invalid Verification Link: invalid or missing required parameters.');

    const expected = { isVerified: true, isAuthenticated: true, user: { name: 'Ann O’Lawyer-Smith', email, userType: 'free' }, accountSetupRequired: false };
    expect((await api('GET', '/api/auth/status', { headers: bearer(sessionToken) })).body).toEqual(expected);
    // The cookie alone authenticates too (requests also send cookies, SPEC section 6).
    expect((await api('GET', '/api/auth/status', { headers: { cookie: cookie.split(';')[0] } })).body).toEqual(expected);
    await mailTo(email.toLowerCase(), /Welcome to CiteCheck/);
    expect(published.map((e) => e.type).sort()).toEqual(['user.registered', 'user.verified']);
  });

  it('welcomes a verified address back with a session, and signs in by e-mail alone, in the browser that verified it', async () => {
    const elsewhere = await api('POST', '/api/auth/register', { body: { name: 'Ann', email: 'ann.lawyer@firm.TEST' } });
    expect(elsewhere.body).toEqual({ alreadyVerified: false, message: messages.checkEmailSignIn });
    const stranger = await api('POST', '/api/auth/login', { body: { email: 'ann.lawyer@firm.TEST' } });
    expect(stranger).toMatchObject({ status: 403, body: { message: messages.checkEmailSignIn, error: 'check_email' } });

    const back = await api('POST', '/api/auth/register', { body: { name: 'Ann', email: 'ann.lawyer@firm.TEST' }, headers: { cookie: device } });
    expect(back.body).toMatchObject({ alreadyVerified: true, message: 'Welcome back!', user: { name: 'Ann O’Lawyer-Smith' } });
    expect((await api('GET', '/api/auth/status', { headers: bearer(back.body.sessionToken) })).body.isAuthenticated).toBe(true);

    const login = await api('POST', '/api/auth/login', { body: { email: ' ANN.LAWYER@firm.test ' }, headers: { cookie: device } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ user: { name: 'Ann O’Lawyer-Smith' }, passwordSession: false, requiresPassword: false });
    sessionToken = login.body.sessionToken;
  });

  it('answers forgot-password the same for known and unknown addresses', async () => {
    const known = await api('POST', '/api/auth/forgot-password', { body: { email } });
    const unknown = await api('POST', '/api/auth/forgot-password', { body: { email: 'nobody@firm.test' } });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: 200, body: known.body });
    const none = await api('GET', '/api/dev/outbox?to=nobody@firm.test');
    expect(none.body).toEqual([]);
  });

  it('resets the password once with the mailed link and signs out old sessions', async () => {
    const { links } = await mailTo(email.toLowerCase(), /Reset your CiteCheck password/);
    expect(links[0]).toMatch(/^http:\/\/citecheck\.test\/reset-password\?token=/);
    const token = tokenOf(links[0]);
    expect((await api('GET', `/api/auth/verify-reset-token?token=${token}`)).body).toEqual({ valid: true, name: 'Ann O’Lawyer-Smith' });

    const short = await api('POST', '/api/auth/reset-password', { body: { token, password: 'short' } });
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters long' } });

    const ok = await api('POST', '/api/auth/reset-password', { body: { token, password: 'a new password' } });
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    const reused = await api('POST', '/api/auth/reset-password', { body: { token, password: 'another password' } });
    expect(reused).toMatchObject({ status: 400, body: { message: 'Invalid reset token' } });
    expect((await api('GET', `/api/auth/verify-reset-token?token=${token}`)).body).toMatchObject({ valid: false, error: 'Invalid reset token' });

    expect((await api('GET', '/api/auth/status', { headers: bearer(sessionToken) })).body.isAuthenticated).toBe(false);
    const withPassword = await api('POST', '/api/auth/login', { body: { email, password: 'a new password' } });
    expect(withPassword.body.passwordSession).toBe(true);
    const wrong = await api('POST', '/api/auth/login', { body: { email, password: 'not the password' } });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Please check your credentials' } });
  });

  it('refuses a reset link after 1 hour', async () => {
    // The outbox lists newest first by creation time; a tick apart keeps this mail first.
    world.clock.advance(1000);
    await api('POST', '/api/auth/forgot-password', { body: { email } });
    const { links } = await mailTo(email.toLowerCase(), /Reset your CiteCheck password/, 1);
    const token = tokenOf(links[0]);
    world.clock.advance(59 * 60 * 1000);
    expect((await api('GET', `/api/auth/verify-reset-token?token=${token}`)).body.valid).toBe(true);
    world.clock.advance(60 * 1000);
    expect((await api('GET', `/api/auth/verify-reset-token?token=${token}`)).status).toBe(400);
    const late = await api('POST', '/api/auth/reset-password', { body: { token, password: 'too late now' } });
    expect(late).toMatchObject({ status: 400, body: { message: 'Invalid reset token' } });
  });

  it('refuses a verification link after 24 hours', async () => {
    const late = 'late.comer@firm.test';
    await api('POST', '/api/auth/register', { body: { name: 'Late', email: late } });
    const { links } = await mailTo(late, /Verify your email/);
    world.clock.advance(24 * 60 * 60 * 1000);
    const res = await api('GET', `/api/verify-email?token=${tokenOf(links[0])}`);
    expect(res).toMatchObject({ status: 400, body: { message: messages.verificationExpired } });
    expect(res.body.message.startsWith('Verification failed')).toBe(true);
  });

  it('logs out by revoking the token', async () => {
    const login = await api('POST', '/api/auth/login', { body: { email } });
    const token = login.body.sessionToken;
    expect((await api('POST', '/api/auth/logout', { headers: bearer(token) })).status).toBe(200);
    expect((await api('GET', '/api/auth/status', { headers: bearer(token) })).body.isAuthenticated).toBe(false);
  });
});
