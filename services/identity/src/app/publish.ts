/**
 * Producing events: every payload is checked against its proto schema (createEvent) before
 * it reaches the bus. Account events are keyed by userId so one user's events stay in order;
 * mail requests by their messageId.
 */
import { randomUUID } from 'node:crypto';
import { createEvent, type EventType, type MailTemplate, type PayloadOf } from '@citecheck/proto';
import type { Bus, Clock } from '@citecheck/platform';

export type Publish = <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => Promise<void>;

export function createPublisher(bus: Bus, clock: Clock): Publish {
  return async (type, key, payload) => {
    await bus.publish(type, key, createEvent(type, payload, key, clock.now()));
  };
}

/** Asks notification to send an e-mail; returns the messageId. */
export async function requestMail(publish: Publish, to: string, template: MailTemplate, data: Record<string, string>): Promise<string> {
  const messageId = randomUUID();
  await publish('mail.requested', messageId, { messageId, to, template, data });
  return messageId;
}
