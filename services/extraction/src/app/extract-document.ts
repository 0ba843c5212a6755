/**
 * Extracting one uploaded document: reads the stored file, finds its citations (plus the
 * optional model pass) and answers `citations.extracted`, reporting progress on the way
 * (SPEC steps extraction, OCR, processing, comprehensive-extraction, citations; this stage
 * owns 10-55 % of the bar, ingest the part before, validation the part after).
 *
 * A document that cannot be read (password-protected PDF, no text, ...) is a final answer,
 * not a retry: `pipeline.failed` with reading's user-facing message. Anything else (blob
 * store hiccup) throws so the bus redelivers; on the last attempt it fails the document
 * instead, so the upload never waits forever.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { DocumentError, isDocumentError, readDocument, toCitationInput } from '@citecheck/reading';
import { BlobNotFoundError, type Blobs, type Bus, type Clock, type Collection, type DeliveryContext, type DocumentLeases, type ProcessedEvents } from '@citecheck/platform';
import {
  CITATION_COUNT_BATCH_CHARS,
  MAX_CITATIONS_PER_DOCUMENT,
  createEvent,
  ocrPageLimit,
  tooManyOcrPagesMessage,
  tooManyCitationsMessage,
  topics,
  type DocumentUploaded, type EventOf, type ProcessingStats } from '@citecheck/proto';
import { toExtractedCitations } from '../domain/extract';
import { toExtractedQuotes } from '../domain/quotes';
import { CitationFinder } from '../adapters/citation-finder';
import type { ModelClient } from '../adapters/model-client';
import type { Cancellations } from './cancel-extraction';
import { runModelPass } from './run-model-pass';
import type { ExtractionJob } from '../store/jobs';
import { progressPublisher } from '@citecheck/platform';

export const CONSUMER = 'extraction.document-uploaded';
export const MAX_ATTEMPTS = 4;

export interface ExtractionDeps {
  bus: Bus;
  blobs: Blobs;
  clock: Clock;
  logger: Logger;
  jobs: Collection<ExtractionJob>;
  processed: ProcessedEvents;
  /** One replica per document at a time (distributed mode; see DocumentLeases). */
  leases?: DocumentLeases;
  model: ModelClient | null;
  chunkChars: number;
  readTimeoutMs: number;
  /** Documents being read, so an uploader's cancel can stop one (cancel-extraction.ts). */
  cancels?: Cancellations;
  /**
   * Finds the citations on worker threads with a time budget (adapters/citation-finder.ts);
   * default: one shared by the process, with a thread and a 60 s budget.
   */
  finder?: CitationFinder;
}

let sharedFinder: CitationFinder | undefined;

/** The finder callers without their own share (tests, the CLI's use of the stage); closed by closeSharedFinder. */
function defaultFinder(): CitationFinder {
  return (sharedFinder ??= new CitationFinder());
}

export async function closeSharedFinder(): Promise<void> {
  const finder = sharedFinder;
  sharedFinder = undefined;
  await finder?.close();
}

/**
 * A citation id: its document's id (128 random bits), a dot, and 64 more random bits. The
 * prefix lets validation keep a document's citations as one record and still find one by
 * id; the whole id is unguessable because the document id is.
 */
const citationIdFor = (documentId: string) => () => `${documentId}.${randomBytes(8).toString('base64url')}`;

/** A final answer, not a retry: the same document always has the same citations. */
const tooManyCitations = () => new DocumentError('too-many-citations', tooManyCitationsMessage());

const GENERIC_FAILURE = 'Something went wrong while reading this document. Please try again.';

export type ExtractionResult = EventOf<'citations.extracted'> | EventOf<'pipeline.failed'>;

/**
 * The stage's result: citations, or `pipeline.failed` for a document that cannot be read or
 * for any other failure on the last attempt. Earlier attempts rethrow, to be redelivered.
 */
export async function extractDocument(deps: ExtractionDeps, event: EventOf<'document.uploaded'>, ctx: DeliveryContext): Promise<ExtractionResult> {
  const { documentId } = event.payload;
  try {
    return await extract(deps, event.payload);
  } catch (error) {
    // The bus says which attempt is the last (its retry budget runs minutes in distributed mode).
    if (!isDocumentError(error) && !(error instanceof BlobNotFoundError) && !(ctx.final ?? ctx.attempt >= MAX_ATTEMPTS)) throw error;
    deps.logger.warn({ err: error, documentId, attempt: ctx.attempt }, 'document could not be read');
    const message = isDocumentError(error) ? error.message : GENERIC_FAILURE;
    const code = isDocumentError(error) ? error.code : 'read-failed';
    const progress = progressPublisher(deps.bus, documentId, event.payload.sessionId);
    progress.emit({ step: 'error', message, progress: 10 });
    await progress.flush();
    return createEvent(topics['pipeline.failed'], { documentId, sessionId: event.payload.sessionId, userId: event.payload.userId, stage: 'extraction', message, code }, documentId);
  } finally {
    deps.cancels?.finish(documentId);
  }
}

async function extract(deps: ExtractionDeps, uploaded: DocumentUploaded): Promise<EventOf<'citations.extracted'>> {
  const started = Date.now();
  const { documentId, sessionId } = uploaded;
  const stats: ProcessingStats = { llmCalls: 0, courtListenerCalls: 0, llmTokensUsed: 0, processingTimeMs: 0, ocrUsed: false };
  const progress = progressPublisher(deps.bus, documentId, sessionId);
  const statsNow = () => ({ ...stats, processingTimeMs: Date.now() - started });

  progress.emit({ step: 'extraction', message: 'Reading your document', progress: 10, processingStats: statsNow() });
  const buffer = await deps.blobs.getBuffer(uploaded.blobKey);
  const cancel = deps.cancels?.start(documentId);
  let lastOcr = -1;
  const document = await readDocument(buffer, {
    filename: uploaded.filename,
    timeoutMs: deps.readTimeoutMs,
    // OCR is the long part: bounded by the uploader's plan, and readers are shared out by uploader.
    maxOcrPages: ocrPageLimit(uploaded.userType),
    tooManyOcrPagesMessage: tooManyOcrPagesMessage(ocrPageLimit(uploaded.userType)),
    // Readers and OCR pages are shared out by uploader: the account, else the client's address.
    owner: uploaded.userId ?? (uploaded.ipAddress ? `ip:${uploaded.ipAddress}` : undefined),
    signal: cancel?.signal,
    onProgress: (p) => {
      if (p.ocrPages === 0) return; // a text-layer read is quick; only OCR deserves a bar
      stats.ocrUsed = true;
      const pct = Math.round(p.progress);
      if (pct === lastOcr) return; // one message per percent is plenty for a bar
      lastOcr = pct;
      progress.emit({
        step: 'OCR',
        message: p.message,
        progress: 12 + Math.round((26 * pct) / 100),
        ocrProgress: { isActive: p.isActive, progress: pct, message: p.message },
        processingStats: statsNow(),
      });
    },
  });
  stats.ocrUsed = document.ocrUsed;

  progress.emit({ step: 'processing', message: 'Finding citations', progress: 40, processingStats: statsNow() });
  const input = toCitationInput(document);
  // On a worker thread with a time budget: finding the citations and their sentences is work
  // an uploader's text decides, and the event loop is every other request's. The cap is
  // counted there in bounded batches before the full pass, which holds every citation at once.
  const found = await (deps.finder ?? defaultFinder()).find(input, { limit: MAX_CITATIONS_PER_DOCUMENT, batchChars: CITATION_COUNT_BATCH_CHARS, signal: cancel?.signal });
  if (found.tooMany) throw tooManyCitations();
  let citations = found.citations;
  let foundByModel = new Set<(typeof citations)[number]>();

  if (deps.model) {
    progress.emit({ step: 'comprehensive-extraction', message: 'Looking for citations the parser may have missed', progress: 42, processingStats: statsNow() });
    const pass = await runModelPass(deps.model, input, citations, {
      chunkChars: deps.chunkChars,
      logger: deps.logger,
      onChunk: (done, total) => {
        stats.llmCalls = done;
        progress.emit({
          step: 'comprehensive-extraction',
          message: `Checked part ${done} of ${total} with the language model`,
          progress: 42 + Math.round((10 * done) / total),
          processingStats: statsNow(),
        });
      },
    });
    stats.llmCalls = pass.calls;
    stats.llmTokensUsed = pass.tokens;
    citations = pass.citations;
    foundByModel = pass.added;
    deps.logger.info({ documentId, added: pass.added.size, named: pass.named, calls: pass.calls, failedCalls: pass.failedCalls }, 'model pass done');
  }

  if (citations.length > MAX_CITATIONS_PER_DOCUMENT) throw tooManyCitations();
  const extracted = toExtractedCitations(citations, citationIdFor(documentId), foundByModel);
  const quotes = toExtractedQuotes(input.text, citations, extracted, input.blocks);
  progress.emit({
    step: 'citations',
    message: `Found ${extracted.length} citation${extracted.length === 1 ? '' : 's'}`,
    progress: 55,
    citationCount: extracted.length,
    processingStats: statsNow(),
  });
  await progress.flush();

  return createEvent(
    topics['citations.extracted'],
    {
      documentId,
      sessionId,
      citations: extracted,
      pageCount: document.pages.length,
      ocrUsed: document.ocrUsed,
      ocrPages: document.ocrPages.length,
      stats: statsNow(),
      warnings: document.warnings.map((w) => w.message),
      quotes,
    },
    documentId,
  );
}
