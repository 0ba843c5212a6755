/**
 * UPLOAD_RETENTION_DAYS: an uploaded file is deleted that many days after its upload, once its
 * document is finished (the pipeline reads it only while it runs); the Document, its verdicts
 * and its report stay for the dashboard and the report link. Before, no upload was ever
 * deleted (issue 28, finding 10). Runs at start and daily; several replicas running it at once
 * delete the same files, which is harmless.
 */
import type { Blobs, Clock } from '@citecheck/platform';
import type { IngestStore } from '../store/documents';
import { annotatedKey } from '../domain/annotated';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function expireUploads(deps: { store: IngestStore; blobs: Blobs; clock: Clock }, retentionDays: number): Promise<{ files: number }> {
  const before = new Date(deps.clock.now().getTime() - retentionDays * DAY_MS).toISOString();
  const expired = await deps.store.filesUploadedBefore(before);
  for (const document of expired) {
    await deps.blobs.delete(document.blobKey);
    // The annotated copy is the client's document too, and lives exactly as long as the upload.
    await deps.blobs.delete(annotatedKey(document.blobKey));
    await deps.store.markFileDeleted(document.id);
  }
  return { files: expired.length };
}
