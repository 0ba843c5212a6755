/**
 * Billing's events for identity and notification, each checked against its proto schema on
 * produce. Subscription events are keyed by the account (or the e-mail before it exists), so
 * one customer's changes stay in order.
 */
import { randomUUID } from 'node:crypto';
import { createEvent, PLANS, type EventType, type MailTemplate, type PayloadOf, type SubscriptionChanged, type UserType } from '@citecheck/proto';
import { seal, type Bus, type Clock } from '@citecheck/platform';
import type { SubscriptionDoc } from '../store';

export type Publish = <T extends EventType>(type: T, key: string, payload: PayloadOf<T>) => Promise<void>;

/**
 * `sealKey`: the first receipt may carry identity's one-time account-setup link; a mail
 * request's link goes on the bus sealed, as identity's do (notification opens it to render).
 */
export function createPublisher(bus: Bus, clock: Clock, sealKey: Buffer | null = null): Publish {
  return async (type, key, payload) => {
    let out = payload;
    if (type === 'mail.requested') {
      const mail = payload as PayloadOf<'mail.requested'>;
      if (mail.data.link && sealKey) out = { ...mail, data: { ...mail.data, link: seal(sealKey, mail.data.link) } } as typeof payload;
    }
    await bus.publish(type, key, createEvent(type, out, key, clock.now()));
  };
}

function keyOf(sub: Pick<SubscriptionDoc, 'userId' | 'email'>): string {
  return sub.userId || sub.email.toLowerCase();
}

/** Tells identity the plan `sub`'s account now has; `at` orders changes (older ones are ignored). */
export async function publishPlan(
  publish: Publish,
  sub: Pick<SubscriptionDoc, 'userId' | 'email'>,
  userType: UserType,
  status: SubscriptionChanged['status'],
  at: Date,
): Promise<void> {
  await publish('subscription.changed', keyOf(sub), {
    userId: sub.userId || null,
    email: sub.email,
    userType,
    reportLimit: PLANS[userType].reportLimit,
    status,
    changedAt: at.toISOString(),
  });
}

export async function publishRenewal(publish: Publish, sub: Pick<SubscriptionDoc, 'userId' | 'email'>, start: number, end: number, at: Date): Promise<void> {
  await publish('subscription.renewed', keyOf(sub), {
    userId: sub.userId || null,
    email: sub.email,
    periodStart: new Date(start * 1000).toISOString(),
    periodEnd: new Date(end * 1000).toISOString(),
    renewedAt: at.toISOString(),
  });
}

/** Asks notification for a mail. `messageId` is derived from what it is about, so a repeat sends nothing twice. */
export async function requestMail(publish: Publish, messageId: string, to: string, template: MailTemplate, data: Record<string, string>): Promise<void> {
  if (!to) return;
  await publish('mail.requested', messageId || randomUUID(), { messageId: messageId || randomUUID(), to, template, data });
}
