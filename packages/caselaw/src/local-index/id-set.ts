/**
 * A set of non-negative integer ids as a bitmap. The importer remembers which of 70 million
 * docket ids (and 10 million cluster ids) it needs; a JavaScript Set of that many numbers
 * takes gigabytes, a bitmap of ids up to 100 million takes 12.5 MB.
 */
/** 2^30 ids: a bitmap of at most 128 MB. */
const BITMAP_LIMIT = 2 ** 30;

export class IdSet {
  private bits = new Uint8Array(1 << 16);
  private count = 0;
  /** Ids past the bitmap's limit (a corrupt row, a future id space) go here, not into a 100+ MB bitmap. */
  private readonly large = new Set<number>();

  add(id: number): void {
    if (id >= BITMAP_LIMIT) {
      if (!this.large.has(id)) {
        this.large.add(id);
        this.count++;
      }
      return;
    }
    const byte = id >>> 3;
    if (byte >= this.bits.length) {
      let size = this.bits.length;
      while (size <= byte) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (id & 7);
    if ((this.bits[byte] & mask) === 0) {
      this.bits[byte] |= mask;
      this.count++;
    }
  }

  has(id: number): boolean {
    if (id >= BITMAP_LIMIT) return this.large.has(id);
    const byte = id >>> 3;
    return byte < this.bits.length && (this.bits[byte] & (1 << (id & 7))) !== 0;
  }

  get size(): number {
    return this.count;
  }
}
