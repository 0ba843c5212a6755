import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { envelopeSchema, type EventEnvelope } from './envelope';
import {
  citationsExtractedSchema,
  citationsValidatedSchema,
  documentCancelledSchema,
  documentDeletedSchema,
  documentUploadedSchema,
  pipelineFailedSchema,
  reportGeneratedSchema,
} from './document';
import { pipelineProgressSchema } from './progress';
import { subscriptionChangedSchema, userDeletedSchema, userRegisteredSchema, userVerifiedSchema } from './account';
import { mailRequestedSchema } from './mail';
import { subscriptionRenewedSchema } from './billing';
import { adminActionSchema, ipBlockedSchema, ipUnblockedSchema } from './admin';
import { apiCalledSchema } from './api';

/**
 * The event catalogue: one entry per event type, naming its topic, schema version and payload
 * schema. The event type doubles as the topic name, so a consumer subscribes to exactly the
 * events it handles.
 */
export const events = {
  'document.uploaded': { version: 1, schema: documentUploadedSchema },
  'document.cancelled': { version: 1, schema: documentCancelledSchema },
  'document.deleted': { version: 1, schema: documentDeletedSchema },
  'citations.extracted': { version: 1, schema: citationsExtractedSchema },
  'citations.validated': { version: 1, schema: citationsValidatedSchema },
  'report.generated': { version: 1, schema: reportGeneratedSchema },
  'pipeline.progress': { version: 1, schema: pipelineProgressSchema },
  'pipeline.failed': { version: 1, schema: pipelineFailedSchema },
  'user.registered': { version: 1, schema: userRegisteredSchema },
  'user.verified': { version: 1, schema: userVerifiedSchema },
  'user.deleted': { version: 1, schema: userDeletedSchema },
  'subscription.changed': { version: 1, schema: subscriptionChangedSchema },
  'subscription.renewed': { version: 1, schema: subscriptionRenewedSchema },
  'mail.requested': { version: 1, schema: mailRequestedSchema },
  'admin.action': { version: 1, schema: adminActionSchema },
  'ip.blocked': { version: 1, schema: ipBlockedSchema },
  'ip.unblocked': { version: 1, schema: ipUnblockedSchema },
  'api.called': { version: 1, schema: apiCalledSchema },
} as const;

export type EventType = keyof typeof events;
export type PayloadOf<T extends EventType> = z.infer<(typeof events)[T]['schema']>;
export type EventOf<T extends EventType> = EventEnvelope<PayloadOf<T>> & { type: T };

/** Topic names: the event type is the topic; failures go to `<topic>.dlq`. */
export const topics = Object.fromEntries(Object.keys(events).map((t) => [t, t])) as { [T in EventType]: T };
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string[],
  ) {
    super(`invalid ${eventType} event: ${issues.join('; ')}`);
    this.name = 'InvalidEventError';
  }
}

function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

/** Builds an envelope, checking the payload against its schema (check on produce). */
export function createEvent<T extends EventType>(
  type: T,
  payload: PayloadOf<T>,
  correlationId: string,
  occurredAt: Date = new Date(),
): EventOf<T> {
  const entry = events[type];
  const parsed = entry.schema.safeParse(payload);
  if (!parsed.success) throw new InvalidEventError(type, issuesOf(parsed.error));
  return {
    id: randomUUID(),
    type,
    version: entry.version,
    occurredAt: occurredAt.toISOString(),
    correlationId,
    payload: parsed.data as PayloadOf<T>,
  };
}

/** Checks an envelope received from the bus (check on consume). */
export function parseEvent<T extends EventType>(type: T, raw: unknown): EventOf<T> {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) throw new InvalidEventError(type, issuesOf(envelope.error));
  if (envelope.data.type !== type) throw new InvalidEventError(type, [`type is ${envelope.data.type}`]);
  const payload = events[type].schema.safeParse(envelope.data.payload);
  if (!payload.success) throw new InvalidEventError(type, issuesOf(payload.error));
  return { ...envelope.data, type, payload: payload.data as PayloadOf<T> };
}
