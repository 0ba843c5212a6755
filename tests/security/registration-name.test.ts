/**
 * Finding 8 (Medium), the registration name: registering is open to anyone and mails whatever
 * address is typed, and the name went into that mail as it was.
 * - fails before: a name of any length and content (sentences, line breaks, links) was
 *   accepted and mailed, so any text and links could be sent to any address from the product;
 * - now a name is letters, digits, spaces and . , ' - (at most 100 characters, nothing shaped
 *   like a web address), on every registration path, with a clear message; and the account
 *   mails greet no name that breaks the rule, however it got in.
 */
import { MAX_NAME_LENGTH, nameProblem } from '../../proto/src';
import { renderMail } from '../../services/notification/src/domain/templates';
import { startIdentityHost, type IdentityHost } from './support/identity-host';

let host: IdentityHost;
beforeAll(async () => {
  host = await startIdentityHost();
});
afterAll(() => host.close());

const REFUSED = { status: 400, body: { error: 'invalid_name', message: "Please enter your name: up to 100 characters of letters, spaces and . , ' - only, without web addresses." } };

const spam = [
  'You won $1,000! Claim it at https://evil.example/prize',
  'Click evil.example now',
  'Ann\nVisit our site',
  'Ann <a href="http://evil.example">here</a>',
  'Free gift card at www dot evil dot example: bit.ly/x',
  'A'.repeat(MAX_NAME_LENGTH + 1),
];

it.each(spam)('refuses the name %j on every registration path, and mails nothing', async (name) => {
  const email = `target-${spam.indexOf(name)}@victim.test`;
  expect(await host.api('POST', '/api/auth/register', { body: { name, email } })).toMatchObject(REFUSED);
  expect(await host.api('POST', '/api/register/free', { body: { name, email } })).toMatchObject(REFUSED);
  expect(await host.api('POST', '/api/register/paid', { body: { name, email, password: 'long enough 1' } })).toMatchObject(REFUSED);
  const outbox = await host.api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(outbox.body).toEqual([]);
});

it.each(['Ann', 'Jane Q. O’Brien-Smith', 'José Álvarez, Jr.', 'J.R.R. Tolkien', '李小龍', 'Mary-Kate O\'Neil 3rd'])('accepts a real name: %s', async (name) => {
  expect(nameProblem(name)).toBeNull();
  const email = `ok-${Buffer.from(name).toString('hex').slice(0, 12)}@firm.test`;
  expect((await host.api('POST', '/api/auth/register', { body: { name, email } })).status).toBe(200);
  const [mail] = await host.mails(email, /Verify your email/);
  expect(mail.text.startsWith(`Hello ${name},`)).toBe(true);
});

it('greets no name that breaks the rule in an account mail, whatever path it came by', () => {
  const context = { publicUrl: 'https://citecheck.example', supportEmail: 'help@citecheck.example' };
  for (const template of ['verification', 'sign-in', 'password-reset', 'welcome'] as const) {
    const mail = renderMail(template, { name: 'Claim your prize at evil.example', link: 'https://citecheck.example/x' }, context);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text.startsWith('Hello,')).toBe(true);
  }
});
