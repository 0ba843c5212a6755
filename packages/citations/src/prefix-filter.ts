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

/** The hash of some characters (`hash`) followed by `c` (FNV-1a, 32 bits). */
const hashThen = (hash: number, c: number) => Math.imul(hash ^ c, 0x01000193);
const EMPTY_HASH = 0x811c9dc5 | 0;
/** The table's slot for `length` characters whose hash is `hash`. */
const slot = (length: number, hash: number) => Math.imul(hash + length, 0x9e3779b1) >>> (32 - TABLE_BITS);

/**
 * The filter of up to four sets of spellings, asked for all at once (the tokenizer asks the
 * reporter-first and the law spellings' at many capitalised words): answers are bits, bit k
 * for the set k. A slot's byte holds, for set k, bit k when some spelling of the set begins
 * with those characters (its PREFIX) and bit 4 + k when they are a spelling's kept characters
 * (WHOLE): one table and one read per character for every set. (Two tables, one per set,
 * cost two reads per character, and these reads were most of the test's time.)
 */
export class PrefixFilter {
  private readonly table = new Uint8Array(1 << TABLE_BITS);
  /** The sets with a spelling kept by no characters (it begins beyond ASCII): every text is let through for them. */
  private everyText = 0;

  constructor(sets: readonly Iterable<string>[]) {
    for (let k = 0; k < sets.length; k++) {
      for (const spelling of sets[k]) {
        let hash = EMPTY_HASH;
        let length = 0;
        for (let i = 0; i < spelling.length && length < KEPT; i++) {
          const c = straightApostrophe(spelling.charCodeAt(i));
          if (c === SPACE) continue;
          // Beyond ASCII: kept by the characters before it, so every text that begins so is walked.
          if (c >= 128) break;
          hash = hashThen(hash, c);
          length++;
          this.table[slot(length, hash)] |= 1 << k;
        }
        if (length === 0) this.everyText |= 1 << k;
        else this.table[slot(length, hash)] |= 16 << k;
      }
    }
  }

  /**
   * Which of the sets `ask` names (bit k for the set k) may have a spelling beginning at
   * `pos` (a character that is not a space), as bits.
   */
  mayBeginAt(text: string, pos: number, ask = 1): number {
    let answer = ask & this.everyText;
    // Still to be answered.
    let open = ask & 15 & ~answer;
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
      const flags = this.table[slot(length, hash)];
      // A set whose kept characters these are says yes; one none of whose spellings begins so, no.
      const whole = (flags >> 4) & open;
      answer |= whole;
      open &= flags & ~whole;
      p++;
    }
    return answer;
  }
}
