/**
 * The Low findings on accounts (issue 28).
 * - fails before: the e-mail sign-in device cookie survived sign-out and a password reset, so
 *   whoever used that browser next signed back in with the address alone;
 * - fails before: every reset link mailed before a reset still worked after it, for its hour;
 * - fails before: register and login answered an unknown, a waiting and a verified address
 *   differently (401 'Please check your credentials', 403 'Please verify your email address
 *   first', 403 'we sent you a sign-in link'; 'verification link' versus 'sign-in link'), so
 *   anyone could tell which addresses have a verified account.
 */
import { cookieFrom, startIdentityHost, tokenOf, type IdentityHost } from './support/identity-host';

let host: IdentityHost;
beforeAll(async () => {
  host = await startIdentityHost();
});
afterAll(() => host.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function verifiedAccount(email: string): Promise<{ session: string; device: string }> {
  await host.api('POST', '/api/auth/register', { body: { name: 'Pat Lawyer', email } });
  const [mail] = await host.mails(email, /Verify your email/);
  const verified = await host.api('GET', `/api/verify-email?token=${tokenOf(mail.links[0])}`);
  return { session: verified.body.sessionToken, device: cookieFrom(verified.headers, 'citecheck_device')! };
}

const signInByAddress = (email: string, device: string) => host.api('POST', '/api/auth/login', { body: { email }, headers: { cookie: device } });

it('forgets the device at sign-out: the address alone no longer signs that browser in', async () => {
  const { session, device } = await verifiedAccount('out@firm.test');
  expect((await signInByAddress('out@firm.test', device)).status).toBe(200);
  const out = await host.api('POST', '/api/auth/logout', { headers: { ...bearer(session), cookie: device } });
  expect(out.status).toBe(200);
  expect(out.headers.get('set-cookie') ?? '').toMatch(/citecheck_device=;/);
  // Even a browser that kept the cookie.
  expect(await signInByAddress('out@firm.test', device)).toMatchObject({ status: 403, body: { error: 'check_email' } });
});

it('a password reset forgets the devices and voids every earlier reset link', async () => {
  const email = 'reset@firm.test';
  const { device } = await verifiedAccount(email);
  await host.api('POST', '/api/auth/forgot-password', { body: { email } });
  await host.api('POST', '/api/auth/forgot-password', { body: { email } });
  const links = (await host.mails(email, /Reset your CiteCheck password/, 2)).map((m) => tokenOf(m.links[0]));
  expect((await host.api('POST', '/api/auth/reset-password', { body: { token: links[0], password: 'a new long password' } })).status).toBe(200);
  // The other link, mailed before the reset, is dead.
  expect((await host.api('GET', `/api/auth/verify-reset-token?token=${links[1]}`)).body).toMatchObject({ valid: false });
  expect(await host.api('POST', '/api/auth/reset-password', { body: { token: links[1], password: 'attacker password 9' } })).toMatchObject({ status: 400 });
  // The browser that proved the address before the reset must prove it again.
  expect(await signInByAddress(email, device)).toMatchObject({ status: 403, body: { error: 'check_email' } });
  // The new password works.
  expect((await host.api('POST', '/api/auth/login', { body: { email, password: 'a new long password' } })).status).toBe(200);
});

it('answers register and login the same for an unknown, a waiting and a verified address', async () => {
  await verifiedAccount('known@firm.test');
  await host.api('POST', '/api/auth/register', { body: { name: 'Wes Waiting', email: 'waiting@firm.test' } });
  const addresses = ['nobody@firm.test', 'waiting@firm.test', 'known@firm.test'];
  const shape = (answer: { status: number; body: unknown; headers: Headers }) => ({
    status: answer.status,
    body: answer.body,
    cookies: (answer.headers.get('set-cookie') ?? '').split(/,(?=\s*citecheck_)/).map((c) => c.trim().split('=')[0]).sort(),
  });
  const logins = [];
  for (const email of addresses) logins.push(shape(await host.api('POST', '/api/auth/login', { body: { email } })));
  expect(logins[0]).toEqual({
    status: 403,
    body: { message: 'Check Your Email: if this address can sign in, we sent it a link. Open it to continue.', error: 'check_email' },
    cookies: ['citecheck_signin'],
  });
  expect(logins[1]).toEqual(logins[0]);
  expect(logins[2]).toEqual(logins[0]);
  // With a password: the same for an unknown address and a wrong password.
  const guesses = [];
  for (const email of addresses) guesses.push(shape(await host.api('POST', '/api/auth/login', { body: { email, password: 'some guess 123' } })));
  expect(guesses[0]).toMatchObject({ status: 401, body: { message: 'Please check your credentials' } });
  expect(guesses[1]).toEqual(guesses[0]);
  expect(guesses[2]).toEqual(guesses[0]);
  // Registering again (the browser holds nothing): one answer, one set of cookies.
  const registers = [];
  for (const email of ['fresh@firm.test', 'waiting@firm.test', 'known@firm.test']) registers.push(shape(await host.api('POST', '/api/auth/register', { body: { name: 'Any Body', email } })));
  expect(registers[0]).toEqual({
    status: 200,
    body: { alreadyVerified: false, message: 'Check Your Email: if this address can sign in, we sent it a link. Open it to continue.' },
    cookies: ['citecheck_claim', 'citecheck_signin'],
  });
  expect(registers[1]).toEqual(registers[0]);
  expect(registers[2]).toEqual(registers[0]);
});

it('a claim cookie from registering a verified address never opens its account', async () => {
  await verifiedAccount('claimed@firm.test');
  const registered = await host.api('POST', '/api/auth/register', { body: { name: 'Intruder', email: 'claimed@firm.test' } });
  const claim = cookieFrom(registered.headers, 'citecheck_claim')!;
  expect((await host.api('POST', '/api/auth/claim', { headers: { cookie: claim } })).body).toEqual({ verified: false });
});
