/**
 * Whether one of a set of spellings may begin at a place, from the first four characters
 * there: asked before a trie walk at each capitalised word that could begin a law or a
 * reporter cited first (`Wis. Stat.`, `T.C. Memo.`). Two letters let through many of a
 * brief's capitals (`University`, `February`, `Supreme`), and each walk that then fails
 * cost more than this test; four turn away most of them (in real opinions, 86% of the
 * failing reporter-first walks and 37% of the failing law walks).
 *
 * Characters are read as the tries read them: spaces skipped, up to two in a row, and curly
 * apostrophes read as straight ones. A spelling's first four characters (fewer when it is
 * shorter) are kept as one bit of a table, so an answer may be a false "yes" (the walk then
 * finds nothing) but never a false "no".
 */

import { straightApostrophe } from './chars';

const SPACE = 32;
const TABLE_BITS = 16;

/** One bit of the table for the first `length` characters, packed seven bits each. */
const slot = (length: number, packed: number) => Math.imul(packed | (length << 28), 0x9e3779b1) >>> (32 - TABLE_BITS);

export class PrefixFilter {
  private readonly bits = new Uint8Array(1 << (TABLE_BITS - 3));
  /** Bit L set: some spelling is kept by its first L characters. */
  private lengths = 0;

  constructor(spellings: Iterable<string>) {
    for (const spelling of spellings) {
      let packed = 0;
      let length = 0;
      for (let k = 0; k < spelling.length && length < 4; k++) {
        const c = straightApostrophe(spelling.charCodeAt(k));
        if (c === SPACE) continue;
        // Beyond ASCII: kept by the characters before it, so every text that begins so is walked.
        if (c >= 128) break;
        packed |= c << (7 * length);
        length++;
      }
      this.add(length, packed);
    }
  }

  private add(length: number, packed: number): void {
    const s = slot(length, packed);
    this.bits[s >> 3] |= 1 << (s & 7);
    this.lengths |= 1 << length;
  }

  private has(length: number, packed: number): boolean {
    return this.hasSlot(slot(length, packed));
  }

  private hasSlot(s: number): boolean {
    return (this.bits[s >> 3] & (1 << (s & 7))) !== 0;
  }

  /**
   * Which of two filters let a spelling begin at `pos`, as their mayBeginAt would answer, the
   * characters read once: bit 1 for `a`, bit 2 for `b`, each asked only when `ask` has its bit.
   * The tokenizer asks both (the reporter-first and the law spellings') at many capitalised
   * words, and reading the four characters twice cost as much as the tests.
   */
  static either(a: PrefixFilter, b: PrefixFilter, ask: number, text: string, pos: number): number {
    let answer = 0;
    // Still to be answered; a filter with a spelling kept by no characters lets every text through.
    let open = ask & 3;
    if (open & 1 && a.lengths & 1) {
      answer |= 1;
      open &= ~1;
    }
    if (open & 2 && b.lengths & 1) {
      answer |= 2;
      open &= ~2;
    }
    let packed = 0;
    let p = pos;
    for (let length = 1; length <= 4 && open !== 0; length++) {
      if (length > 1 && text.charCodeAt(p) === SPACE) {
        p++;
        if (text.charCodeAt(p) === SPACE) p++;
      }
      const c = straightApostrophe(text.charCodeAt(p));
      if (!(c < 128) || c === SPACE) return c >= 128 ? answer | open : answer;
      packed |= c << (7 * (length - 1));
      const s = slot(length, packed);
      if (open & 1 && (a.lengths & (1 << length)) !== 0 && a.hasSlot(s)) {
        answer |= 1;
        open &= ~1;
      }
      if (open & 2 && (b.lengths & (1 << length)) !== 0 && b.hasSlot(s)) {
        answer |= 2;
        open &= ~2;
      }
      p++;
    }
    return answer;
  }

  /** Whether a spelling may begin at `pos` (a character that is not a space). */
  mayBeginAt(text: string, pos: number): boolean {
    // A spelling kept by no characters (one beginning beyond ASCII) lets every text through.
    if (this.lengths & 1) return true;
    let packed = 0;
    let p = pos;
    for (let length = 1; length <= 4; length++) {
      if (length > 1 && text.charCodeAt(p) === SPACE) {
        p++;
        if (text.charCodeAt(p) === SPACE) p++;
      }
      const c = straightApostrophe(text.charCodeAt(p));
      // The end of the text (NaN), or a third space: nothing longer can begin here.
      if (!(c < 128) || c === SPACE) return c >= 128;
      packed |= c << (7 * (length - 1));
      if ((this.lengths & (1 << length)) !== 0 && this.has(length, packed)) return true;
      p++;
    }
    return false;
  }
}
