/**
 * Finding 12, tokens in logs: verification, reset, claim and session tokens must never reach
 * a log line, whatever key or string carries them.
 * fails before: the logger redacted a fixed list of key names only, so the dev outbox's
 * `links` (every verification and reset URL with its token), a `signInClaim`, a URL in a
 * message string and an error naming a URL were logged as they were.
 */
import { Writable } from 'node:stream';
import { createLogger } from '@citecheck/platform';

function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('t', 'info', stream), output: () => lines.join('') };
}

it('keeps tokens out of every log line', () => {
  const { logger, output } = captured();
  const link = 'https://citecheck.test/verify-email?token=SECRET-VERIFY-1';
  logger.info({ links: [link], signInClaim: 'SECRET-CLAIM-2', deviceToken: 'SECRET-DEVICE-3' }, 'dev outbox: mail stored');
  logger.info({ path: '/api/reset?x=1&token=SECRET-RESET-4' }, `clicked ${link.replace('VERIFY-1', 'VERIFY-5')}`);
  logger.warn({ err: new Error('GET https://api.example/v1?key=SECRET-KEY-6 failed'), auth: 'Bearer SECRET-BEARER-7' }, 'call failed');
  // An API key (cck_<id>_<secret>) wherever it is written: api-keys-in-logs-and-events.test.ts follows it through the product.
  logger.info({ detail: 'cck_0123456789abcdef_SECRET-APIKEY-8aaaaaaaaaaaaaaaaaaaaaaaaaaaa' }, 'caller sent cck_0123456789abcdef_SECRET-APIKEY-9aaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  expect(output()).not.toMatch(/SECRET-/);
  // What is left still says what happened.
  expect(output()).toContain('dev outbox: mail stored');
  expect(output()).toContain('/api/reset?x=1&token=[redacted]');
});
