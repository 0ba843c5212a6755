'use strict';
/**
 * The tesseract.js worker thread, started at a lower CPU priority. OCR keeps a core busy for
 * seconds a page; on a small machine it would otherwise take CPU from the server's event loop
 * and from the read workers, so every upload (text PDFs, .docx, which need no OCR) would wait
 * behind someone's scan. On Linux a thread's nice value is its own, so only this thread is
 * lowered. Where lowering is refused, OCR simply runs at normal priority.
 */
const os = require('node:os');

const OCR_NICE = 10;
try {
  os.setPriority(OCR_NICE);
} catch {
  // not permitted here: normal priority
}

require('tesseract.js/src/worker-script/node/index.js');
