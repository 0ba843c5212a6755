import { createEmbeddedBus, seal } from '@citecheck/platform';
import { createEvent } from '@citecheck/proto';
import { randomBytes } from 'node:crypto';
import { devMailBanner, printDevMail, printsDevMail } from './dev-mail';

describe('mailed links on the console of `npm start`', () => {
  it.each([
    [{ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080' }, true],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'http://127.0.0.1:8080' }, true],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'http://[::1]:8080' }, true],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'https://citecheck.firm.example' }, false],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:8080' }, false],
    [{ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:8080' }, false],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080', SENDGRID_API_KEY: 'SG.x' }, false],
  ])('%o prints them: %s', (settings, prints) => {
    expect(printsDevMail(settings)).toBe(prints);
  });

  it('says in the banner where the links are, or how to read mail otherwise', () => {
    expect(devMailBanner({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080' })).toMatch(/printed below/);
    expect(devMailBanner({ NODE_ENV: 'development', PUBLIC_URL: 'https://citecheck.firm.example' })).toMatch(/DEV_MAIL_OUTBOX=true/);
    expect(devMailBanner({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080', SENDGRID_API_KEY: 'SG.x' })).toBeNull();
  });

  it('prints each sealed link as it is sent, opened with the installation key', async () => {
    const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 10 });
    const key = randomBytes(32);
    const lines: string[] = [];
    const subscription = await printDevMail(bus, key, (line) => lines.push(line));
    try {
      const link = 'http://localhost:8080/verify-email?token=abc';
      const mail = { messageId: 'm1', to: 'ann@firm.test', template: 'verification' as const, data: { name: 'Ann', link: seal(key, link) } };
      await bus.publish('mail.requested', 'm1', createEvent('mail.requested', mail, 'm1'));
      const welcome = { messageId: 'm2', to: 'ann@firm.test', template: 'welcome' as const, data: { name: 'Ann' } };
      await bus.publish('mail.requested', 'm2', createEvent('mail.requested', welcome, 'm2'));
      for (let i = 0; i < 100 && lines.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines).toEqual([`[mail] to ann@firm.test: Verify your email address\n       ${link}\n`]);
    } finally {
      await subscription.close();
      await bus.close();
    }
  });
});
