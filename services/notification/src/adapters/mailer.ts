/**
 * Where mail goes. With SENDGRID_API_KEY set, through @sendgrid/mail (SENDGRID_API_URL
 * points it elsewhere, e.g. at a fake in tests); without, the dev outbox: the message stays
 * in the outbox table, readable at GET /api/dev/outbox, and its links are logged so a
 * developer can click through sign-up without a mail server. Links carry one-time tokens,
 * which is acceptable only because this mailer never runs with a real provider configured.
 */
import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import type { Logger } from 'pino';
import type { OutboxMessage } from '../store/outbox';

export interface Mailer {
  readonly kind: 'sendgrid' | 'dev-outbox';
  send(message: OutboxMessage): Promise<void>;
}

export interface SendGridOptions {
  apiKey: string;
  /** Base URL of the API (default https://api.sendgrid.com). */
  apiUrl?: string;
  from: string;
  timeoutMs?: number;
}

/** A failed send, with the provider's status when there was one. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export function createSendGridMailer(options: SendGridOptions): Mailer {
  // A client of our own instead of the module's singleton: two mailers (or tests) in one
  // process must not share an API key or base URL.
  const client = new Client();
  client.setApiKey(options.apiKey);
  if (options.apiUrl) client.setDefaultRequest('baseUrl', options.apiUrl.replace(/\/?$/, '/'));
  const service = new MailService();
  service.setClient(client);
  service.setTimeout(options.timeoutMs ?? 15_000);
  return {
    kind: 'sendgrid',
    async send(message) {
      try {
        await service.send({
          to: message.to,
          from: options.from,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          customArgs: { messageId: message.id },
        });
      } catch (error) {
        const status = (error as { code?: unknown }).code;
        throw new MailDeliveryError(`SendGrid refused message ${message.id}: ${(error as Error).message}`, typeof status === 'number' ? status : null);
      }
    },
  };
}

export function createDevOutboxMailer(logger: Logger): Mailer {
  return {
    kind: 'dev-outbox',
    async send(message) {
      // Links only: the body may quote what a user wrote.
      logger.info({ messageId: message.id, to: message.to, subject: message.subject, links: message.links }, 'dev outbox: mail stored, not sent');
    },
  };
}
