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

const APOSTROPHES = new Set([0x27, 0x2019, 0x2018, 0x02bc, 0x60, 0x2032, 0xb4]);
const HYPHENS = new Set([0x2d, 0x2010, 0x2011]);
const SOFT_HYPHEN = 0xad;
const SUPERSCRIPT_DIGITS = new Set([0xb9, 0xb2, 0xb3, 0x2070, 0x2074, 0x2075, 0x2076, 0x2077, 0x2078, 0x2079]);
// What may stand right before a footnote number glued to the text: a letter, or closing punctuation.
const BEFORE_MARKER = new Set([0x2e, 0x2c, 0x3b, 0x3a, 0x21, 0x3f, 0x22, 0x201d, 0x2019, 0x27, 0x29, 0x5d]);

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;

function isWordCode(c: number): boolean {
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  if (c < 0x100) return c >= 0xc0 && c !== 0xd7 && c !== 0xf7;
  if (SUPERSCRIPT_DIGITS.has(c)) return false;
  return c >= 0xd800 && c <= 0xdfff ? false : LETTER_OR_DIGIT.test(String.fromCharCode(c));
}
const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetterCode = (c: number) => isWordCode(c) && !isDigit(c);
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 0xa0;

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
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const flags: number[] = [];
  const lower = text.toLowerCase();
  const sameLength = lower.length === text.length;
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (SUPERSCRIPT_DIGITS.has(c)) {
      let e = i + 1;
      while (e < to && SUPERSCRIPT_DIGITS.has(text.charCodeAt(e))) e++;
      words.push(text.slice(i, e).normalize('NFKC'));
      starts.push(i);
      ends.push(e);
      flags.push(MARKER);
      i = e;
      continue;
    }
    if (!isWordCode(c)) {
      i++;
      continue;
    }
    const start = i;
    let simple = true;
    let pieces: string[] | null = null;
    let pieceStart = i;
    let allDigits = true;
    let lettersThenDigits = 0; // where trailing digits begin after letters (a glued footnote number)
    let prevCode = -1;
    while (i < to) {
      const d = text.charCodeAt(i);
      if (isWordCode(d)) {
        if (d >= 0x80) simple = false;
        if (isDigit(d)) {
          if (prevCode >= 0 && !isDigit(prevCode) && isLetterCode(prevCode)) lettersThenDigits = i;
        } else {
          allDigits = false;
          lettersThenDigits = 0;
        }
        prevCode = d;
        i++;
        continue;
      }
      // A joiner: an apostrophe or hyphen inside a word, a soft hyphen anywhere in it, a comma or
      // point between digits (1,000 and 3.5), or a hyphen at a line's end before a lowercase word.
      const next = i + 1 < to ? text.charCodeAt(i + 1) : -1;
      let skipTo = -1;
      if (d === SOFT_HYPHEN) skipTo = i + 1;
      // A quoter's brackets inside a word (`open[ing]`, `[i]nvolves` quoted again by a court) do not split it.
      else if ((d === 0x5b || d === 0x5d) && next >= 0 && (isWordCode(next) || ((next === 0x5b || next === 0x5d) && i + 2 < to && isWordCode(text.charCodeAt(i + 2))))) skipTo = i + 1;
      else if ((APOSTROPHES.has(d) || HYPHENS.has(d)) && next >= 0 && isWordCode(next)) skipTo = i + 1;
      else if ((d === 0x2c || d === 0x2e) && isDigit(prevCode) && next >= 0 && isDigit(next)) skipTo = i + 1;
      else if (HYPHENS.has(d)) {
        let k = i + 1;
        let newline = false;
        while (k < to && isSpace(text.charCodeAt(k))) {
          if (text.charCodeAt(k) === 10) newline = true;
          k++;
        }
        const after = k < to ? text.charCodeAt(k) : -1;
        if (newline && after >= 0 && isWordCode(after) && !isDigit(after) && text[k] === text[k].toLowerCase()) skipTo = k;
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
    else {
      const raw = pieces === null ? text.slice(start, end) : pieces.join('') + text.slice(pieceStart, end);
      word = fold(raw);
    }
    const before = start > 0 ? text.charCodeAt(start - 1) : 32;
    if (allDigits && word.length <= 3 && (BEFORE_MARKER.has(before) || isLetterCode(before) || before === 0x2a /* * */)) {
      words.push(word);
      starts.push(start);
      ends.push(end);
      flags.push(MARKER);
      continue;
    }
    if (allDigits && before === 0x2a) {
      // `*1006`: a star-page label written into the text.
      words.push(word);
      starts.push(start);
      ends.push(end);
      flags.push(MARKER);
      continue;
    }
    if (lettersThenDigits > 0 && pieces === null && end - lettersThenDigits <= 2 && lettersThenDigits - start >= 3) {
      // `commitment1`: a footnote number glued to the word before it.
      const cut = lettersThenDigits - start;
      words.push(word.slice(0, cut), word.slice(cut));
      starts.push(start, lettersThenDigits);
      ends.push(lettersThenDigits, end);
      flags.push(0, MARKER);
      continue;
    }
    words.push(word);
    starts.push(start);
    ends.push(end);
    flags.push(0);
  }
  return { words, starts: Int32Array.from(starts), ends: Int32Array.from(ends), flags: Uint8Array.from(flags) };
}
