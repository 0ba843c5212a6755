/**
 * Finds a document's citations off the event loop: in a small pool of worker threads
 * (citation-thread.ts), each with a heap cap, one document per thread at a time, and a time
 * budget per document after which its thread is terminated and the document fails with
 * `extract-timeout`. The event loop only copies the text over and the citations back, so no
 * upload, however crafted, holds the requests of other users while its citations are found.
 *
 *   const finder = new CitationFinder({ threads: 2, timeoutMs: 60_000 });
 *   const found = await finder.find({ text, positions }, { limit: 2000, batchChars: 10_000 });
 *   if (found.tooMany) ...; else found.citations;
 *
 * Threads start on first use (or `warm()`), are reused, and are `unref()`ed while idle, so an
 * idle finder never keeps a process alive; a terminated or failed thread is replaced on demand.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Citation } from '@citecheck/citations';
import { DocumentError, startWorkerFile } from '@citecheck/reading';
import type { CitationInput } from '../domain/extract';
import type { FindAnswer, FindRequest } from './citation-thread';

export interface FinderOptions {
  /** Documents whose citations are found at once, each on a thread of its own (default 1). */
  threads?: number;
  /** Time budget per document, counted from the moment a thread takes it (default 60 s). */
  timeoutMs?: number;
  /** Heap cap of each thread (MB, old generation; default 512). */
  maxHeapMb?: number;
}

export interface FindOptions {
  /** More citations than this: `{ tooMany: true }`, before the full pass. */
  limit: number;
  /** Characters per counting batch (see batchCitationCounts). */
  batchChars: number;
  /** The uploader's cancel: the thread is terminated and the document fails with `read-aborted`. */
  signal?: AbortSignal;
}

export type FindResult = { tooMany: true } | { tooMany: false; citations: Citation[] };

interface Task {
  input: CitationInput;
  options: FindOptions;
  resolve(result: FindResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  id: number;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
}

const SOURCE_FILE = path.join(__dirname, `citation-thread${path.extname(__filename)}`);
const BUNDLE_FILE = path.join(__dirname, '..', '..', 'dist', 'citation-thread.cjs');
/** What the bundle is built from (scripts/bundle-thread.mjs checks the same folders). */
const THREAD_SOURCES = [
  path.join(__dirname, '..'),
  path.dirname(require.resolve('@citecheck/citations')),
  path.join(path.dirname(require.resolve('@citecheck/citations')), '..', 'data'),
  path.dirname(require.resolve('@citecheck/proto')),
];

function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(full) : statSync(full).mtimeMs);
  }
  return newest;
}

let threadFile: string | undefined;

/**
 * The thread's file: its esbuild bundle (scripts/bundle-thread.mjs, built at `npm install` and
 * `npm run build`) while it is newer than every file it was built from, else the TypeScript
 * source through tsx (about three times the CPU to start); a built `.js` copy as it is.
 * Decided once per process.
 */
function threadEntry(): string {
  if (threadFile) return threadFile;
  if (path.extname(__filename) === '.js') return (threadFile = SOURCE_FILE);
  try {
    const built = statSync(BUNDLE_FILE).mtimeMs;
    threadFile = THREAD_SOURCES.every((dir) => newestFile(dir) < built) ? BUNDLE_FILE : SOURCE_FILE;
  } catch {
    threadFile = SOURCE_FILE; // no bundle
  }
  return threadFile;
}

export class CitationFinder {
  private readonly threads: number;
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: FinderOptions = {}) {
    this.threads = Math.max(1, Math.floor(options.threads ?? 1));
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxHeapMb = options.maxHeapMb ?? 512;
  }

  /** Starts one thread now, so the first document does not wait for it to load. */
  warm(): void {
    if (!this.closed && this.slots.size === 0) this.spawn();
  }

  find(input: CitationInput, options: FindOptions): Promise<FindResult> {
    if (this.closed) return Promise.reject(new DocumentError('read-aborted'));
    if (options.signal?.aborted) return Promise.reject(new DocumentError('read-aborted'));
    return new Promise<FindResult>((resolve, reject) => {
      const task: Task = { input, options, resolve, reject };
      this.queue.push(task);
      options.signal?.addEventListener(
        'abort',
        () => {
          const waiting = this.queue.indexOf(task);
          if (waiting >= 0) {
            this.queue.splice(waiting, 1);
            reject(new DocumentError('read-aborted'));
          }
        },
        { once: true },
      );
      this.pump();
    });
  }

  /** Terminates every thread; documents in hand or queued fail with `read-aborted`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new DocumentError('read-aborted'));
    const workers: Worker[] = [];
    for (const slot of this.slots) {
      if (slot.task) this.settle(slot, (task) => task.reject(new DocumentError('read-aborted')));
      workers.push(slot.worker);
    }
    this.slots.clear();
    await Promise.allSettled(workers.map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let free: Slot | undefined;
      for (const slot of this.slots) if (!slot.task) free = slot;
      if (!free && this.slots.size >= this.threads) return;
      this.run(free ?? this.spawn(), this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = startWorkerFile(threadEntry(), { maxOldGenerationSizeMb: this.maxHeapMb });
    const slot: Slot = { worker, task: null, id: 0 };
    this.slots.add(slot);
    worker.unref();
    let outOfMemory = false;
    worker.on('message', (answer: FindAnswer | { ready: true }) => {
      if (!('id' in answer) || answer.id !== slot.id || !slot.task) return;
      this.settle(slot, (task) => {
        if ('error' in answer) task.reject(new Error(`the citation finder failed (${answer.error})`));
        else if ('tooMany' in answer) task.resolve({ tooMany: true });
        else task.resolve({ tooMany: false, citations: answer.citations });
      });
      worker.unref();
      this.pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
    });
    worker.on('exit', () => {
      if (!this.slots.delete(slot)) return; // retired on purpose: already settled
      if (slot.task) {
        this.settle(slot, (task) => task.reject(outOfMemory ? new DocumentError('read-memory') : new Error('the citation finder thread stopped')));
      }
      this.pump();
    });
    return slot;
  }

  private run(slot: Slot, task: Task): void {
    slot.task = task;
    slot.id = this.nextId++;
    slot.worker.ref();
    slot.timer = setTimeout(() => this.retire(slot, new DocumentError('extract-timeout')), this.timeoutMs);
    if (task.options.signal) {
      slot.onAbort = () => this.retire(slot, new DocumentError('read-aborted'));
      task.options.signal.addEventListener('abort', slot.onAbort, { once: true });
    }
    const request: FindRequest = { id: slot.id, text: task.input.text, positions: task.input.positions, limit: task.options.limit, batchChars: task.options.batchChars };
    slot.worker.postMessage(request);
  }

  /** Ends the document in hand with `error` and terminates its thread (the next document gets a new one). */
  private retire(slot: Slot, error: Error): void {
    if (!this.slots.delete(slot)) return;
    this.settle(slot, (task) => task.reject(error));
    void slot.worker.terminate();
    this.pump();
  }

  /** Clears the slot's document (timer, abort listener) and hands it to `finish`. */
  private settle(slot: Slot, finish: (task: Task) => void): void {
    const task = slot.task;
    if (!task) return;
    clearTimeout(slot.timer);
    if (slot.onAbort) task.options.signal?.removeEventListener('abort', slot.onAbort);
    slot.task = null;
    slot.id = 0;
    slot.onAbort = undefined;
    finish(task);
  }
}
