/**
 * OCR with tesseract.js. Each tesseract.js worker is its own worker thread, so recognition never
 * runs on the caller's event loop, and runs at a lower CPU priority (ocr-worker.cjs), so it
 * never starves that loop or the read workers either. The pool is created on first use, sized
 * by ocrPoolSize (a setting, else the CPU the container was granted, never more than its
 * memory holds), and reused across documents; it shuts itself down after a quiet spell so a CLI
 * can exit, unless a server keeps it warm (warm()). Pages wait in a queue shared fairly among their owners (fair-queue.ts).
 *
 * Everything tesseract needs comes from node_modules: the language data from
 * @tesseract.js-data/eng (never the CDN tesseract.js falls back to), the worker script and the
 * WebAssembly core from tesseract.js and tesseract.js-core. Nothing is cached to disk.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Before tesseract.js: it sets how tesseract.js starts its threads (see the module).
import './tesseract-threads';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { FairQueue } from './fair-queue';
import type { TextItem } from './layout';

/** Where tesseract.js finds its files; all local. */
export function tesseractPaths(): { langPath: string; workerPath: string; corePath: string } {
  const eng = require('@tesseract.js-data/eng') as { langPath: string };
  return {
    // The integer-quantised LSTM model: what tesseract.js itself picks for LSTM-only, and faster.
    langPath: path.join(path.dirname(eng.langPath), '4.0.0_best_int'),
    // tesseract.js's own worker script, started at a lower CPU priority (ocr-worker.cjs).
    workerPath: path.join(__dirname, 'ocr-worker.cjs'),
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
  owner: string;
  resolve: (page: OcrPage) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
  /** Removes the job from the queue the moment its signal aborts. */
  onAbort?: () => void;
  onProgress?: (fraction: number) => void;
}

/** The job a worker is recognising, for its logger (set at creation, before the worker exists). */
interface Slot {
  job?: Job;
}

export interface RecognizeOptions {
  /**
   * Whose page this is (the uploader). Pages are served owner by owner (fair-queue.ts), so one
   * owner's long scan delays another owner's page by about one page per worker at most.
   * Pages without an owner share one.
   */
  owner?: string;
  /** Queued pages are dropped at once when it aborts. */
  signal?: AbortSignal;
  /** How far recognition of this page has got (0 to 1). */
  onProgress?: (fraction: number) => void;
}

export interface OcrPoolOptions {
  /** Tesseract workers (pages recognised at once). Default: ocrPoolSize() (the cores, within a cgroup memory limit). */
  size?: number;
  /** Pages one owner may have waiting; more are refused with QueueFullError. */
  maxQueuedPerOwner?: number;
  /** How long the workers stay up with nothing to do, unless kept warm (default 15 s). */
  idleShutdownMs?: number;
}

const IDLE_SHUTDOWN_MS = 15_000;

/**
 * Memory of an extraction process measured at boot with warm OCR workers (RSS, English data):
 * about 90 MiB before any OCR worker and 45 MiB for each (tesseract's WebAssembly heap and the
 * language data). Documents being read need the rest of the container's memory, so the warm
 * pool may take at most half of it.
 */
export const OCR_MEMORY = { baseMib: 90, perWorkerMib: 45, shareOfLimit: 0.5 } as const;

export interface OcrSizing {
  /** An explicit setting (OCR_WORKERS); 0 or absent: derived. */
  setting?: number;
  /** The container's CPU request in millicores (the chart passes it through the downward API). */
  cpuRequestMillicores?: number;
  /** The container's memory limit in MiB (downward API, else the cgroup's limit). */
  memoryLimitMib?: number;
  /** Cores the process sees: the node's, not the container's share of them. */
  cores?: number;
}

/**
 * Tesseract workers for this process. The node's core count says nothing about the CPU a pod
 * was granted: on a 64-core node, 64 warm workers want about 3 GB and an extraction pod
 * limited to 1.5 GiB is OOM-killed at boot. So: the setting if given, else one worker per core
 * of the CPU request (rounded up), else the cores; and never more than half the memory limit
 * holds (OCR_MEMORY), at least one.
 *
 *   ocrPoolSize({ cores: 64, cpuRequestMillicores: 500, memoryLimitMib: 1536 }) // 1
 *   ocrPoolSize({ cores: 64, memoryLimitMib: 1536 })                            // 15
 */
export function ocrPoolSize(sizing: OcrSizing = {}): number {
  const cores = Math.max(1, sizing.cores ?? os.availableParallelism?.() ?? os.cpus().length);
  const wanted = sizing.setting && sizing.setting > 0 ? sizing.setting : sizing.cpuRequestMillicores && sizing.cpuRequestMillicores > 0 ? Math.ceil(sizing.cpuRequestMillicores / 1000) : cores;
  const limit = sizing.memoryLimitMib;
  const fits = limit && limit > 0 ? Math.floor((limit * OCR_MEMORY.shareOfLimit - OCR_MEMORY.baseMib) / OCR_MEMORY.perWorkerMib) : Infinity;
  return Math.max(1, Math.min(wanted, fits));
}
const ANONYMOUS = '';
/**
 * Each document keeps at most a few pages in OCR at once (the reader's maxPendingOcr), so this
 * is only reached by an owner with many documents in readers at the same time.
 */
export const DEFAULT_MAX_QUEUED_PER_OWNER = 64;

export class OcrPool {
  readonly size: number;
  private workers: Promise<TesseractWorker>[] = [];
  private idle: TesseractWorker[] = [];
  /** Workers started by this pool and not yet terminated; a job finishing after close() must not return its worker. */
  private live = new Set<TesseractWorker>();
  private queue: FairQueue<Job>;
  private busy = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private slots = new WeakMap<TesseractWorker, Slot>();
  /** Set by warm(): the workers stay up when idle. */
  private keepWarm = false;
  private readonly idleShutdownMs: number;

  constructor(options: OcrPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? ocrPoolSize({ memoryLimitMib: cgroupMemoryLimitMib() })));
    this.queue = new FairQueue(options.maxQueuedPerOwner ?? DEFAULT_MAX_QUEUED_PER_OWNER);
    this.idleShutdownMs = options.idleShutdownMs ?? IDLE_SHUTDOWN_MS;
  }

  /** Pages waiting for a worker, and pages being recognised (tests and figures). */
  stats(): { queued: number; busy: number } {
    return { queued: this.queue.size, busy: this.busy };
  }

  /**
   * Recognises one page image (PNG). A queued page is dropped (rejected with the signal's
   * reason) as soon as `signal` aborts. `onProgress` hears how far recognition of this page has
   * got (0 to 1), so a page that takes many seconds does not look stalled.
   */
  recognize(image: Uint8Array, options: RecognizeOptions = {}): Promise<OcrPage> {
    const { signal, onProgress } = options;
    const owner = options.owner ?? ANONYMOUS;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const job: Job = { image, owner, resolve, reject, signal, onProgress };
      this.queue.push(owner, job); // throws QueueFullError: the promise rejects with it
      if (signal) {
        job.onAbort = () => {
          if (this.queue.remove(owner, job)) reject(signal.reason);
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.pump();
    });
  }

  /**
   * Starts every worker now and keeps them up when idle (a server at boot). Starting a
   * tesseract worker costs about 0.9 s of CPU, half of it compiling tesseract's WebAssembly on
   * V8's threads shared by the whole process, which run at normal priority whatever the OCR
   * thread's: paid during a burst of uploads, the first scan took that from everyone's
   * documents, and again after every quiet spell. Kept up, they cost about 60 MB each.
   */
  warm(): void {
    this.keepWarm = true;
    clearTimeout(this.idleTimer);
    while (this.workers.length < this.size) this.spawn();
  }

  /** Stops all workers; the next recognize() starts fresh ones. Queued pages fail. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const workers = this.workers;
    this.workers = [];
    this.idle = [];
    this.live.clear();
    for (const job of this.queue.drain()) this.settle(job).reject(new Error('OCR pool closed'));
    await Promise.allSettled(workers.map(async (worker) => (await worker).terminate()));
  }

  /** The job is leaving the queue: it no longer listens for its abort. */
  private settle(job: Job): Job {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    return job;
  }

  private pump(): void {
    clearTimeout(this.idleTimer);
    while (this.queue.size > 0) {
      const worker = this.idle.pop();
      if (!worker) {
        while (this.workers.length < Math.min(this.size, this.busy + this.queue.size)) this.spawn();
        return;
      }
      const { owner, item: job } = this.queue.take()!;
      this.settle(job);
      this.busy++;
      this.run(worker, job).finally(() => {
        this.busy--;
        this.queue.done(owner);
        if (this.live.has(worker)) this.idle.push(worker);
        this.pump();
      });
    }
    if (this.busy === 0 && this.workers.length > 0 && !this.keepWarm) {
      this.idleTimer = setTimeout(() => void this.close(), this.idleShutdownMs);
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
        for (const job of this.queue.drain()) this.settle(job).reject(error);
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
let sharedOptions: OcrPoolOptions = {};

/** The process-wide pool (created on first use). */
export function ocrPool(): OcrPool {
  shared ??= new OcrPool(sharedOptions);
  return shared;
}

/**
 * The memory limit of this process's container from its cgroup (v2 `memory.max`, v1
 * `memory.limit_in_bytes`), in MiB; undefined when there is none or it cannot be read.
 */
export function cgroupMemoryLimitMib(read: (file: string) => string = (file) => readFileSync(file, 'utf8')): number | undefined {
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const bytes = Number(read(file).trim());
      // "max", or v1's "no limit" (a number near 2^63).
      if (Number.isFinite(bytes) && bytes > 0 && bytes < 2 ** 50) return Math.floor(bytes / 2 ** 20);
    } catch {
      // not this cgroup version
    }
  }
  return undefined;
}

/** Options of the shared pool from its next start: now, or after closeOcrPool(). */
export function configureOcrPool(options: OcrPoolOptions): void {
  sharedOptions = options;
}

/** Stops the shared OCR workers now (tests, or a CLI that wants to exit at once); the next page starts a new pool. */
export async function closeOcrPool(): Promise<void> {
  const closing = shared;
  shared = undefined;
  await closing?.close();
}
