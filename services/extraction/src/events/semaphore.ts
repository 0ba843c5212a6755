/**
 * At most `limit` holders at once; the rest wait in arrival order. Extraction reads
 * documents under one: each read is a worker thread with its own heap, CPU-bound, so
 * reading more documents than there are cores only multiplies memory (20 parallel reads of a
 * 50-page brief peaked at 1.7 GB) without finishing any sooner.
 */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next(); // the slot passes straight to the next in line
      else this.active--;
    }
  }
}
