'use strict';
// A stand-in for ocr-worker.cjs (see ocr-flags-child.ts): records this thread's flags and stops.
require('node:fs').writeFileSync(process.env.OCR_FLAGS_FILE, JSON.stringify(process.execArgv));
