/**
 * The progress log: every `pipeline.progress` message kept for a while by document and
 * session, in the service's own store (shared by its replicas in distributed mode), so a tab
 * that reconnects (to this replica or another, or after a restart) is sent what it missed
 * without the relay reading the topic from its start. Records expire after `keepMs`: a TTL
 * in MongoDB, the sweep elsewhere.
 */
import { DuplicateKeyError, type Store } from '@citecheck/platform';
import type { PipelineProgress } from '@citecheck/proto';

export interface LoggedProgress {
  /** The event's id: replicas each consume every message and record it once between them. */
  id: string;
  documentId: string;
  sessionId: string;
  /** When the event occurred (ISO); with `progress`, the message's place in its document. */
  at: string;
  progress: number;
  message: PipelineProgress;
}

/** The most messages of one document a tab is sent (a long brief reports per citation). */
const MAX_PER_DOCUMENT = 2000;

export class ProgressLog {
  private readonly records;

  constructor(
    store: Store,
    readonly keepMs: number,
  ) {
    this.records = store.collection<LoggedProgress>({
      name: 'progress_log',
      // A convenience for tabs that reconnect: a power cut may take its last messages (and the
      // tabs with them), so its writes do not wait for the disk.
      transient: true,
      indexes: [{ fields: ['sessionId', 'at'] }, { fields: ['documentId', 'at'] }, { fields: ['at'], expireAfterMs: keepMs }],
    });
  }

  async append(entry: LoggedProgress): Promise<void> {
    try {
      await this.records.insert(entry);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  /** The document the session heard of last, since `since`. */
  async latestDocumentOf(sessionId: string, since: string): Promise<string | null> {
    const latest = await this.records.findOne({ sessionId, at: { $gte: since } }, { sort: { at: -1, progress: -1 } });
    return latest?.documentId ?? null;
  }

  /** A document's messages since `since`, in order. */
  async ofDocument(documentId: string, since: string): Promise<PipelineProgress[]> {
    const entries = await this.records.find({ documentId, at: { $gte: since } }, { sort: { at: 1, progress: 1 }, limit: MAX_PER_DOCUMENT });
    return entries.map((entry) => entry.message);
  }

  async deleteBefore(cutoff: string): Promise<number> {
    return this.records.deleteMany({ at: { $lt: cutoff } });
  }
}
