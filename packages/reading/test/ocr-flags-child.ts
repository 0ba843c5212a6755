/**
 * Run by tesseract-threads.test.ts as `node --import tsx`: starts a tesseract.js worker the way
 * ocr.ts does (createWorker, after ocr.ts is loaded), but with a worker script that only
 * writes the flags its thread was started with to the file named in OCR_FLAGS_FILE.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import '../src/ocr';
import { createWorker } from 'tesseract.js';

const file = process.env.OCR_FLAGS_FILE!;
void createWorker('eng', 1, { workerPath: path.join(__dirname, 'ocr-flags-worker.cjs') }).catch(() => undefined);
const deadline = Date.now() + 30_000;
const timer = setInterval(() => {
  if (existsSync(file) || Date.now() > deadline) {
    clearInterval(timer);
    process.stdout.write((existsSync(file) ? readFileSync(file, 'utf8') : 'no flags written') + '\n');
    process.exit(0);
  }
}, 20);
