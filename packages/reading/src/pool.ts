/**
 * The pool of read workers. Starting a worker thread (loading tsx, pdf.js, mammoth) costs far
 * more than reading a typical brief, so threads are started once per process and each reads
 * one document after another. Isolation is kept per document:
 *
 * - one document per thread at a time, with the thread's heap capped (`resourceLimits`), so a
 *   hostile file can only exhaust its own thread and never another document in flight;
 * - a document that ends early (time budget, caller's abort) has its thread terminated, and a
 *   thread that fails a document or dies (out of memory, crash) is never reused; a replacement
 *   is started in the background so the pool stays warm;
 * - a thread is retired after `maxDocuments` documents, so nothing a document leaves behind in
 *   a heap lives long, and after a scanned document, for which it lowered its CPU priority;
 * - idle threads are `unref()`ed: an idle pool never keeps the process alive.
 *
 * Documents wait in a queue while every thread is busy. The next one started belongs to the
 * owner with the fewest documents in hand (first come, first served among equals), so one
 * uploader's pile of long scans cannot take every thread while another uploader waits. A
 * thread whose document is in OCR stops counting against `size` (see roomForAnother), so a
 * scan being recognised does not hold a reader the text documents need; and an owner whose
 * documents hold `size` such threads starts nothing more until one ends, so one uploader's
 * scans cannot fill the room kept for them either.
 */
import os from 'node:os';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { DocumentErrorCode } from './errors';
import { FairQueue } from './fair-queue';
import { startWorker } from './spawn';
import type { FromWorker, ReadRequest, ToWorker } from './worker';

export type PoolFailure = Extract<DocumentErrorCode, 'read-memory' | 'read-failed' | 'read-aborted'>;

/** One document's read, as the pool runs it. */
export interface ReadTask {
  /** Whose document this is (a user id); tasks without one share a single anonymous owner. */
  owner?: string;
  request: Omit<ReadRequest, 'id' | 'type'>;
  /** Every message of this document from its worker; `reply` answers OCR requests. */
  onMessage(message: Exclude<FromWorker, { type: 'ready' }>, reply: (answer: ToWorker, transfer?: ArrayBuffer[]) => void): void;
  /** The worker died under the document, or the pool was closed. */
  onFailure(code: PoolFailure): void;
}

export interface PoolOptions {
  /** Worker threads at most (documents read at once). Default: the cores, at least 1. */
  size?: number;
  /** Per-thread limits; a thread that exceeds its heap dies and its document fails with `read-memory`. */
  resourceLimits?: ResourceLimits;
  /** Documents a thread reads before it is replaced. */
  maxDocuments?: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: ReadTask | null;
  /** Id of the document in hand; 0 when idle. */
  id: number;
  documents: number;
  /** Why the thread is dying, when it reported an error first. */
  failure?: PoolFailure;
  /** Its document has sent pages to OCR: the thread runs at low priority (worker.ts) and mostly waits. */
  lowered?: boolean;
}

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 };

export function defaultPoolSize(): number {
  return Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
}

export class ReaderPool {
  readonly size: number;
  private readonly resourceLimits: ResourceLimits;
  private readonly maxDocuments: number;
  private readonly slots = new Set<Slot>();
  /** Documents waiting, by owner (tasks without one share the owner ''). */
  private readonly queue = new FairQueue<ReadTask>();
  private readonly running = new Map<ReadTask, Slot>();
  private nextId = 1;
  private closed = false;

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    this.resourceLimits = options.resourceLimits ?? DEFAULT_RESOURCE_LIMITS;
    this.maxDocuments = options.maxDocuments ?? 100;
  }

  /** Starts one idle worker now (if none is running or starting), so the first document does not wait for it. */
  warm(): void {
    if (!this.closed && this.slots.size === 0) this.spawn();
  }

  /** Queues a document; it starts as soon as a worker is free. */
  submit(task: ReadTask): void {
    if (this.closed) return task.onFailure('read-aborted');
    this.queue.push(ownerOf(task), task);
    this.pump();
  }

  /**
   * Ends a document early (time budget, caller's abort): dropped from the queue, or its worker
   * terminated and replaced. Nothing more is reported to the task.
   */
  cancel(task: ReadTask): void {
    this.queue.remove(ownerOf(task), task);
    const slot = this.running.get(task);
    if (slot) this.retire(slot, true);
  }

  /** Terminates every worker; documents in hand or queued fail with `read-aborted`. */
  async close(): Promise<void> {
    this.closed = true;
    const tasks = [...this.queue.drain(), ...this.running.keys()];
    const workers = [...this.slots].map((slot) => slot.worker);
    this.slots.clear();
    this.running.clear();
    for (const task of tasks) task.onFailure('read-aborted');
    await Promise.allSettled(workers.map((worker) => worker.terminate()));
  }

  /** Threads alive or starting, and how many are reading (for tests and figures). */
  stats(): { workers: number; busy: number; queued: number } {
    return { workers: this.slots.size, busy: this.running.size, queued: this.queue.size };
  }

  private pump(): void {
    while (this.queue.size > 0) {
      let free: Slot | undefined;
      for (const slot of this.slots) {
        // A ready worker first; one still starting is next best (it is already on its way).
        if (!slot.task && (!free || (slot.ready && !free.ready))) free = slot;
      }
      if (!free && !this.roomForAnother()) return;
      const next = this.queue.take(this.mayStartFor());
      if (!next) return; // every waiting owner's scans hold as many OCR threads as they may
      this.assign(free ?? this.spawn(), next.item);
    }
  }

  /**
   * Whether another thread may start. `size` threads at normal priority; a thread whose
   * document is in OCR runs at low priority and mostly waits for tesseract, so it does not
   * count against them: a long scan never leaves everyone else one reader short. Such threads
   * are bounded too (`2 × size` more at most), as each holds a document's memory, and per owner
   * (mayStartFor), so one owner's scans cannot take that room from another's.
   */
  private roomForAnother(): boolean {
    let lowered = 0;
    for (const slot of this.slots) if (slot.lowered) lowered++;
    return this.slots.size - lowered < this.size && this.slots.size < 3 * this.size;
  }

  /**
   * Which owners may have a document started now. The queue picks among them the owner with
   * the fewest documents in hand, then the one served longest ago (fair-queue.ts). An owner
   * whose documents in OCR already hold `size` threads waits until one of them ends: a scan
   * may lower the next thread too, and one owner's scans must not fill every thread there is.
   * An uploader's documents at normal priority hold at most `size - 1` readers (one when the
   * pool has one or two): one reader is always left for everyone else, so an uploader's
   * hostile files, each held until its budget runs out, never make the others wait for them
   * (issue 28, finding 4). Documents without an owner (the command line) are not limited.
   */
  private mayStartFor(): (owner: string) => boolean {
    const inOcr = new Map<string, number>();
    const reading = new Map<string, number>();
    for (const [task, slot] of this.running) {
      const counts = slot.lowered ? inOcr : reading;
      counts.set(ownerOf(task), (counts.get(ownerOf(task)) ?? 0) + 1);
    }
    const share = Math.max(1, this.size - 1);
    return (owner) => (inOcr.get(owner) ?? 0) < this.size && (owner === '' || (reading.get(owner) ?? 0) < share);
  }

  /** A document's thread is done with it (read, failed, cancelled): out of hand for the fair queue too. */
  private finished(task: ReadTask): void {
    if (this.running.delete(task)) this.queue.done(ownerOf(task));
  }

  private spawn(): Slot {
    const worker = startWorker('worker', this.resourceLimits);
    const slot: Slot = { worker, ready: false, task: null, id: 0, documents: 0 };
    this.slots.add(slot);
    worker.unref();
    worker.on('message', (message: FromWorker) => this.onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      slot.failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'read-memory' : 'read-failed';
    });
    worker.on('exit', () => this.onExit(slot));
    return slot;
  }

  private assign(slot: Slot, task: ReadTask): void {
    slot.task = task;
    slot.id = this.nextId++;
    slot.documents++;
    this.running.set(task, slot);
    slot.worker.ref();
    const request: ReadRequest = { type: 'read', id: slot.id, ...task.request };
    slot.worker.postMessage(request, [request.data.buffer as ArrayBuffer]);
  }

  private onMessage(slot: Slot, message: FromWorker): void {
    if (message.type === 'ready') {
      slot.ready = true;
      return;
    }
    const task = slot.task;
    if (!task || message.id !== slot.id) return;
    if (message.type === 'done' || message.type === 'error') {
      this.finished(task);
      slot.task = null;
      slot.id = 0;
      // A thread that failed a document (perhaps a hostile one) is not trusted with another, and
      // one lowered for a scan's OCR (worker.ts) would read the next document slowly.
      if (message.type === 'error' || slot.lowered || slot.documents >= this.maxDocuments) this.retire(slot, true);
      else slot.worker.unref();
      task.onMessage(message, () => undefined);
      this.pump();
      return;
    }
    if (message.type === 'ocr-request' && !slot.lowered) {
      slot.lowered = true;
      // One reader less at normal priority: a waiting document may start beside it.
      queueMicrotask(() => this.pump());
    }
    const id = slot.id;
    task.onMessage(message, (answer, transfer) => {
      if (slot.id === id && this.slots.has(slot)) slot.worker.postMessage(answer, transfer);
    });
  }

  private onExit(slot: Slot): void {
    if (!this.slots.has(slot)) return; // retired or closed: already accounted for
    this.slots.delete(slot);
    const task = slot.task;
    if (task) {
      this.finished(task);
      slot.task = null;
      task.onFailure(slot.failure ?? 'read-failed');
    }
    // A thread that never got as far as loading is not replaced eagerly: if threads cannot
    // start, each document fails on its own rather than the pool restarting in a loop.
    this.replace(slot.ready);
  }

  /** Takes a worker out of the pool and terminates it (its task, if any, is not told). */
  private retire(slot: Slot, replace: boolean): void {
    if (!this.slots.delete(slot)) return;
    if (slot.task) this.finished(slot.task);
    slot.task = null;
    slot.id = 0;
    void slot.worker.terminate();
    this.replace(replace);
  }

  /** Queued documents get a new worker; otherwise, when `eager`, one spare is kept ready for the next. */
  private replace(eager: boolean): void {
    if (this.closed) return;
    if (this.queue.size > 0) return this.pump();
    const spare = [...this.slots].some((slot) => !slot.task);
    if (eager && !spare && this.slots.size < this.size) this.spawn();
  }
}

/** The queue's owner of a task: its uploader, or '' shared by every task without one. */
function ownerOf(task: ReadTask): string {
  return task.owner ?? '';
}
