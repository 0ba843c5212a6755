/** Notification's environment variables on top of the platform's; all optional. */
import { z } from 'zod';
import { envEnum, envInt, envUrl, platformConfigSchema, type Resolved } from '@citecheck/platform';

export const notificationConfigSchema = platformConfigSchema.extend({
  MAIL_FROM: z.string().default('CiteCheck <no-reply@citecheck.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@citecheck.local'),
  /**
   * `true` serves the stored mail at GET /api/dev/outbox to loopback clients. Off unless set,
   * whatever NODE_ENV says: the outbox holds sign-in and reset links, so a reachable outbox is
   * an account takeover. Refused together with NODE_ENV=production.
   */
  DEV_MAIL_OUTBOX: envEnum(['true', 'false'] as const).default('false'),
  /** Set: mail goes through SendGrid. Unset: the dev outbox. */
  SENDGRID_API_KEY: z.string().optional(),
  /** Another SendGrid API base URL (a fake in tests, a regional endpoint). */
  SENDGRID_API_URL: envUrl().optional(),
  MAIL_POLL_MS: envInt(50, 600_000).default(5_000),
  MAIL_MAX_ATTEMPTS: envInt(1, 100).default(8),
  MAIL_RETRY_BASE_MS: envInt(10, 3_600_000).default(30_000),
  MAIL_RETRY_MAX_MS: envInt(10, 86_400_000).default(3_600_000),
  /** Distributed mode: the services' shared secret; also the key mail links travel sealed under. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  /** Support inquiries per IP per minute (per process). */
  SUPPORT_RATE_LIMIT: envInt(1, 100_000).default(5),
});

export type NotificationConfig = Resolved<z.output<typeof notificationConfigSchema>>;
