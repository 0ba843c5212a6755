/**
 * Producing events: every payload is checked against its proto schema (createEvent) before
 * it reaches the bus. Account events are keyed by userId so one user's events stay in order;
 * mail requests by their messageId.
 */
import { randomUUID } from 'node:crypto';
import { createEvent, type EventType, type MailTemplate, type PayloadOf } from '@citecheck/proto';
import { seal, type Bus, type Clock } from '@citecheck/platform';

export type Publish = <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => Promise<void>;

/**
 * `sealKey`: a mail request's link carries a one-time token (verification, reset); it goes on
 * the bus sealed, so no event holds a token (notification opens it to render the mail).
 */
export function createPublisher(bus: Bus, clock: Clock, sealKey: Buffer | null): Publish {
  return async (type, key, payload) => {
    let out = payload;
    if (type === 'mail.requested') {
      const mail = payload as PayloadOf<'mail.requested'>;
      if (mail.data.link && sealKey) out = { ...mail, data: { ...mail.data, link: seal(sealKey, mail.data.link) } } as typeof payload;
    }
    await bus.publish(type, key, createEvent(type, out, key, clock.now()));
  };
}

/** Asks notification to send an e-mail; returns the messageId. */
export async function requestMail(publish: Publish, to: string, template: MailTemplate, data: Record<string, string>): Promise<string> {
  const messageId = randomUUID();
  await publish('mail.requested', messageId, { messageId, to, template, data });
  return messageId;
}
