/**
 * How tesseract.js starts its worker threads. Its Node back end does `new Worker(workerPath)`,
 * and a thread started so inherits this process's flags: when the server runs from its
 * TypeScript sources (`node --import tsx`), every OCR thread first loads and runs tsx's loader,
 * about 0.5-1 s of CPU at normal priority before ocr-worker.cjs lowers the thread, although
 * the worker script is plain CommonJS. On a small server that start-up lands on the cores the
 * users' text documents need, each time the OCR pool starts again after a quiet spell.
 *
 * So the back end's `spawnWorker` is replaced by one that passes the parent's flags without
 * tsx's (spawn.ts's newWorker, as for the read workers). createWorker.js takes `spawnWorker`
 * from the back end's exports when it is first loaded, so this module must be imported before
 * tesseract.js (ocr.ts does).
 */
import type { Worker } from 'node:worker_threads';
import { newWorker } from './spawn';

interface TesseractNodeBackend {
  spawnWorker(options: { workerPath: string }): Worker;
}

// A deep path into tesseract.js 7 (src/worker/node/index.js); ocr-worker.cjs uses its sibling.
const backend = require('tesseract.js/src/worker/node/index.js') as TesseractNodeBackend;

backend.spawnWorker = ({ workerPath }) => newWorker(workerPath, {});
