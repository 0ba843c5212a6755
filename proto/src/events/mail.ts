import { z } from 'zod';

/**
 * Mail: keyed by messageId. A service that wants an e-mail sent publishes `mail.requested`;
 * notification renders the template and delivers it. `messageId` makes delivery idempotent:
 * a redelivered event finds its message already in notification's outbox.
 */

export const mailTemplateSchema = z.enum(['verification', 'welcome', 'password-reset', 'support-receipt', 'support-forward', 'sign-in', 'payment-receipt', 'payment-failed', 'subscription-cancelled']);

export const mailRequestedSchema = z.object({
  messageId: z.string().min(1),
  to: z.string().min(3),
  template: mailTemplateSchema,
  /** Template values (name, link, ...); rendered HTML-escaped. */
  data: z.record(z.string(), z.string()),
});

export type MailTemplate = z.infer<typeof mailTemplateSchema>;
export type MailRequested = z.infer<typeof mailRequestedSchema>;
