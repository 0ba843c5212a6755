/**
 * readDocument: checks the upload on the caller's thread (size and type are cheap), then reads it
 * in a worker thread of its own with a heap cap and a time budget, so neither a slow nor a
 * hostile document can stall or crash the caller. OCR requests from the worker go to the
 * shared tesseract pool.
 */
import { detectFileType } from './detect';
import { DocumentError, MAX_FILE_BYTES, messageFor, type DocumentErrorCode } from './errors';
import { ocrPool } from './ocr';
import { sanitizeFilename } from './sanitize';
import { startWorker } from './spawn';
import type { FileType, ReadDocument, ReadOptions, ReadProgress } from './types';
import type { FromWorker, ToWorker } from './worker';

const DEFAULT_TIMEOUT_MS = 5 * 60_000;
/**
 * Heap for one document's worker. Rendered pages live in native (canvas) memory outside it,
 * bounded by PDF_LIMITS.maxRenderPixels.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 };

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

function readInWorker(fileType: FileType, buffer: Uint8Array, options: ReadOptions): Promise<ReadDocument> {
  const pool = ocrPool();
  const worker = startWorker('worker', WORKER_LIMITS);
  // Queued OCR pages of this document are dropped when it ends early.
  const ocrAbort = new AbortController();
  let settled = false;

  return new Promise<ReadDocument>((resolve, reject) => {
    const finish = (outcome: { document: ReadDocument } | { code: DocumentErrorCode; message?: string }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      ocrAbort.abort();
      void worker.terminate();
      if ('document' in outcome) resolve(outcome.document);
      else reject(new DocumentError(outcome.code, outcome.message));
    };
    const onAbort = (): void => finish({ code: 'read-aborted' });
    const timer = setTimeout(() => finish({ code: 'read-timeout' }), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    options.signal?.addEventListener('abort', onAbort);

    worker.on('message', (message: FromWorker) => {
      if (settled) return;
      switch (message.type) {
        case 'progress':
          options.onProgress?.(toProgress(message));
          break;
        case 'ocr-request': {
          const reply = (answer: ToWorker): void => {
            if (!settled) worker.postMessage(answer);
          };
          pool.recognize(message.image.png, ocrAbort.signal).then(
            (ocr) => reply({ type: 'ocr-result', page: message.page, ocr }),
            () => reply({ type: 'ocr-failed', page: message.page }),
          );
          break;
        }
        case 'done':
          finish({ document: message.document });
          break;
        case 'error':
          finish({ code: message.code, message: message.message });
          break;
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      finish({ code: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'read-memory' : 'read-failed' });
    });
    worker.on('exit', () => finish({ code: 'read-failed' }));

    // The worker gets its own copy: the caller keeps its buffer, and the copy moves without cloning.
    const data = new Uint8Array(buffer);
    const request: ToWorker = { type: 'read', fileType, data, maxPendingOcr: pool.size + 1 };
    worker.postMessage(request, [data.buffer]);
  });
}

function toProgress(update: Extract<FromWorker, { type: 'progress' }>): ReadProgress {
  const { pagesRead, totalPages, ocrPages, ocrPending } = update;
  const progress = totalPages === 0 ? 0 : Math.round((pagesRead / totalPages) * 100);
  const message =
    ocrPending > 0
      ? `Recognising text on scanned pages (${pagesRead} of ${totalPages} pages read)`
      : `Reading page ${Math.min(pagesRead + 1, totalPages)} of ${totalPages}`;
  return { isActive: ocrPending > 0, progress, message, pagesRead, totalPages, ocrPages };
}

