/**
 * Whether one of a set of spellings may begin at a place, from up to its first eight
 * characters there: asked before a trie walk at each capitalised word that could begin a law
 * or a reporter cited first (`Wis. Stat.`, `T.C. Memo.`). Two letters let through many of a
 * brief's capitals (`University`, `February`, `Supreme`), and each walk that then fails cost
 * more than this test; four turned away most of them (in real opinions, 86% of the failing
 * reporter-first walks and 37% of the failing law walks), and eight also turn away the
 * reporters and parentheticals that share a law's first letters (`U.S. 544` and `U.S. at 5`
 * against `U.S.C.`, `Cal. 4th` against `Cal. Civ. Code`): on citation-dense text most of the
 * walks let through by four letters failed just past them.
 *
 * Characters are read as the tries read them: spaces skipped, up to two in a row, and curly
 * apostrophes read as straight ones. The table keeps, by a hash of the characters, each
 * spelling's first one, two, ... eight characters (PREFIX) and where its kept characters end
 * (WHOLE: all of a shorter spelling, eight of a longer one). A text is read until its
 * characters so far begin no spelling (no) or make up one's kept characters (yes); a hash
 * that collides may give a false "yes" (the walk then finds nothing) but never a false "no",
 * and a false "yes" needs the text to collide at every length it reads.
 */

import { straightApostrophe } from './chars';

const SPACE = 32;
const TABLE_BITS = 16;
/** How many characters of a spelling (spaces skipped) the table keeps. */
const KEPT = 8;
/** Flags of a slot: some spelling begins with these characters; some spelling's kept characters are these. */
const PREFIX = 1;
const WHOLE = 2;

/** The hash of some characters (`hash`) followed by `c` (FNV-1a, 32 bits). */
const hashThen = (hash: number, c: number) => Math.imul(hash ^ c, 0x01000193);
const EMPTY_HASH = 0x811c9dc5 | 0;
/** The table's slot for `length` characters whose hash is `hash`. */
const slot = (length: number, hash: number) => Math.imul(hash + length, 0x9e3779b1) >>> (32 - TABLE_BITS);

export class PrefixFilter {
  /** PREFIX and WHOLE, by slot. */
  private readonly table = new Uint8Array(1 << TABLE_BITS);
  /** Some spelling is kept by no characters (it begins beyond ASCII): every text is let through. */
  private everyText = false;

  constructor(spellings: Iterable<string>) {
    for (const spelling of spellings) {
      let hash = EMPTY_HASH;
      let length = 0;
      for (let k = 0; k < spelling.length && length < KEPT; k++) {
        const c = straightApostrophe(spelling.charCodeAt(k));
        if (c === SPACE) continue;
        // Beyond ASCII: kept by the characters before it, so every text that begins so is walked.
        if (c >= 128) break;
        hash = hashThen(hash, c);
        length++;
        this.table[slot(length, hash)] |= PREFIX;
      }
      if (length === 0) this.everyText = true;
      else this.table[slot(length, hash)] |= WHOLE;
    }
  }

  /**
   * Which of two filters let a spelling begin at `pos`, as their mayBeginAt would answer, the
   * characters read once: bit 1 for `a`, bit 2 for `b`, each asked only when `ask` has its bit.
   * The tokenizer asks both (the reporter-first and the law spellings') at many capitalised
   * words, and reading the characters twice cost as much as the tests.
   */
  static either(a: PrefixFilter, b: PrefixFilter, ask: number, text: string, pos: number): number {
    let answer = 0;
    // Still to be answered.
    let open = ask & 3;
    if (open & 1 && a.everyText) {
      answer |= 1;
      open &= ~1;
    }
    if (open & 2 && b.everyText) {
      answer |= 2;
      open &= ~2;
    }
    let hash = EMPTY_HASH;
    let p = pos;
    for (let length = 1; length <= KEPT && open !== 0; length++) {
      if (length > 1 && text.charCodeAt(p) === SPACE) {
        p++;
        if (text.charCodeAt(p) === SPACE) p++;
      }
      const c = straightApostrophe(text.charCodeAt(p));
      // Beyond ASCII: let through (a spelling may go on with it); the end of the text (NaN)
      // or a third space: nothing longer can begin here.
      if (!(c < 128) || c === SPACE) return c >= 128 ? answer | open : answer;
      hash = hashThen(hash, c);
      const s = slot(length, hash);
      if (open & 1) {
        const flags = a.table[s];
        if (flags & WHOLE) answer |= 1;
        if ((flags & WHOLE) !== 0 || (flags & PREFIX) === 0) open &= ~1;
      }
      if (open & 2) {
        const flags = b.table[s];
        if (flags & WHOLE) answer |= 2;
        if ((flags & WHOLE) !== 0 || (flags & PREFIX) === 0) open &= ~2;
      }
      p++;
    }
    return answer;
  }

  /** Whether a spelling may begin at `pos` (a character that is not a space). */
  mayBeginAt(text: string, pos: number): boolean {
    return PrefixFilter.either(this, this, 1, text, pos) !== 0;
  }
}
