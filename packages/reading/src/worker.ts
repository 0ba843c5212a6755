/**
 * The read worker: one per document, so a hostile file can only exhaust its own heap and time
 * budget. Parsing (mammoth, pdf.js, page rendering, layout) happens here; OCR is asked of the
 * parent, which owns the shared tesseract pool.
 *
 * Protocol (parent → worker): `read` once, then `ocr-result` / `ocr-failed` per OCR request.
 * (worker → parent): `progress`, `ocr-request`, then exactly one `done` or `error`.
 */
import { parentPort } from 'node:worker_threads';
import { readDocx } from './docx';
import { DocumentError } from './errors';
import type { OcrPage } from './ocr';
import { readPdf, type RenderedPage } from './pdf';
import { readText } from './text';
import type { FileType, ReadDocument } from './types';

export type ToWorker =
  | { type: 'read'; fileType: FileType; data: Uint8Array; maxPendingOcr: number }
  | { type: 'ocr-result'; page: number; ocr: OcrPage }
  | { type: 'ocr-failed'; page: number };

export type FromWorker =
  | { type: 'progress'; pagesRead: number; totalPages: number; ocrPages: number; ocrPending: number }
  | { type: 'ocr-request'; page: number; image: RenderedPage }
  | { type: 'done'; document: ReadDocument }
  | { type: 'error'; code: DocumentError['code']; message: string };

const port = parentPort;
if (port) {
  const waiting = new Map<number, { resolve: (ocr: OcrPage) => void; reject: (error: Error) => void }>();
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

  port.on('message', (message: ToWorker) => {
    if (message.type === 'read') {
      void read(message).then(
        (document) => send({ type: 'done', document }),
        (error: unknown) => {
          const failure = error instanceof DocumentError ? error : new DocumentError('read-failed');
          send({ type: 'error', code: failure.code, message: failure.message });
        },
      );
    } else if (message.type === 'ocr-result') {
      waiting.get(message.page)?.resolve(message.ocr);
      waiting.delete(message.page);
    } else {
      waiting.get(message.page)?.reject(new Error(`OCR failed on page ${message.page}`));
      waiting.delete(message.page);
    }
  });

  const read = async (request: Extract<ToWorker, { type: 'read' }>): Promise<ReadDocument> => {
    switch (request.fileType) {
      case 'txt':
        return readText(request.data);
      case 'docx':
        return readDocx(Buffer.from(request.data.buffer, request.data.byteOffset, request.data.byteLength));
      case 'pdf':
        return readPdf(request.data, {
          maxPendingOcr: request.maxPendingOcr,
          progress: (update) => send({ type: 'progress', ...update }),
          ocr: (page, image) =>
            new Promise<OcrPage>((resolve, reject) => {
              waiting.set(page, { resolve, reject });
              // Copy into a buffer of its own so the transfer cannot detach memory canvas still uses.
              const png = new Uint8Array(image.png);
              send({ type: 'ocr-request', page, image: { ...image, png } }, [png.buffer as ArrayBuffer]);
            }),
        });
    }
  };
}
