/**
 * Keeping the usage records and the user directory. Idempotent by construction:
 * a record is created once per document (insert by documentId), results are applied only
 * while it is still processing, and the directory is overwritten with the same values.
 */
import { parseEvent, topics, type EventEnvelope } from '@citecheck/proto';
import type { Logger } from 'pino';
import { usageFailure, usageFromUpload, usageReport, usageResults } from '../domain/usage';
import { ANONYMOUS, type UsageRepository, type UserDirectory } from '../store/usage';

export const CONSUMER = 'analytics.usage';

export interface UsageDeps {
  usage: UsageRepository;
  users: UserDirectory;
  logger: Logger;
}

/**
 * Topics are ordered per key, not across topics: a result may overtake its upload (e.g. on
 * replay after a restart). Throwing lets the bus redeliver it once the record exists.
 */
async function requireRecord(usage: UsageRepository, documentId: string): Promise<void> {
  if (!(await usage.exists(documentId))) throw new Error(`usage record ${documentId} not there yet`);
}

export function usageHandlers(deps: UsageDeps) {
  return {
    [topics['document.uploaded']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['document.uploaded'], raw);
      const known = payload.userId ? await deps.users.byId(payload.userId) : null;
      const user = { name: known?.name ?? null, email: known?.email ?? payload.userEmail, isVerified: known?.isVerified ?? false };
      const record = usageFromUpload(payload, user);
      // An upload heard after its account's deletion (topics are ordered per key only).
      await deps.usage.recordUpload(known?.deleted ? { ...record, ...ANONYMOUS } : record);
    },
    [topics['citations.validated']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['citations.validated'], raw);
      await requireRecord(deps.usage, payload.documentId);
      await deps.usage.recordOutcome(payload.documentId, usageResults(payload));
    },
    [topics['pipeline.failed']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['pipeline.failed'], raw);
      await requireRecord(deps.usage, payload.documentId);
      await deps.usage.recordOutcome(payload.documentId, usageFailure(payload));
    },
    [topics['report.generated']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['report.generated'], raw);
      await requireRecord(deps.usage, payload.documentId);
      await deps.usage.recordReport(payload.documentId, usageReport(payload));
    },
    [topics['user.registered']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['user.registered'], raw);
      const existing = await deps.users.byId(payload.userId);
      if (existing?.deleted) return;
      await deps.users.save({ id: payload.userId, name: payload.name, email: payload.email, isVerified: existing?.isVerified ?? false });
    },
    [topics['user.verified']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['user.verified'], raw);
      const existing = await deps.users.byId(payload.userId);
      if (existing?.deleted) return;
      await deps.users.save({ id: payload.userId, name: existing?.name ?? '', email: payload.email, isVerified: true });
      await deps.usage.markUserVerified(payload.userId);
    },
    // A deleted account (issue 28, finding 10): the directory keeps only that it was deleted,
    // and its usage records keep their figures for the statistics, without who or what.
    [topics['user.deleted']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['user.deleted'], raw);
      await deps.users.save({ id: payload.userId, name: '', email: '', isVerified: false, deleted: true });
      await deps.usage.anonymiseUser(payload.userId);
    },
  };
}
