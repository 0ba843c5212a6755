/**
 * The audit log: every `admin.action` event (published by identity or analytics itself) is
 * stored once, under the event's id, so a redelivery adds nothing.
 */
import { parseEvent, topics, type EventEnvelope } from '@citecheck/proto';
import type { AuditRepository } from '../store/admin';

export const AUDIT_CONSUMER = 'analytics.audit';

export function auditHandler(audit: AuditRepository) {
  return async (raw: EventEnvelope) => {
    const event = parseEvent(topics['admin.action'], raw);
    await audit.add({ id: event.id, ...event.payload });
  };
}
