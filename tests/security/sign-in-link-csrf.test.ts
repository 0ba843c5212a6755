/**
 * Finding 2 (High), "Login CSRF through a mailed sign-in link": an attacker mails themself a
 * sign-in link to their own account and sends a signed-in victim's browser to
 * `/verify-email?token=…`.
 * - fails before: `GET /api/verify-email` switched the victim's browser to the attacker's
 *   account without a word (the page greeted them by a name the attacker chose), and the
 *   victim's next brief landed on the attacker's dashboard; a fresh account's verification
 *   link did the same;
 * - now a sign-in link works only in the browser that asked for it (its sign-in cookie), and a
 *   link never replaces another account's session until the user chooses to on the page (the
 *   GET answers `requiresChoice` and uses nothing up; the choice is a POST the public edge
 *   takes from this site only). The web page's choice screen is tested beside it
 *   (web/src/app/routes/verify-email.test.tsx).
 */
import { cookieFrom, startIdentityHost, tokenOf, type IdentityHost } from './support/identity-host';

let host: IdentityHost;
beforeAll(async () => {
  host = await startIdentityHost();
});
afterAll(() => host.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A verified account, and its browser (session and device cookies). */
async function verifiedAccount(name: string, email: string): Promise<{ session: string; device: string }> {
  await host.api('POST', '/api/auth/register', { body: { name, email } });
  const [mail] = await host.mails(email, /Verify your email/);
  const verified = await host.api('GET', `/api/verify-email?token=${tokenOf(mail.links[0])}`);
  expect(verified.status).toBe(200);
  return { session: verified.body.sessionToken, device: cookieFrom(verified.headers, 'citecheck_device')! };
}

const whoIs = async (session: string) => (await host.api('GET', '/api/auth/status', { headers: bearer(session) })).body.user?.email;

it('a sign-in link asked for in the attacker’s browser signs nobody in elsewhere, and stays good where it was asked', async () => {
  const victim = await verifiedAccount('Victor Client', 'victor@firm.test');
  await verifiedAccount('Victor Client', 'mallory@attack.test');
  // The attacker, in their own browser (no device cookie there), asks for a link to their account.
  const asked = await host.api('POST', '/api/auth/login', { body: { email: 'mallory@attack.test' } });
  expect(asked.body).toMatchObject({ error: 'check_email' });
  const attackerBrowser = cookieFrom(asked.headers, 'citecheck_signin')!;
  const [mail] = await host.mails('mallory@attack.test', /Sign in to CiteCheck/);

  // The victim's browser, signed in as the victim, is sent to the link.
  const opened = await host.api('GET', `/api/verify-email?token=${tokenOf(mail.links[0])}`, { headers: { ...bearer(victim.session), cookie: victim.device } });
  expect(opened).toMatchObject({
    status: 403,
    body: { error: 'other_browser', message: 'This sign-in link works only in the browser where you asked for it. Please sign in again here to receive a new link.' },
  });
  expect(opened.headers.get('set-cookie') ?? '').not.toMatch(/citecheck_session=[A-Za-z0-9_-]/);
  expect(await whoIs(victim.session)).toBe('victor@firm.test');
  // And the same with no session at all.
  expect((await host.api('GET', `/api/verify-email?token=${tokenOf(mail.links[0])}`)).status).toBe(403);

  // In the browser that asked, the link works (once).
  const own = await host.api('GET', `/api/verify-email?token=${tokenOf(mail.links[0])}`, { headers: { cookie: attackerBrowser } });
  expect(own).toMatchObject({ status: 200, body: { success: true, alreadyVerified: true } });
  expect(await whoIs(own.body.sessionToken)).toBe('mallory@attack.test');
});

it('a fresh account’s verification link asks a signed-in browser before switching, and switches only by the user’s choice', async () => {
  const victim = await verifiedAccount('Vera Counsel', 'vera@firm.test');
  // The attacker registers an account of their own and sends the victim its verification link.
  await host.api('POST', '/api/auth/register', { body: { name: 'Vera Counsel', email: 'mallory2@attack.test' } });
  const [mail] = await host.mails('mallory2@attack.test', /Verify your email/);
  const token = tokenOf(mail.links[0]);

  const opened = await host.api('GET', `/api/verify-email?token=${token}`, { headers: { ...bearer(victim.session), cookie: victim.device } });
  expect(opened.status).toBe(200);
  expect(opened.body).toEqual({
    success: false,
    requiresChoice: true,
    message: 'You are signed in to another account in this browser. Choose which account to use.',
    signedInAs: { name: 'Vera Counsel', email: 'vera@firm.test' },
    linkFor: { name: 'Vera Counsel', email: 'mallory2@attack.test' },
  });
  expect(opened.body.sessionToken).toBeUndefined();
  expect(opened.headers.get('set-cookie')).toBeNull();
  expect(await whoIs(victim.session)).toBe('vera@firm.test');
  // Nothing was used up: asked again, the same question.
  expect((await host.api('GET', `/api/verify-email?token=${token}`, { headers: bearer(victim.session) })).body.requiresChoice).toBe(true);

  // The user's own choice on the page (a POST, same-site only at the edge) switches.
  const chosen = await host.api('POST', '/api/verify-email', { body: { token }, headers: bearer(victim.session) });
  expect(chosen).toMatchObject({ status: 200, body: { success: true, alreadyVerified: false } });
  expect(await whoIs(chosen.body.sessionToken)).toBe('mallory2@attack.test');
});

it('a verification link still signs in a browser holding no session (the other-device flow)', async () => {
  await host.api('POST', '/api/auth/register', { body: { name: 'Nia', email: 'nia@firm.test' } });
  const [mail] = await host.mails('nia@firm.test', /Verify your email/);
  const phone = await host.api('GET', `/api/verify-email?token=${tokenOf(mail.links[0])}`);
  expect(phone).toMatchObject({ status: 200, body: { success: true, alreadyVerified: false } });
  expect(await whoIs(phone.body.sessionToken)).toBe('nia@firm.test');
});
