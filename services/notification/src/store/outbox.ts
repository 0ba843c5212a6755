/**
 * Notification's outbox: every e-mail is recorded here (platform's Outbox) before anyone tries
 * to send it, keyed by its messageId, so a redelivered `mail.requested` adds nothing and a
 * restart resumes unsent mail. This file adds only what is particular to mail.
 */
import { Outbox, type OutboxRecord, type Store } from '@citecheck/platform';
import type { MailTemplate } from '@citecheck/proto';

/** A rendered e-mail, as recorded. */
export interface MailMessage {
  /** The messageId. */
  id: string;
  to: string;
  template: MailTemplate;
  subject: string;
  text: string;
  html: string;
  links: string[];
  replyTo: string | null;
}

export type NewOutboxMessage = MailMessage;
export type OutboxMessage = OutboxRecord<MailMessage>;

export class MailOutbox extends Outbox<MailMessage> {
  constructor(store: Store) {
    super(store, { name: 'outbox', indexes: [{ fields: ['to'] }, { fields: ['createdAt'] }] });
  }

  /** The recorded messages (tests read one by id). */
  get messages() {
    return this.records;
  }

  /** Forgets every message to `email` (its account was deleted): the mails carry the name and links. */
  async forgetRecipient(email: string): Promise<number> {
    const spellings = [...new Set([email, email.trim().toLowerCase()])];
    return this.records.deleteMany({ to: { $in: spellings } });
  }

  /** Newest first, optionally for one recipient (case-insensitive). */
  async list(to?: string): Promise<OutboxMessage[]> {
    const all = await this.records.find({}, { sort: { createdAt: -1 }, limit: 500 });
    const wanted = to?.trim().toLowerCase();
    return wanted ? all.filter((m) => m.to.toLowerCase() === wanted) : all;
  }
}
