/**
 * A queue shared fairly among owners, for the OCR pool (ocr.ts) and the read workers (pool.ts). Each owner (an uploader) has
 * a queue of their own; the next item taken belongs to the owner with the fewest items in hand
 * (taken and not yet finished), and among equals to the owner served longest ago (never
 * served: first). So one owner's 2,000 queued pages delay another owner's first page only by
 * the pages already running, not by everything queued before it, and owners with work waiting
 * take turns. Bounded per owner (`maxPerOwner`), so one owner cannot grow the queue without end.
 */

export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
  constructor(readonly owner: string, readonly limit: number) {
    super(`more than ${limit} items queued for one owner`);
  }
}

export class FairQueue<T> {
  /** Waiting items by owner; among owners never served, the Map's order (arrival) decides. */
  private readonly waiting = new Map<string, T[]>();
  /** When each owner last had an item taken (a rising count), for taking turns. */
  private readonly lastServed = new Map<string, number>();
  private turns = 0;
  /** Items taken and not yet finished, by owner. */
  private readonly inHand = new Map<string, number>();
  private count = 0;

  constructor(readonly maxPerOwner = Number.POSITIVE_INFINITY) {}

  /** Items waiting, all owners together. */
  get size(): number {
    return this.count;
  }

  /** Items waiting for one owner. */
  waitingFor(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
  }

  /** Queues an item at the back of its owner's queue; throws QueueFullError when that queue is full. */
  push(owner: string, item: T): void {
    const items = this.waiting.get(owner);
    if ((items?.length ?? 0) >= this.maxPerOwner) throw new QueueFullError(owner, this.maxPerOwner);
    if (items) items.push(item);
    else this.waiting.set(owner, [item]);
    this.count++;
  }

  /**
   * Takes the next item: from the owner with the fewest in hand, longest waiting among equals,
   * skipping owners `mayTake` refuses (undefined when none is left). The caller says when it
   * is finished with `done(owner)`.
   */
  take(mayTake: (owner: string) => boolean = () => true): { owner: string; item: T } | undefined {
    let best: string | undefined;
    let bestRank: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (const owner of this.waiting.keys()) {
      if (!mayTake(owner)) continue;
      const rank: [number, number] = [this.inHand.get(owner) ?? 0, this.lastServed.get(owner) ?? 0];
      if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
        best = owner;
        bestRank = rank;
      }
    }
    if (best === undefined) return undefined;
    const items = this.waiting.get(best)!;
    const item = items.shift()!;
    this.count--;
    if (items.length === 0) this.waiting.delete(best);
    this.inHand.set(best, bestRank[0] + 1);
    // Forgetting old turns only makes owners "not served lately"; it keeps the map small.
    if (this.lastServed.size > 10_000) this.lastServed.clear();
    this.lastServed.set(best, ++this.turns);
    return { owner: best, item };
  }

  /** An item taken from `owner` is finished. */
  done(owner: string): void {
    const held = (this.inHand.get(owner) ?? 0) - 1;
    if (held > 0) this.inHand.set(owner, held);
    else this.inHand.delete(owner);
  }

  /** Removes one waiting item (a cancelled one); true if it was waiting. */
  remove(owner: string, item: T): boolean {
    const items = this.waiting.get(owner);
    const index = items ? items.indexOf(item) : -1;
    if (!items || index === -1) return false;
    items.splice(index, 1);
    this.count--;
    if (items.length === 0) this.waiting.delete(owner);
    return true;
  }

  /** Removes and returns every waiting item. */
  drain(): T[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.count = 0;
    return all;
  }
}
