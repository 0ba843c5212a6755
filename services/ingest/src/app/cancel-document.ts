/**
 * POST /api/documents/:id/cancel: the uploader stops a document still being processed (a long
 * scan in OCR). Extraction aborts the read when `document.cancelled` reaches it; the document
 * then fails with reading's 'cancelled' message. The report stays charged: the work was
 * accepted, and a free cancel would make a scan that holds a reader for minutes free again.
 */
import { ApiError, createEvent, topics, type AuthenticatedUser } from '@citecheck/proto';
import type { Bus } from '@citecheck/platform';
import type { IngestStore } from '../store/documents';

export async function cancelDocument(
  deps: { bus: Bus; store: IngestStore },
  user: AuthenticatedUser | null,
  documentId: string,
): Promise<{ success: true; message: string }> {
  if (!user) throw new ApiError(401, 'Please sign in to see your documents', 'authentication_required');
  const document = await deps.store.document(documentId);
  // Someone else's document answers as if it did not exist.
  if (!document || document.userId !== user.id) throw new ApiError(404, 'Document not found', 'not_found');
  if (document.stage === 'validated' || document.stage === 'failed') throw new ApiError(409, 'This document is already finished', 'already_finished');
  await deps.bus.publish(topics['document.cancelled'], documentId, createEvent(topics['document.cancelled'], { documentId, userId: user.id }, documentId));
  return { success: true, message: 'Cancelling' };
}
