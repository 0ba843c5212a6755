/**
 * Verifying on another device: the browser that registered (and is still waiting in the
 * registration dialog) holds a claim given at registration. Whoever registers an address
 * holds that claim, not necessarily its owner, so the owner's verification in another
 * browser voids it (app/void-unverified-credentials.ts): the waiting browser learns the claim
 * has expired and signs in by e-mail like any other browser. Nobody else can use a claim.
 */
// A whole-flow test hosts both services, as the embedded composition root does.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { createService as createNotification } from '@citecheck/notification';
import { createService } from '../service';
import { call, createWorld, identitySettings, notificationSettings, serve, type TestServer, type TestWorld } from '../../test/harness';

let world: TestWorld;
let server: TestServer;
let stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings());
  const notification = await createNotification(world.portsFor('notification'), notificationSettings());
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

async function verificationToken(to: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const link = (body as { links: string[] }[]).flatMap((m) => m.links).find((l) => l.includes('/verify-email?token='));
    if (link) return new URL(link).searchParams.get('token') ?? '';
    if (Date.now() > deadline) throw new Error(`no verification mail for ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The claim cookie as the registering browser would send it back. */
function claimCookieOf(headers: Headers): string {
  const cookie = (headers.get('set-cookie') ?? '').split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith('citecheck_claim='));
  if (!cookie) throw new Error(`no claim cookie in ${headers.get('set-cookie')}`);
  expect(cookie.toLowerCase()).toContain('httponly');
  return cookie.split(';')[0].trim();
}

describe.each([
  ['the registration dialog', '/api/auth/register'],
  ['Create Free Account', '/api/register/free'],
])('verification on another device, after %s', (_label, route) => {
  const email = `waiting-${route.replace(/\W/g, '')}@firm.test`;
  let claim = '';

  it('gives the registering browser a claim, which answers "not yet" until the address is verified', async () => {
    const res = await api('POST', route, { body: { name: 'Wendy Waiting', email, newsletterOptIn: false } });
    expect(res.status).toBeLessThan(300);
    expect(JSON.stringify(res.body)).not.toContain('claim');
    claim = claimCookieOf(res.headers);
    const waiting = await api('POST', '/api/auth/claim', { headers: { cookie: claim } });
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({ verified: false });
  });

  it('does not sign the waiting browser in when the link is opened elsewhere', async () => {
    // The other device: no cookies of the first browser. The registrant may not be the owner.
    const verified = await api('GET', `/api/verify-email?token=${await verificationToken(email)}`);
    expect(verified.status).toBe(200);

    const claimed = await api('POST', '/api/auth/claim', { headers: { cookie: claim } });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ verified: false, expired: true });
  });
});

it('a browser without a claim, or with a made-up one, learns nothing', async () => {
  expect((await api('POST', '/api/auth/claim')).body).toEqual({ verified: false, expired: true });
  const forged = await api('POST', '/api/auth/claim', { headers: { cookie: 'citecheck_claim=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } });
  expect(forged.body).toEqual({ verified: false, expired: true });
});

it('signs the waiting tab in, once, when the link is opened in the same browser', async () => {
  const email = 'same-browser@firm.test';
  const res = await api('POST', '/api/auth/register', { body: { name: 'Sam Same', email, newsletterOptIn: false } });
  const claim = claimCookieOf(res.headers);
  // The second tab of the same browser sends the same cookies.
  expect((await api('GET', `/api/verify-email?token=${await verificationToken(email)}`, { headers: { cookie: claim } })).status).toBe(200);
  const claimed = await api('POST', '/api/auth/claim', { headers: { cookie: claim } });
  expect(claimed.body).toMatchObject({ verified: true, user: { name: 'Sam Same' } });
  expect((await api('POST', '/api/auth/claim', { headers: { cookie: claim } })).body).toEqual({ verified: false, expired: true });
});
