/**
 * OCR with tesseract.js. Each tesseract.js worker is its own worker thread, so recognition never
 * runs on the caller's event loop. The pool is created on first use, sized to the cores, and
 * reused across documents; it shuts itself down after a quiet spell so a CLI can exit.
 *
 * Everything tesseract needs comes from node_modules: the language data from
 * @tesseract.js-data/eng (never the CDN tesseract.js falls back to), the worker script and the
 * WebAssembly core from tesseract.js and tesseract.js-core. Nothing is cached to disk.
 */
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import type { TextItem } from './layout';

/** Where tesseract.js finds its files; all local. */
export function tesseractPaths(): { langPath: string; workerPath: string; corePath: string } {
  const eng = require('@tesseract.js-data/eng') as { langPath: string };
  return {
    // The integer-quantised LSTM model: what tesseract.js itself picks for LSTM-only, and faster.
    langPath: path.join(path.dirname(eng.langPath), '4.0.0_best_int'),
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
  };
}

export interface OcrPage {
  width: number;
  height: number;
  /** Recognised words as layout items, in pixels. */
  items: TextItem[];
  confidence: number;
}

interface Job {
  image: Uint8Array;
  resolve: (page: OcrPage) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** The job a worker is recognising, for its logger (set at creation, before the worker exists). */
interface Slot {
  job?: Job;
}

const IDLE_SHUTDOWN_MS = 15_000;

export class OcrPool {
  private workers: Promise<TesseractWorker>[] = [];
  private idle: TesseractWorker[] = [];
  /** Workers started by this pool and not yet terminated; a job finishing after close() must not return its worker. */
  private live = new Set<TesseractWorker>();
  private queue: Job[] = [];
  private busy = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private slots = new WeakMap<TesseractWorker, Slot>();

  constructor(readonly size = Math.max(1, os.availableParallelism?.() ?? os.cpus().length)) {}

  /**
   * Recognises one page image (PNG). Jobs queued behind others are dropped if `signal` aborts
   * first. `onProgress` hears how far recognition of this page has got (0 to 1), so a page that
   * takes many seconds does not look stalled.
   */
  recognize(image: Uint8Array, signal?: AbortSignal, onProgress?: (fraction: number) => void): Promise<OcrPage> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      this.queue.push({ image, resolve, reject, signal, onProgress });
      this.pump();
    });
  }

  /** Stops all workers; the next recognize() starts fresh ones. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const workers = this.workers;
    this.workers = [];
    this.idle = [];
    this.live.clear();
    await Promise.allSettled(workers.map(async (worker) => (await worker).terminate()));
  }

  private pump(): void {
    clearTimeout(this.idleTimer);
    while (this.queue.length > 0) {
      const job = this.queue.shift()!;
      if (job.signal?.aborted) {
        job.reject(job.signal.reason);
        continue;
      }
      const worker = this.idle.pop();
      if (!worker) {
        this.queue.unshift(job);
        while (this.workers.length < Math.min(this.size, this.busy + this.queue.length)) this.spawn();
        return;
      }
      this.busy++;
      this.run(worker, job).finally(() => {
        this.busy--;
        if (this.live.has(worker)) this.idle.push(worker);
        this.pump();
      });
    }
    if (this.busy === 0 && this.workers.length > 0) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_SHUTDOWN_MS);
      this.idleTimer.unref();
    }
  }

  private spawn(): void {
    const { langPath, workerPath, corePath } = tesseractPaths();
    const slot: Slot = {};
    const logger = (m: { status?: string; progress?: number }): void => {
      if (m.status === 'recognizing text' && typeof m.progress === 'number') slot.job?.onProgress?.(Math.min(1, Math.max(0, m.progress)));
    };
    const started = createWorker('eng', OEM.LSTM_ONLY, { langPath, workerPath, corePath, cacheMethod: 'none', gzip: true, logger });
    this.workers.push(started);
    started.then(
      (worker) => {
        if (!this.workers.includes(started)) return void worker.terminate(); // closed while starting
        this.live.add(worker);
        this.slots.set(worker, slot);
        this.idle.push(worker);
        this.pump();
      },
      (error) => {
        this.workers = this.workers.filter((w) => w !== started);
        for (const job of this.queue.splice(0)) job.reject(error);
      },
    );
  }

  private async run(worker: TesseractWorker, job: Job): Promise<void> {
    const slot = this.slots.get(worker);
    if (slot) slot.job = job;
    try {
      const { data } = await worker.recognize(Buffer.from(job.image), {}, { blocks: true, text: false });
      job.resolve(toOcrPage(data));
    } catch (error) {
      job.reject(error);
    } finally {
      if (slot) slot.job = undefined;
    }
  }
}

type Recognised = Awaited<ReturnType<TesseractWorker['recognize']>>['data'];

/** Words as layout items. Each word takes its line's baseline and row height, which are far steadier than its own box. */
function toOcrPage(data: Recognised): OcrPage {
  const items: TextItem[] = [];
  let width = 0;
  let height = 0;
  for (const block of data.blocks ?? []) {
    width = Math.max(width, block.bbox.x1);
    height = Math.max(height, block.bbox.y1);
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const rowHeight = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
        const { x0, y0, x1, y1 } = line.baseline ?? { x0: 0, y0: line.bbox.y1, x1: 1, y1: line.bbox.y1 };
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === '') continue;
          const slope = x1 === x0 ? 0 : (y1 - y0) / (x1 - x0);
          items.push({
            text,
            x: word.bbox.x0,
            y: y0 + slope * (word.bbox.x0 - x0),
            width: word.bbox.x1 - word.bbox.x0,
            height: rowHeight,
          });
        }
      }
    }
  }
  return { width, height, items, confidence: data.confidence };
}

let shared: OcrPool | undefined;

/** The process-wide pool (created on first use). */
export function ocrPool(): OcrPool {
  shared ??= new OcrPool();
  return shared;
}

/** Stops the shared OCR workers now (tests, or a CLI that wants to exit at once). */
export async function closeOcrPool(): Promise<void> {
  await shared?.close();
}
