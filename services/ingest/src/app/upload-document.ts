/**
 * The upload use case (SPEC.md section 7, POST /api/documents/upload): who may upload, what
 * may be uploaded, one report taken from the user's limit, the file and its Document stored,
 * `document.uploaded` published, and the verdicts awaited (bounded). Once the event is out
 * the work no longer depends on this call: a client that goes away, or a timeout, leaves it
 * running and its results kept.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { MAX_FILE_BYTES, detectFileType, messageFor, sanitizeFilename } from '@citecheck/reading';
import type { Blobs, Bus, Clock } from '@citecheck/platform';
import { ApiError, createEvent, topics, type AuthenticatedUser, type IdentityApi } from '@citecheck/proto';
import type { SpecCitation } from '@citecheck/proto';
import { documentErrors, uploadErrors } from '../domain/errors';
import { progressPublisher, type ProgressPublisher } from '@citecheck/platform';
import type { Outcome, Waiters } from './waiters';
import type { DocumentRecord, IngestStore } from '../store/documents';

export interface UploadDeps {
  bus: Bus;
  blobs: Blobs;
  clock: Clock;
  logger: Logger;
  store: IngestStore;
  identity: IdentityApi;
  waiters: Waiters;
  waitMs: number;
}

export interface UploadInput {
  user: AuthenticatedUser;
  file: { buffer: Buffer; originalName: string };
  sessionId: string | null;
  ipAddress: string | null;
  /**
   * Runs once the Document is stored, before `document.uploaded` goes out: what must be in
   * place before the pipeline can finish (the public API's webhook subscription). A failure
   * fails the upload, as a failed store would.
   */
  beforePublish?: (document: DocumentRecord) => Promise<void>;
}

export interface UploadAnswer {
  document: { id: string; filename: string };
  citations: SpecCitation[];
}

/** Document ids are 128 random bits: citations and reports are fetched by them without credentials. */
const newDocumentId = () => randomBytes(16).toString('base64url');

/** Type and size by content (SPEC section 5's drop-zone wording); the name and MIME type decide nothing. */
export function checkFile(buffer: Buffer): 'pdf' | 'docx' {
  if (buffer.length === 0) throw new ApiError(400, messageFor('file-too-small'), 'file-too-small');
  if (buffer.length > MAX_FILE_BYTES) throw new ApiError(413, messageFor('file-too-large'), 'file-too-large');
  const type = detectFileType(buffer);
  if (type !== 'pdf' && type !== 'docx') throw new ApiError(415, messageFor('file-invalid-type'), 'file-invalid-type');
  return type;
}

/** The upload event, from the stored Document (also what start-up recovery re-publishes). */
export function uploadedEvent(d: DocumentRecord) {
  return createEvent(
    topics['document.uploaded'],
    {
      documentId: d.id,
      filename: d.filename,
      fileType: d.fileType,
      size: d.size,
      blobKey: d.blobKey,
      sessionId: d.sessionId,
      userId: d.userId,
      userEmail: d.userEmail,
      ipAddress: d.ipAddress,
      uploadedAt: d.uploadedAt,
      ...(d.userType ? { userType: d.userType } : {}),
    },
    d.id,
  );
}

export interface AcceptedDocument {
  document: DocumentRecord;
  /** The owner's reports after this one was taken. */
  usage: { reportsUsed: number; reportLimit: number };
  /** The pipeline's outcome, when asked to wait for it (bounded by waitMs; null past it). */
  outcome: Promise<Outcome | null> | null;
}

/**
 * Takes a report, stores the file and the Document and publishes `document.uploaded`: the
 * upload up to the point where the work no longer depends on the call. The browser's upload
 * waits for the verdicts after it; the public API's answers at once (the caller polls or is
 * called back).
 */
export async function acceptDocument(deps: UploadDeps, input: UploadInput, options: { wait: boolean }): Promise<AcceptedDocument> {
  const fileType = checkFile(input.file.buffer);
  const documentId = newDocumentId();
  const progress = progressPublisher(deps.bus, documentId, input.sessionId);
  progress.emit({ step: 'start', message: 'Starting', progress: 0 });

  const reservation = await deps.identity.reserveReport(input.user.id);
  if (!reservation.ok) {
    progress.emit({ step: 'error', message: reservation.body.message, progress: 0 });
    await progress.flush();
    throw 'paymentRequired' in reservation.body ? uploadErrors.paymentRequired(reservation.body) : uploadErrors.limitReached(reservation.body);
  }

  const filename = sanitizeFilename(input.file.originalName || `document.${fileType}`);
  const now = deps.clock.now().toISOString();
  const document: DocumentRecord = {
    id: documentId,
    filename,
    fileType,
    size: input.file.buffer.length,
    blobKey: `documents/${documentId}/original.${fileType}`,
    sessionId: input.sessionId,
    userId: input.user.id,
    userEmail: input.user.email,
    userName: input.user.name,
    ipAddress: input.ipAddress,
    userType: input.user.userType,
    reservationId: reservation.reservationId,
    uploadedAt: now,
    stage: 'received',
    stageAt: now,
    failure: null,
    citationCount: null,
    stats: null,
    counted: false,
    released: false,
  };

  // Waiting starts before the event goes out, so even an instant answer is not missed.
  const outcome = options.wait ? waitForOutcome(deps, documentId) : null;
  try {
    await deps.blobs.put(document.blobKey, input.file.buffer);
    await deps.store.addDocument(document);
    progress.emit({ step: 'upload', message: `Received ${filename}`, progress: 5, documentId });
    await progress.flush();
    await input.beforePublish?.(document);
    await deps.bus.publish(topics['document.uploaded'], documentId, uploadedEvent(document));
  } catch (error) {
    await failBeforePipeline(deps, document, progress, error);
    throw new ApiError(500, 'The document could not be stored. Please try again.', 'upload_failed');
  }
  // The event is out: from here on a failure to record the stage is only a missed note
  // (start-up recovery re-publishes a "received" Document, and every consumer dedupes).
  await deps.store
    .markUploaded(documentId, deps.clock.now())
    .catch((error: unknown) => deps.logger.warn({ err: error, documentId }, 'could not record the uploaded stage'));
  return { document, usage: { reportsUsed: reservation.reportsUsed, reportLimit: reservation.reportLimit }, outcome };
}

export async function uploadDocument(deps: UploadDeps, input: UploadInput): Promise<UploadAnswer> {
  const { document, outcome } = await acceptDocument(deps, input, { wait: true });
  const result = await outcome;
  if (!result) throw uploadErrors.timeout(document.id);
  if (!result.ok) throw documentErrors.failed(result.message, result.code);
  const copy = await deps.store.citationsOf(document.id);
  return { document: { id: document.id, filename: document.filename }, citations: copy?.citations ?? [] };
}

function waitForOutcome(deps: UploadDeps, documentId: string): Promise<Outcome | null> {
  return deps.waiters.wait(documentId, deps.waitMs, async () => {
    const d = await deps.store.document(documentId);
    if (d?.stage === 'validated') return { ok: true };
    if (d?.stage === 'failed') return { ok: false, message: d.failure?.message ?? 'Processing failed', code: d.failure?.code ?? 'failed' };
    return null;
  });
}

/** Nothing reached the pipeline: give the report back and mark the Document (if any) failed. */
async function failBeforePipeline(deps: UploadDeps, document: DocumentRecord, progress: ProgressPublisher, cause: unknown): Promise<void> {
  deps.logger.error({ err: cause, documentId: document.id }, 'upload could not be stored');
  const message = 'The document could not be stored. Please try again.';
  progress.emit({ step: 'error', message, progress: 5 });
  await Promise.allSettled([
    progress.flush(),
    deps.identity.releaseReport(document.userId, document.reservationId!),
    deps.store.failBeforePipeline(document.id, { message, code: 'upload_failed' }),
  ]);
  deps.waiters.settle(document.id, { ok: false, message, code: 'upload_failed' });
}

