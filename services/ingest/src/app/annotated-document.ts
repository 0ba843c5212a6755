/**
 * The annotated brief: the lawyer's own upload back, with a comment (a .docx) or a highlight (a
 * PDF) on each citation with a finding (GET /api/documents/{id}/annotated). The owner may always
 * download it; anyone holding the document's id (a shared report link) only while the owner
 * shares it, a per-document choice the owner makes (PUT .../annotated/sharing).
 *
 * The copy is made from the stored upload and the kept verdicts: the upload is read again
 * (the same reader, so the same text and the same citation offsets, OCR included) with its
 * page positions, then annotated (@citecheck/annotate). It is kept beside the upload
 * (`<upload key>.annotated`), for as long as the upload is, and made again when the verdicts
 * change (a recheck). One copy is made at a time per document, however many ask at once.
 */
import type { Logger } from 'pino';
import { annotateDocument, ANNOTATED_MIME_TYPES, AnnotateError, type CitationToAnnotate } from '@citecheck/annotate';
import { DocumentError, readDocument } from '@citecheck/reading';
import type { Blobs } from '@citecheck/platform';
import { ApiError, type AnnotatedAccess, type AuthenticatedUser } from '@citecheck/proto';
import { annotatedErrors, documentErrors } from '../domain/errors';
import { annotatedKey } from '../domain/annotated';
import type { CitationsCopy, DocumentRecord, IngestStore } from '../store/documents';

export interface AnnotatedDeps {
  store: IngestStore;
  blobs: Blobs;
  logger: Logger;
  /** Time budget for reading the upload again (OCR included); the reader's default when unset. */
  readTimeoutMs?: number;
}

export interface AnnotatedFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

/** Copies being made, by document: a second request waits for the first one's copy. */
const inFlight = new Map<string, Promise<Buffer>>();

/** Who may download: the owner always, anyone else only while the owner shares it. */
function mayDownload(document: DocumentRecord, caller: AuthenticatedUser | null): boolean {
  return (caller !== null && caller.id === document.userId) || document.annotatedShared === true;
}

async function readable(store: IngestStore, documentId: string): Promise<{ document: DocumentRecord; copy: CitationsCopy | null }> {
  const document = await store.document(documentId);
  if (!document) throw documentErrors.notFound();
  return { document, copy: await store.citationsOf(documentId) };
}

/** GET /api/documents/{id}/annotated/access: what the caller may do with the annotated brief. */
export async function annotatedAccess(deps: Pick<AnnotatedDeps, 'store'>, caller: AuthenticatedUser | null, documentId: string): Promise<AnnotatedAccess> {
  const { document, copy } = await readable(deps.store, documentId);
  const available = document.stage === 'validated' && Boolean(copy?.spans) && !document.fileDeleted;
  return {
    available,
    canDownload: available && mayDownload(document, caller),
    isOwner: caller !== null && caller.id === document.userId,
    shared: document.annotatedShared === true,
    format: document.fileType,
  };
}

/** PUT /api/documents/{id}/annotated/sharing: the owner lets shared report links download the annotated brief, or stops them. */
export async function setAnnotatedSharing(deps: Pick<AnnotatedDeps, 'store'>, caller: AuthenticatedUser | null, documentId: string, shared: boolean | null): Promise<AnnotatedAccess> {
  const document = await deps.store.document(documentId);
  if (!document) throw documentErrors.notFound();
  if (!caller) throw annotatedErrors.signInToShare();
  if (caller.id !== document.userId) throw annotatedErrors.ownerOnlyShares();
  if (shared === null) throw annotatedErrors.badSharing();
  await deps.store.setAnnotatedShared(documentId, shared);
  return annotatedAccess(deps, caller, documentId);
}

/**
 * GET /api/documents/{id}/annotated: the annotated copy, in the upload's own format. `format`
 * (optional, `docx` or `pdf`) asks for one; a Word document cannot be had as a PDF here, since
 * that needs a word processor the server does not run.
 */
export async function annotatedDocument(deps: AnnotatedDeps, caller: AuthenticatedUser | null, documentId: string, format: string | null): Promise<AnnotatedFile> {
  const { document, copy } = await readable(deps.store, documentId);
  if (!mayDownload(document, caller)) throw caller ? annotatedErrors.notShared() : annotatedErrors.signIn();
  if (document.stage === 'failed') throw documentErrors.failed(document.failure?.message ?? 'Processing failed', document.failure?.code ?? 'failed');
  if (document.stage !== 'validated' || !copy) throw documentErrors.processing();
  if (format !== null && format !== document.fileType) throw annotatedErrors.formatUnavailable(document.fileType);
  if (!copy.spans) throw annotatedErrors.checkedBefore();
  if (document.fileDeleted) throw annotatedErrors.uploadExpired();

  const key = annotatedKey(document.blobKey);
  let bytes: Buffer | null = null;
  if (document.annotated?.builtFrom === copy.eventAt && (await deps.blobs.exists(document.annotated.blobKey))) {
    bytes = await deps.blobs.getBuffer(document.annotated.blobKey);
  }
  if (!bytes) {
    const flightKey = `${document.id}:${copy.eventAt}`;
    let flight = inFlight.get(flightKey);
    if (!flight) {
      flight = makeCopy(deps, document, copy, key).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, flight);
    }
    bytes = await flight;
  }
  return { bytes, filename: annotatedName(document.filename, document.fileType), contentType: ANNOTATED_MIME_TYPES[document.fileType] };
}

async function makeCopy(deps: AnnotatedDeps, document: DocumentRecord, copy: CitationsCopy, key: string): Promise<Buffer> {
  const started = Date.now();
  const upload = await deps.blobs.getBuffer(document.blobKey);
  const spans = new Map((copy.spans ?? []).map((s) => [s.id, s]));
  const citations: CitationToAnnotate[] = [];
  for (const c of copy.citations) {
    const span = spans.get(c.id);
    if (!span) continue;
    // The quotations checked against the opinion: an altered or unfound one is marked on the citation.
    citations.push({ id: c.id, text: c.text, start: span.start, end: span.end, type: c.type, caseName: c.caseName, isValid: c.isValid, validationDetails: c.validationDetails, checkedAgainst: c.checkedAgainst, quotes: c.quotes });
  }
  // The check's date: the report's, else the moment the verdicts came in.
  const report = await deps.store.reportOfDocument(document.id);
  const checkedAt = new Date(report?.generatedAt ?? document.stageAt);
  let result;
  try {
    const read = await readDocument(upload, { filename: document.filename, layout: true, owner: document.userId, timeoutMs: deps.readTimeoutMs });
    result = await annotateDocument(upload, { document: read, citations, checkedAt });
  } catch (error) {
    if (error instanceof DocumentError || error instanceof AnnotateError) {
      deps.logger.warn({ documentId: document.id, code: error.code }, 'annotated copy not made');
      throw new ApiError(422, error.message, error.code);
    }
    throw error;
  }
  await deps.blobs.put(key, result.bytes);
  await deps.store.markAnnotated(document.id, { blobKey: key, builtFrom: copy.eventAt });
  deps.logger.info({ documentId: document.id, placed: result.placed.length, unplaced: result.unplaced.length, ms: Date.now() - started }, 'annotated copy made');
  return result.bytes;
}

/** `Opposition.docx` → `Opposition (CiteCheck).docx`. */
export function annotatedName(filename: string, type: 'docx' | 'pdf'): string {
  const stem = filename.replace(/\.(docx|pdf)$/i, '') || 'document';
  return `${stem} (CiteCheck).${type}`;
}
