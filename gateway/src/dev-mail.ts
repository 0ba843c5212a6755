/**
 * `npm start` on a laptop sends no e-mail (no SENDGRID_API_KEY), yet a newcomer must open the
 * verification link to check a brief. In development, on this machine only (PUBLIC_URL on
 * loopback), the link each message carries is printed on the console that started the product,
 * where the developer who ran `npm start` reads it. Nothing is served: the outbox stays closed
 * to the network (DEV_MAIL_OUTBOX, loopback clients only), so this reopens no way into other
 * people's accounts; and the lines go to the terminal, not to the structured log that may be
 * shipped elsewhere (whose mail links stay redacted).
 *
 *   [mail] to ann@firm.test: Verify your email address
 *          http://localhost:8080/verify-email?token=...
 */
import type { Bus, Subscription } from '@citecheck/platform';
import { unseal } from '@citecheck/platform';
import { parseEvent, type MailTemplate } from '@citecheck/proto';

export interface DevMailSettings {
  NODE_ENV: string;
  PUBLIC_URL: string;
  SENDGRID_API_KEY?: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Development, no SendGrid, and links that only open on this machine. */
export function printsDevMail(settings: DevMailSettings): boolean {
  if (settings.NODE_ENV !== 'development' || settings.SENDGRID_API_KEY) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(settings.PUBLIC_URL).hostname);
  } catch {
    return false;
  }
}

const WHAT: Partial<Record<MailTemplate, string>> = {
  verification: 'Verify your email address',
  'sign-in': 'Sign in to CiteCheck',
  'password-reset': 'Reset your password',
  'payment-receipt': 'Receipt: finish setting up your paid account',
};

/** The start banner's line about mail, for the console. */
export function devMailBanner(settings: DevMailSettings): string | null {
  if (settings.SENDGRID_API_KEY) return null;
  if (printsDevMail(settings)) {
    return 'E-mail is not sent (no SENDGRID_API_KEY). The link of each message (verification, sign-in, password reset) is printed below as it is sent.';
  }
  return 'E-mail is not sent (no SENDGRID_API_KEY): set it to send mail; DEV_MAIL_OUTBOX=true keeps it readable at /api/dev/outbox from this machine.';
}

/** Prints each mailed link, from now on, as `[mail] to <address>: <what>` and the link. */
export function printDevMail(bus: Bus, sealKey: Buffer | null, write: (line: string) => void): Promise<Subscription> {
  return bus.subscribe(
    'mail.requested',
    'gateway.dev-mail',
    async (raw) => {
      const mail = parseEvent('mail.requested', raw).payload;
      if (!mail.data.link) return;
      let link: string;
      try {
        link = unseal(sealKey, mail.data.link);
      } catch {
        return;
      }
      write(`[mail] to ${mail.to}: ${WHAT[mail.template] ?? mail.template}\n       ${link}\n`);
    },
    // Mail sent before this start is not printed again.
    { fromBeginning: false },
  );
}
