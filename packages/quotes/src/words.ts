/**
 * Words as a lawyer compares a quotation with its source: case, quotation-mark and apostrophe
 * styles, punctuation and spacing do not count; a word broken across a line (`con-\ncerned`)
 * or hyphenated (`well-known`) is one word; accents are folded (`Vallée` = `Vallee`). The same
 * function reads the brief's quotation and the opinion, so both sides are compared alike.
 */

/** A word that may be a footnote number or a star-page label rather than a word of the text. */
export const MARKER = 1;

export interface Words {
  /** Each word, normalized: lower case, no apostrophes or joining hyphens, accents folded. */
  words: string[];
  /** Offsets of each word in the text (end exclusive). */
  starts: Int32Array;
  ends: Int32Array;
  /** MARKER where the word is a number glued to the text before it (`commitment.1`), a superscript or a `*1006` label. */
  flags: Uint8Array;
}

// Character classes, looked up in a table (a regex or a Set per character would cost more
// than the rest of the reading): the Basic Multilingual Plane up to CJK, built on first use.
const WORD = 1;
const DIGIT = 2;
const APOSTROPHE = 4;
const HYPHEN = 8;
const SUPERSCRIPT = 16;
const SPACE = 32;
const BEFORE_MARKER = 64; // closing punctuation a footnote number may be glued to
const TABLE_SIZE = 0x3000;
let table: Uint8Array | null = null;

function classes(): Uint8Array {
  if (table) return table;
  const t = new Uint8Array(TABLE_SIZE);
  const letterOrDigit = /[\p{L}\p{N}\p{M}]/u;
  for (let c = 0; c < TABLE_SIZE; c++) {
    if (c < 0x80) {
      if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) t[c] = WORD;
      else if (c >= 48 && c <= 57) t[c] = WORD | DIGIT;
    } else if (c < 0x100) {
      if (c >= 0xc0 && c !== 0xd7 && c !== 0xf7) t[c] = WORD;
    } else if (c < 0xd800 && letterOrDigit.test(String.fromCharCode(c))) t[c] = WORD;
  }
  for (const c of [0x27, 0x2019, 0x2018, 0x02bc, 0x60, 0x2032, 0xb4]) t[c] |= APOSTROPHE;
  for (const c of [0x2d, 0x2010, 0x2011]) t[c] |= HYPHEN;
  for (const c of [0xb9, 0xb2, 0xb3, 0x2070, 0x2074, 0x2075, 0x2076, 0x2077, 0x2078, 0x2079]) t[c] = SUPERSCRIPT;
  for (const c of [32, 10, 9, 13, 12, 0xa0]) t[c] |= SPACE;
  for (const c of [0x2e, 0x2c, 0x3b, 0x3a, 0x21, 0x3f, 0x22, 0x201d, 0x2019, 0x27, 0x29, 0x5d]) t[c] |= BEFORE_MARKER;
  table = t;
  return t;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
const SOFT_HYPHEN = 0xad;

/** The class bits of a character (beyond the table: letters of other scripts). */
function classOf(t: Uint8Array, c: number): number {
  if (c < TABLE_SIZE) return t[c];
  if (c >= 0xd800 && c <= 0xdfff) return 0;
  return LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? WORD : 0;
}

function fold(s: string): string {
  const lower = s.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    if (lower.charCodeAt(i) >= 0x80) return lower.normalize('NFD').replace(/\p{M}/gu, '');
  }
  return lower;
}

/**
 * The words of `text` between `from` and `to`.
 * @example tokenize('The court’s well-\nknown rule.1').words // ['the', 'courts', 'wellknown', 'rule', '1'] (the last flagged MARKER)
 */
export function tokenize(text: string, from = 0, to = text.length): Words {
  const t = classes();
  const words: string[] = [];
  // At most one word per two characters, and one more where a glued number is split off.
  const cap = Math.ceil((to - from) / 2) + 2;
  let starts = new Int32Array(cap);
  let ends = new Int32Array(cap);
  let flags = new Uint8Array(cap);
  let n = 0;
  const add = (word: string, start: number, end: number, flag: number) => {
    if (n === starts.length) {
      starts = grow(starts);
      ends = grow(ends);
      const f = new Uint8Array(flags.length * 2);
      f.set(flags);
      flags = f;
    }
    words.push(word);
    starts[n] = start;
    ends[n] = end;
    flags[n++] = flag;
  };
  const lower = text.toLowerCase();
  const sameLength = lower.length === text.length;
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    const k = classOf(t, c);
    if ((k & SUPERSCRIPT) !== 0) {
      let e = i + 1;
      while (e < to && (classOf(t, text.charCodeAt(e)) & SUPERSCRIPT) !== 0) e++;
      add(text.slice(i, e).normalize('NFKC'), i, e, MARKER);
      i = e;
      continue;
    }
    if ((k & WORD) === 0) {
      i++;
      continue;
    }
    const start = i;
    let simple = true;
    let pieces: string[] | null = null;
    let pieceStart = i;
    let allDigits = true;
    let lettersThenDigits = 0; // where trailing digits begin after letters (a glued footnote number)
    let prevClass = 0;
    while (i < to) {
      const d = text.charCodeAt(i);
      const dk = d < TABLE_SIZE ? t[d] : classOf(t, d);
      if ((dk & WORD) !== 0) {
        if (d >= 0x80) simple = false;
        if ((dk & DIGIT) !== 0) {
          if ((prevClass & WORD) !== 0 && (prevClass & DIGIT) === 0) lettersThenDigits = i;
        } else {
          allDigits = false;
          lettersThenDigits = 0;
        }
        prevClass = dk;
        i++;
        continue;
      }
      // A joiner: an apostrophe or hyphen inside a word, a soft hyphen anywhere in it, a comma or
      // point between digits (1,000 and 3.5), a quoter's bracket inside a word (`open[ing]`), or
      // a hyphen at a line's end before a lowercase word.
      const next = i + 1 < to ? text.charCodeAt(i + 1) : -1;
      const nk = next >= 0 ? classOf(t, next) : 0;
      let skipTo = -1;
      if (d === SOFT_HYPHEN) skipTo = i + 1;
      else if ((dk & (APOSTROPHE | HYPHEN)) !== 0 && (nk & WORD) !== 0) skipTo = i + 1;
      else if ((d === 0x2c || d === 0x2e) && (prevClass & DIGIT) !== 0 && (nk & DIGIT) !== 0) skipTo = i + 1;
      else if ((d === 0x5b || d === 0x5d) && ((nk & WORD) !== 0 || ((next === 0x5b || next === 0x5d) && i + 2 < to && (classOf(t, text.charCodeAt(i + 2)) & WORD) !== 0))) skipTo = i + 1;
      else if ((dk & HYPHEN) !== 0) {
        let j = i + 1;
        let newline = false;
        while (j < to && (classOf(t, text.charCodeAt(j)) & SPACE) !== 0) {
          if (text.charCodeAt(j) === 10) newline = true;
          j++;
        }
        const after = j < to ? text.charCodeAt(j) : -1;
        const ak = after >= 0 ? classOf(t, after) : 0;
        if (newline && (ak & WORD) !== 0 && (ak & DIGIT) === 0 && text[j] === text[j].toLowerCase()) skipTo = j;
      }
      if (skipTo < 0) break;
      pieces ??= [];
      pieces.push(text.slice(pieceStart, i));
      pieceStart = skipTo;
      i = skipTo;
    }
    const end = i;
    let word: string;
    if (pieces === null && simple && sameLength) word = lower.slice(start, end);
    else word = fold(pieces === null ? text.slice(start, end) : pieces.join('') + text.slice(pieceStart, end));
    const before = start > 0 ? text.charCodeAt(start - 1) : 32;
    const bk = classOf(t, before);
    if (allDigits && ((word.length <= 3 && ((bk & BEFORE_MARKER) !== 0 || ((bk & WORD) !== 0 && (bk & DIGIT) === 0))) || before === 0x2a /* *1006 */)) {
      // A footnote number glued to the text before it, or a star-page label written into the text.
      add(word, start, end, MARKER);
      continue;
    }
    if (lettersThenDigits > 0 && pieces === null && end - lettersThenDigits <= 2 && lettersThenDigits - start >= 3) {
      // `commitment1`: a footnote number glued to the word before it.
      const cut = lettersThenDigits - start;
      add(word.slice(0, cut), start, lettersThenDigits, 0);
      add(word.slice(cut), lettersThenDigits, end, MARKER);
      continue;
    }
    add(word, start, end, 0);
  }
  return { words, starts: starts.slice(0, n), ends: ends.slice(0, n), flags: flags.slice(0, n) };
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
