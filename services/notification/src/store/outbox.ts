/**
 * The outbox: every e-mail is recorded here before anyone tries to send it, keyed by its
 * messageId (so a redelivered `mail.requested` adds nothing), and marked sent only after the
 * provider accepted it. A message is claimed by a conditional update that moves its next
 * attempt one lease into the future: a process that dies mid-send leaves the message to be
 * retried once the lease runs out, which is how a restart resumes unsent mail.
 */
import { DuplicateKeyError, type Collection, type Store } from '@citecheck/platform';
import type { MailTemplate } from '@citecheck/proto';

export interface OutboxMessage {
  /** The messageId. */
  id: string;
  to: string;
  template: MailTemplate;
  subject: string;
  text: string;
  html: string;
  links: string[];
  replyTo: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export type NewOutboxMessage = Pick<OutboxMessage, 'id' | 'to' | 'template' | 'subject' | 'text' | 'html' | 'links' | 'replyTo'>;

export class Outbox {
  readonly messages: Collection<OutboxMessage>;

  constructor(store: Store) {
    this.messages = store.collection<OutboxMessage>({
      name: 'outbox',
      indexes: [{ fields: ['status', 'nextAttemptAt'] }, { fields: ['to'] }, { fields: ['createdAt'] }],
    });
  }

  /** Records a message; false when its id is already there (a repeated request). */
  async enqueue(message: NewOutboxMessage, now: Date): Promise<boolean> {
    try {
      await this.messages.insert({
        ...message,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now.toISOString(),
        lastError: null,
        createdAt: now.toISOString(),
        sentAt: null,
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  async due(now: Date, limit: number): Promise<OutboxMessage[]> {
    return this.messages.find({ status: 'pending', nextAttemptAt: { $lte: now.toISOString() } }, { sort: { nextAttemptAt: 1 }, limit });
  }

  /** Takes a message for one attempt; null when another worker took it first. */
  async claim(message: OutboxMessage, now: Date, leaseMs: number): Promise<OutboxMessage | null> {
    return this.messages.update(
      message.id,
      { $inc: { attempts: 1 }, $set: { nextAttemptAt: new Date(now.getTime() + leaseMs).toISOString() } },
      { status: 'pending', attempts: message.attempts },
    );
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.messages.update(id, { $set: { status: 'sent', sentAt: now.toISOString(), lastError: null } });
  }

  async markFailedAttempt(id: string, error: string, retryAt: Date | null): Promise<void> {
    await this.messages.update(
      id,
      retryAt ? { $set: { lastError: error, nextAttemptAt: retryAt.toISOString() } } : { $set: { lastError: error, status: 'failed' } },
    );
  }

  async backlog(): Promise<number> {
    return this.messages.count({ status: 'pending' });
  }

  /** Newest first, optionally for one recipient (case-insensitive). */
  async list(to?: string): Promise<OutboxMessage[]> {
    const all = await this.messages.find({}, { sort: { createdAt: -1 }, limit: 500 });
    const wanted = to?.trim().toLowerCase();
    return wanted ? all.filter((m) => m.to.toLowerCase() === wanted) : all;
  }
}
