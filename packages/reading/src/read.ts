/**
 * readDocument: checks the upload on the caller's thread (size and type are cheap), then reads it
 * in one of a pool of worker threads (pool.ts) with a heap cap and a time budget, so neither a
 * slow nor a hostile document can stall or crash the caller or another document. OCR requests
 * from the worker go to the shared tesseract pool.
 */
import { detectFileType } from './detect';
import { DocumentError, MAX_FILE_BYTES, messageFor, type DocumentErrorCode } from './errors';
import { QueueFullError } from './fair-queue';
import { closeOcrPool, configureOcrPool, ocrPool } from './ocr';
import { ReaderPool, type PoolOptions, type ReadTask } from './pool';
import { sanitizeFilename } from './sanitize';
import type { FileType, ReadDocument, ReadOptions, ReadProgress } from './types';
import type { FromWorker } from './worker';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

const MIME_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};

/**
 * Reads a .pdf or .docx (or .txt, when accepted) into pages of paragraphs.
 *
 * @example
 * const document = await readDocument(fs.readFileSync('brief.pdf'), {
 *   onProgress: (p) => console.log(p.message),
 * });
 * document.pages[0].paragraphs[0].text;
 */
export async function readDocument(buffer: Uint8Array, options: ReadOptions = {}): Promise<ReadDocument & { filename: string | null }> {
  const accept = options.accept ?? ['pdf', 'docx'];
  if (buffer.byteLength === 0) throw new DocumentError('file-too-small');
  if (buffer.byteLength > MAX_FILE_BYTES) throw new DocumentError('file-too-large');
  const fileType = detectFileType(buffer);
  if (!fileType || !accept.includes(fileType)) {
    throw new DocumentError('file-invalid-type', messageFor('file-invalid-type', accept.map((type) => MIME_TYPES[type])));
  }
  if (options.signal?.aborted) throw new DocumentError('read-aborted');
  const document = await readInWorker(fileType, buffer, options);
  return { ...document, filename: options.filename === undefined ? null : sanitizeFilename(options.filename) };
}

export interface ReaderOptions {
  /** Documents read at once, each in a worker thread of its own. Default: the cores, at least 1. */
  workers?: number;
  /**
   * Heap cap of each worker thread (MB, old generation; default 512). Rendered pages live in
   * native (canvas) memory outside it, bounded by PDF_LIMITS.maxRenderPixels.
   */
  maxHeapMb?: number;
  /** Pages recognised at once by OCR, each in a tesseract worker thread. Default: ocrPoolSize() (use it with the container's CPU request). */
  ocrWorkers?: number;
}

let settings: PoolOptions = {};
let pool: ReaderPool | undefined;

function readerPool(): ReaderPool {
  pool ??= new ReaderPool(settings);
  return pool;
}

/**
 * Sets the size and heap cap of the read workers and the number of OCR workers. Takes effect
 * when the pools are next started: before the first read, or after closeReader().
 */
export function configureReader(options: ReaderOptions): void {
  configureOcrPool({ size: options.ocrWorkers });
  const heap = options.maxHeapMb;
  settings = {
    size: options.workers,
    resourceLimits:
      heap === undefined ? undefined : { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: Math.min(48, Math.max(4, Math.floor(heap / 8))), stackSizeMb: 4 },
  };
}

/** Read workers alive or starting, busy, and documents waiting for one (tests and figures). */
export function readerStats(): { workers: number; busy: number; queued: number } {
  return pool?.stats() ?? { workers: 0, busy: 0, queued: 0 };
}

/**
 * A server at boot: starts one read worker now, so the first document does not wait for it,
 * and with `ocr` the OCR workers too, kept up from then on (see OcrPool.warm), so a scan never
 * costs everyone else their start. `closeReader()` stops them.
 */
export function warmReader(options: { ocr?: boolean } = {}): void {
  readerPool().warm();
  if (options.ocr) ocrPool().warm();
}

/**
 * Stops the read workers and the OCR workers now; documents still being read fail with
 * `read-aborted`. The next read starts fresh workers. Idle workers never keep a process alive,
 * so this is for exiting at once (a CLI) and for tests.
 */
export async function closeReader(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await Promise.all([closing?.close(), closeOcrPool()]);
}

function readInWorker(fileType: FileType, buffer: Uint8Array, options: ReadOptions): Promise<ReadDocument> {
  const ocr = ocrPool();
  const readers = readerPool();
  // Queued OCR pages of this document are dropped when it ends early.
  const ocrAbort = new AbortController();
  let settled = false;
  // The worker counts a scanned page as read only once OCR returns it; until then the page's own
  // recognition progress (0 to 1) is added, so a long page moves the bar instead of holding it.
  const recognising = new Map<number, number>();
  const partialPages = (): number => [...recognising.values()].reduce((sum, fraction) => sum + fraction, 0);
  let lastProgress: Extract<FromWorker, { type: 'progress' }> | undefined;
  let ocrRequested = 0;

  return new Promise<ReadDocument>((resolve, reject) => {
    const finish = (outcome: { document: ReadDocument } | { code: DocumentErrorCode; message?: string }, early = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      ocrAbort.abort();
      // Ended from this side: the worker (if it has the document) is terminated and replaced.
      if (early) readers.cancel(task);
      if ('document' in outcome) resolve(outcome.document);
      else reject(new DocumentError(outcome.code, outcome.message));
    };
    const onAbort = (): void => finish({ code: 'read-aborted' }, true);
    // The budget counts from the call, so time waiting for a free worker is part of it.
    const timer = setTimeout(() => finish({ code: 'read-timeout' }, true), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    options.signal?.addEventListener('abort', onAbort);

    const task: ReadTask = {
      owner: options.owner,
      // The worker gets its own copy: the caller keeps its buffer, and the copy moves without cloning.
      request: { fileType, data: new Uint8Array(buffer), maxPendingOcr: ocr.size + 1, layout: options.layout === true },
      onMessage(message: Exclude<FromWorker, { type: 'ready' }>, reply): void {
        if (settled) return;
        switch (message.type) {
          case 'progress':
            lastProgress = message;
            options.onProgress?.(toProgress(message, partialPages()));
            break;
          case 'ocr-request': {
            const { id, page } = message;
            // Counted as pages are sent to OCR, before any is recognised: the cap bounds the work done.
            ocrRequested += 1;
            if (options.maxOcrPages !== undefined && ocrRequested > options.maxOcrPages) {
              finish({ code: 'too-many-ocr-pages', message: options.tooManyOcrPagesMessage }, true);
              break;
            }
            recognising.set(page, 0);
            const onPageProgress = (fraction: number): void => {
              if (settled || !recognising.has(page)) return;
              recognising.set(page, fraction);
              if (lastProgress) options.onProgress?.(toProgress(lastProgress, partialPages()));
            };
            const done = (): void => void recognising.delete(page);
            // Pages are served owner by owner: another uploader's page waits for pages already
            // being recognised, never for this document's queue.
            ocr.recognize(message.image.png, { owner: options.owner, signal: ocrAbort.signal, onProgress: onPageProgress }).then(
              (result) => (done(), !settled && reply({ type: 'ocr-result', id, page, ocr: result })),
              (error: unknown) => {
                done();
                if (settled) return;
                // One owner with more pages waiting than the pool takes from anyone: too much at once.
                if (error instanceof QueueFullError) finish({ code: 'too-many-ocr-pages' }, true);
                else reply({ type: 'ocr-failed', id, page });
              },
            );
            break;
          }
          case 'done':
            options.onReaderMemory?.(message.memory);
            finish({ document: message.document });
            break;
          case 'error':
            options.onReaderMemory?.(message.memory);
            finish({ code: message.code, message: message.message });
            break;
        }
      },
      onFailure: (code) => finish({ code }),
    };
    readers.submit(task);
  });
}

/** `partialPages`: the summed recognition progress (0 to 1 each) of pages still in OCR. */
export function toProgress(update: Extract<FromWorker, { type: 'progress' }>, partialPages = 0): ReadProgress {
  const { pagesRead, totalPages, ocrPages, ocrPending } = update;
  const done = Math.min(totalPages, pagesRead + (ocrPending > 0 ? partialPages : 0));
  // Never 100 % while a page is still being recognised.
  const progress = totalPages === 0 ? 0 : Math.min(ocrPending > 0 ? 99 : 100, Math.round((done / totalPages) * 100));
  const message =
    ocrPending > 0
      ? `Recognising text on scanned pages (${pagesRead} of ${totalPages} pages read)`
      : `Reading page ${Math.min(pagesRead + 1, totalPages)} of ${totalPages}`;
  return { isActive: ocrPending > 0, progress, message, pagesRead, totalPages, ocrPages };
}

