/**
 * The read worker: one of a small pool of threads, each reading one document at a time with its
 * own heap cap (see pool.ts), so a hostile file can only exhaust its own thread's heap and time
 * budget. Parsing (mammoth, pdf.js, page rendering, layout) happens here; OCR is asked of the
 * parent, which owns the shared tesseract pool.
 *
 * Protocol (parent → worker): `read` for a document, then `ocr-result` / `ocr-failed` per OCR
 * request of that document. (worker → parent): `ready` once the modules are loaded; then per
 * document `progress`, `ocr-request`, and exactly one `done` or `error`. Every message about a
 * document carries its `id`; the parent sends the next `read` only after `done` or `error`.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readDocx } from './docx';
import { DocumentError } from './errors';
import type { OcrPage } from './ocr';
import { readPdf, type RenderedPage } from './pdf';
import { readText } from './text';
import type { FileType, ReadDocument, ReaderMemory } from './types';

export type ReadRequest = { type: 'read'; id: number; fileType: FileType; data: Uint8Array; maxPendingOcr: number; layout?: boolean };

export type ToWorker =
  | ReadRequest
  | { type: 'ocr-result'; id: number; page: number; ocr: OcrPage }
  | { type: 'ocr-failed'; id: number; page: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; id: number; pagesRead: number; totalPages: number; ocrPages: number; ocrPending: number }
  | { type: 'ocr-request'; id: number; page: number; image: RenderedPage }
  | { type: 'done'; id: number; document: ReadDocument; memory: ReaderMemory }
  | { type: 'error'; id: number; code: DocumentError['code']; message: string; memory: ReaderMemory };

/** This thread's own memory: in a worker thread, heap and buffer figures are the thread's, not the process's. */
function threadMemory(): ReaderMemory {
  const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { heapUsedBytes: heapUsed, heapTotalBytes: heapTotal, externalBytes: external, arrayBuffersBytes: arrayBuffers };
}

/**
 * A scanned document's pages are rendered for OCR here, and OCR itself runs at a lower CPU
 * priority (ocr-worker.cjs); so does this thread from its first scanned page on, so a long scan
 * never takes CPU from the documents that need none. A lowered thread cannot be raised again
 * without privileges, so the pool replaces it after the document (it saw the `ocr-request`).
 */
const OCR_NICE = 10;
let lowered = false;
function lowerPriority(): void {
  if (lowered) return;
  lowered = true;
  try {
    os.setPriority(OCR_NICE); // on Linux, this thread only
  } catch {
    // not permitted here: normal priority
  }
}

const port = parentPort;
if (port) {
  /** OCR answers awaited by the current document, by page. */
  let waiting = new Map<number, { resolve: (ocr: OcrPage) => void; reject: (error: Error) => void }>();
  let current = 0;
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

  port.on('message', (message: ToWorker) => {
    if (message.type === 'read') {
      current = message.id;
      waiting = new Map();
      const { id } = message;
      void read(message).then(
        // Positions cross the thread only when asked for: a long PDF has hundreds of thousands.
        (document) => send({ type: 'done', id, document: message.layout ? document : { ...document, layout: undefined }, memory: threadMemory() }),
        (error: unknown) => {
          const failure = error instanceof DocumentError ? error : new DocumentError('read-failed');
          send({ type: 'error', id, code: failure.code, message: failure.message, memory: threadMemory() });
        },
      );
      return;
    }
    if (message.id !== current) return; // an answer for a document that has already ended
    const pending = waiting.get(message.page);
    waiting.delete(message.page);
    if (message.type === 'ocr-result') pending?.resolve(message.ocr);
    else pending?.reject(new Error(`OCR failed on page ${message.page}`));
  });

  const read = async (request: ReadRequest): Promise<ReadDocument> => {
    const { id } = request;
    switch (request.fileType) {
      case 'txt':
        return readText(request.data);
      case 'docx':
        return readDocx(Buffer.from(request.data.buffer, request.data.byteOffset, request.data.byteLength));
      case 'pdf':
        return readPdf(request.data, {
          maxPendingOcr: request.maxPendingOcr,
          progress: (update) => send({ type: 'progress', id, ...update }),
          ocr: (page, image) =>
            new Promise<OcrPage>((resolve, reject) => {
              lowerPriority();
              waiting.set(page, { resolve, reject });
              // Copy into a buffer of its own so the transfer cannot detach memory canvas still uses.
              const png = new Uint8Array(image.png);
              send({ type: 'ocr-request', id, page, image: { ...image, png } }, [png.buffer as ArrayBuffer]);
            }),
        });
    }
  };

  send({ type: 'ready' });
}
