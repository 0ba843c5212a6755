/**
 * Keeping the usage records and the user directory. Idempotent by construction:
 * a record is created once per document (insert by documentId), results are applied only
 * while it is still processing, and the directory is overwritten with the same values.
 */
import { DuplicateKeyError, type Collection } from '@citecheck/platform';
import { parseEvent, topics, type EventEnvelope } from '@citecheck/proto';
import type { Logger } from 'pino';
import { usageFailure, usageFromUpload, usageReport, usageResults, type UsageRecord } from '../domain/usage';
import type { KnownUser } from '../store/usage';

export const CONSUMER = 'analytics.usage';

export interface UsageDeps {
  usage: Collection<UsageRecord>;
  users: Collection<KnownUser>;
  logger: Logger;
}

/**
 * Topics are ordered per key, not across topics: a result may overtake its upload (e.g. on
 * replay after a restart). Throwing lets the bus redeliver it once the record exists.
 */
async function requireRecord(usage: Collection<UsageRecord>, documentId: string): Promise<void> {
  if (!(await usage.get(documentId))) throw new Error(`usage record ${documentId} not there yet`);
}

async function upsert<T extends { id: string }>(collection: Collection<T>, record: T): Promise<void> {
  if (await collection.update(record.id, { $set: record as Partial<T> })) return;
  try {
    await collection.insert(record);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    await collection.update(record.id, { $set: record as Partial<T> });
  }
}

export function usageHandlers(deps: UsageDeps) {
  return {
    [topics['document.uploaded']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['document.uploaded'], raw);
      const known = payload.userId ? await deps.users.get(payload.userId) : null;
      const user = { name: known?.name ?? null, email: known?.email ?? payload.userEmail, isVerified: known?.isVerified ?? false };
      try {
        await deps.usage.insert(usageFromUpload(payload, user));
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error; // redelivered or resumed: already recorded
      }
    },
    [topics['citations.validated']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['citations.validated'], raw);
      await requireRecord(deps.usage, payload.documentId);
      await deps.usage.update(payload.documentId, { $set: usageResults(payload) }, { status: 'processing' });
    },
    [topics['pipeline.failed']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['pipeline.failed'], raw);
      await requireRecord(deps.usage, payload.documentId);
      await deps.usage.update(payload.documentId, { $set: usageFailure(payload) }, { status: 'processing' });
    },
    [topics['report.generated']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['report.generated'], raw);
      await requireRecord(deps.usage, payload.documentId);
      await deps.usage.update(payload.documentId, { $set: usageReport(payload) });
    },
    [topics['user.registered']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['user.registered'], raw);
      const existing = await deps.users.get(payload.userId);
      await upsert(deps.users, { id: payload.userId, name: payload.name, email: payload.email, isVerified: existing?.isVerified ?? false });
    },
    [topics['user.verified']]: async (raw: EventEnvelope) => {
      const { payload } = parseEvent(topics['user.verified'], raw);
      const existing = await deps.users.get(payload.userId);
      await upsert(deps.users, { id: payload.userId, name: existing?.name ?? '', email: payload.email, isVerified: true });
      // Records made before the verification event arrived name the user as verified too.
      await deps.usage.updateMany({ userId: payload.userId }, { $set: { 'user.isVerified': true } as never });
    },
  };
}
