import type { Clock } from '@citecheck/platform';
import type { EventOf, PipelineProgress } from '@citecheck/proto';
import { progressToReplay } from '../domain/replay';
import type { ProgressLog } from '../store/progress-log';

export interface ProgressDeps {
  log: ProgressLog;
  clock: Clock;
}

/** Keeps one progress event in the log (a repeat, from redelivery or another replica, changes nothing). */
export async function recordProgress(deps: ProgressDeps, event: EventOf<'pipeline.progress'>, documentId: string): Promise<void> {
  await deps.log.append({
    id: event.id,
    documentId,
    sessionId: event.payload.sessionId,
    at: event.occurredAt,
    progress: event.payload.progress,
    message: event.payload,
  });
}

/** The oldest time still kept in the log. */
function keptSince(deps: ProgressDeps): string {
  return new Date(deps.clock.now().getTime() - deps.log.keepMs).toISOString();
}

/** What a tab registering for `sessionId` is sent first: its latest document's progress (domain/replay.ts). */
export async function missedProgress(deps: ProgressDeps, sessionId: string): Promise<PipelineProgress[]> {
  const since = keptSince(deps);
  const documentId = await deps.log.latestDocumentOf(sessionId, since);
  if (!documentId) return [];
  return progressToReplay((await deps.log.ofDocument(documentId, since)).filter((message) => message.sessionId === sessionId));
}

/** Drops what is past the log's keep time; the TTL does it in MongoDB, this everywhere. */
export async function sweepProgress(deps: ProgressDeps): Promise<number> {
  return deps.log.deleteBefore(keptSince(deps));
}
