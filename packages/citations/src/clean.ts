/**
 * Stage 1, clean: make the text easy to scan WITHOUT changing its length.
 *
 * eyecite's cleaners may shorten the text and then map offsets back; we instead replace
 * character for character, so every offset found in the cleaned text is an offset in the
 * caller's text and `Citation.text` can be sliced from the original. What gets replaced:
 * - line breaks, tabs, non-breaking and other exotic spaces → ' ' (citations broken across
 *   lines, PDF text with U+00A0);
 * - superscript digits (footnote markers glued to a citation: `Id.¹²`, `court.³`) → ' ';
 * - curly quotes and apostrophes → straight ones (`F. App’x`, `Ass’n`);
 * - en/em dashes and the minus sign → '-' (`556–57`);
 * - the soft hyphen and zero-width characters → ' ';
 * - the section sign's full-width cousin → '§'.
 */

import { doubledInt32 } from './grow';

const REPLACEMENTS: Record<string, string> = {
  '\n': ' ', '\r': ' ', '\t': ' ', '\f': ' ', '\v': ' ',
  '\u00a0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2009': ' ', '\u200a': ' ', '\u202f': ' ', '\u3000': ' ',
  '\u00ad': ' ', '\u200b': ' ', '\u200c': ' ', '\u200d': ' ', '\ufeff': ' ',
  '\u00b9': ' ', '\u00b2': ' ', '\u00b3': ' ',
  '\u2070': ' ', '\u2074': ' ', '\u2075': ' ', '\u2076': ' ', '\u2077': ' ', '\u2078': ' ', '\u2079': ' ',
  '\u2018': "'", '\u2019': "'", '\u02bc': "'", '\u201c': '"', '\u201d': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2011': '-',
  '\uff06': '&', '\uff0c': ',',
};

// The same table by char code, as a lookup array (0: keep); every replacement is one UTF-16
// unit, so lengths never change.
const BY_CODE = new Uint16Array(0x10000);
for (const [ch, to] of Object.entries(REPLACEMENTS)) BY_CODE[ch.charCodeAt(0)] = to.charCodeAt(0);

/**
 * Returns text of the same length with the replacements above applied.
 * @example cleanText('550 U.S.\n544, 556–57') // '550 U.S. 544, 556-57'
 */
export function cleanText(text: string): string {
  // Printable ASCII (nearly all of a brief) is skipped with one comparison; text that needs
  // nothing replaced is returned as it is.
  const n = text.length;
  let i = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 || c >= 127) && BY_CODE[c] !== 0) break;
  }
  if (i === n) return text;
  // Otherwise the text is copied once into a buffer of UTF-16 code units, patched in place
  // and turned back into a string: Node's Buffer does both conversions natively, at twice
  // the speed of filling a Uint16Array from JavaScript (and text from a PDF has a line break
  // every line, so nearly every document takes this path). The string comes back in V8's
  // compact one-byte form when it can, which the later regexes scan faster. (A small Buffer
  // is a slice of Node's pool, which Node aligns to 8 bytes: the 16-bit view always fits.)
  const buffer = Buffer.from(text, 'utf16le');
  const codes = new Uint16Array(buffer.buffer, buffer.byteOffset, n);
  for (; i < n; i++) {
    const c = codes[i];
    if (c < 32 || c >= 127) {
      const to = BY_CODE[c];
      if (to !== 0) codes[i] = to;
    }
  }
  return buffer.toString('utf16le');
}

/** Offsets in a text: `offsets[0..count)`, ascending. */
export interface OffsetList {
  offsets: Int32Array;
  count: number;
}

/**
 * Where words begin in a text: every word whose first character the caller asked for (see
 * cleanTextAndFindWords).
 */
export type WordStarts = OffsetList;

/** What cleanTextAndFindWords finds in one pass. */
export interface CleanedText {
  /** cleanText's result. */
  clean: string;
  /** The word starts asked for. */
  words: WordStarts;
  /**
   * Every p where the text has two line breaks (`\n\n`: a blank line, where a sentence
   * ends), ascending, as indexOf finds them: listed here because each line break is looked
   * at anyway (it is replaced), where a search of its own read the whole text again.
   */
  blankLines: number[];
  /**
   * Every p where the cleaned text has `.`, `?`, `!` or a space followed by a space: the only
   * places a sentence can end (isSentenceEnd: a mark before a space), and where runs of
   * spaces are (contextText makes them one). Listed here, where every character is read
   * anyway, so that the sentence walks (setContexts) visit these places alone instead of
   * reading the characters of every stretch they walk, and a sentence shown need not be
   * searched for runs. The two kinds share a list because cleaning finds both with one test.
   */
  beforeSpace: OffsetList;
}

const NEWLINE = 10;
/**
 * Whether the line break at `k` ends a blank line: the character before it is one too, read
 * from the text as given (the copy being cleaned has it replaced already).
 */
const endsBlankLine = (text: string, k: number) => text.charCodeAt(k - 1) === NEWLINE;

/** Word characters, as the regex `\w`: ASCII letters, digits and `_`. */
const isWordCode = (c: number) => c < 128 && /\w/.test(String.fromCharCode(c));

/**
 * A word table's bit 2: the characters listed where a space follows them (beforeSpace): `.`,
 * `?` and `!`, which end a sentence before a space, and the space.
 */
const BEFORE_SPACE_CHAR = 4;
/** A word table's bit 3: the space. */
const SPACE_CHAR = 8;

/**
 * A table for cleanTextAndFindWords: the words to list are those beginning with one of
 * `firstChars`. (Bit 0 of each entry marks a word character, bit 1 a first character asked for;
 * bits 2 and 3, for beforeSpace: BEFORE_SPACE_CHAR and SPACE_CHAR.)
 * A character of `firstChars` that is not a word character (`-`) is listed wherever it does
 * not follow a word character: each of a run of them, but not a hyphen inside a word.
 */
export function wordTable(firstChars: string): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 128; c++) if (isWordCode(c)) table[c] = 1;
  for (let k = 0; k < firstChars.length; k++) table[firstChars.charCodeAt(k)] |= 2;
  for (const c of '.?! ') table[c.charCodeAt(0)] |= BEFORE_SPACE_CHAR;
  table[32] |= SPACE_CHAR;
  return table;
}
const EVERY_WORD = wordTable('_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');

/**
 * A word table's entries for two Latin-1 characters at once, by their two bytes (the first in
 * the low byte): the first's entry in bits 0-1, the second's in bits 2-3, and bit 4
 * (NOT_PRINTABLE) when either is not printable ASCII (32-126: a line break, a character to
 * replace or one beyond ASCII). Bits 5-7 tell where a mark (`.`, `?`, `!`) or a space is
 * followed by a space (beforeSpace): PAIR_BEFORE_SPACE when the first is one and the second a
 * space, SECOND_BEFORE_SPACE when the second is one, FIRST_SPACE when the first is a space (the
 * last two pair with the neighbouring pair's characters). The byte-per-character pass reads two
 * of these for four characters, which tell it where words begin, where beforeSpace's places are
 * and whether any of the
 * four needs looking at. Made for each word table the first time a text is cleaned with it
 * (64 KB; the engine uses one).
 */
const NOT_PRINTABLE = 16;
const PAIR_BEFORE_SPACE = 32;
const SECOND_BEFORE_SPACE = 64;
const FIRST_SPACE = 128;
const notPrintable = (c: number) => (c < 32 || c >= 127 ? NOT_PRINTABLE : 0);
const pairTables = new WeakMap<Uint8Array, Uint8Array>();
function pairTable(table: Uint8Array): Uint8Array {
  let pairs = pairTables.get(table);
  if (pairs === undefined) {
    pairs = new Uint8Array(0x10000);
    // A row depends on its second character only by that character's word-table entry (its
    // word bits and bits 2-3) and whether it is printable: the 256 rows,
    // one per second character, are copies of a few, one per such kind, each built once
    // (filling all 65,536 entries one by one took 2 ms at the engine's first call, before the
    // loop is compiled).
    const rows: Uint8Array[] = [];
    for (let second = 0; second < 256; second++) {
      const kind = table[second] | (notPrintable(second) << 1);
      let row = rows[kind];
      if (row === undefined) {
        row = rows[kind] = new Uint8Array(256);
        const bits = ((kind & 3) << 2) | (kind & 32 ? NOT_PRINTABLE : 0) | (kind & BEFORE_SPACE_CHAR ? SECOND_BEFORE_SPACE : 0);
        for (let first = 0; first < 256; first++) {
          const entry = table[first];
          const markSpace = entry & BEFORE_SPACE_CHAR && kind & SPACE_CHAR ? PAIR_BEFORE_SPACE : 0;
          row[first] = (entry & 3) | notPrintable(first) | bits | markSpace | (entry & SPACE_CHAR ? FIRST_SPACE : 0);
        }
      }
      pairs.set(row, second << 8);
    }
    pairTables.set(table, pairs);
  }
  return pairs;
}


// Every character beyond Latin-1. V8 keeps a string without one in one byte per character,
// and a search of such a string returns at once (the class cannot match it).
const BEYOND_LATIN1 = /[^\u0000-\u00ff]/g;

/**
 * Where the characters beyond Latin-1 of `text` are, in order, when cleaning replaces each
 * of them by a Latin-1 one (curly quotes and dashes: the only such characters of most texts
 * that have any); null when one of them stays (`…`, U+FFFD).
 * V8's regex engine finds them, faster than a loop over every character here (and `test`
 * makes no match object).
 */
function replacedBeyondLatin1(text: string): number[] | null {
  const found: number[] = [];
  BEYOND_LATIN1.lastIndex = 0;
  while (BEYOND_LATIN1.test(text)) {
    const p = BEYOND_LATIN1.lastIndex - 1;
    if (BY_CODE[text.charCodeAt(p)] === 0) return null;
    found.push(p);
  }
  return found;
}

/**
 * cleanTextAndFindWords for a text that is of Latin-1 characters once cleaned (every real
 * opinion but those with a character such as `…` or U+FFFD): the same work on one byte per
 * character, so that half as many bytes are copied in and out, and read, four at a time.
 * Every replacement of a Latin-1 character is one too (REPLACEMENTS), so the bytes are patched
 * in place. `beyond`: where the characters beyond Latin-1 are (replacedBeyondLatin1); the
 * copy of the text a byte per character keeps only their low byte, and they are patched
 * first, to what cleaning makes of them.
 */
function cleanLatin1TextAndFindWords(text: string, table: Uint8Array, beyond: number[]): CleanedText {
  const n = text.length;
  const buffer = Buffer.from(text, 'latin1');
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, n);
  for (let k = 0; k < beyond.length; k++) bytes[beyond[k]] = BY_CODE[text.charCodeAt(beyond[k])];
  // Four characters at a time (little-endian: the first in the low byte), as pairs below.
  const quads = new Uint32Array(buffer.buffer, buffer.byteOffset, n >> 2);
  const classes = pairTable(table);
  let offsets: Int32Array = new Int32Array((n >> 3) + 8);
  let count = 0;
  let replaced = beyond.length > 0;
  let previousIsWord = 0;
  const blankLines: number[] = [];
  // Room for a place before a space every 16 characters to begin with (the dense text has one
  // every 29).
  let listed: Int32Array = new Int32Array((n >> 4) + 8);
  let listedCount = 0;
  let previousBeforeSpace = 0;
  for (let j = 0; j < n >> 2; j++) {
    let quad = quads[j];
    let firstTwo = classes[quad & 0xffff];
    let lastTwo = classes[quad >>> 16];
    // Four printable ASCII characters without a mark (`.`, `?`, `!`) or a space before a space
    // (nearly every four of a brief) need nothing more than their word starts. One within
    // either pair is PAIR_BEFORE_SPACE; one between the pairs, or between the quad before and
    // this one, is SECOND_BEFORE_SPACE in a pair and a space first in the next (betweenPairs).
    const betweenPairs = ((firstTwo << 1) & lastTwo) | ((previousBeforeSpace << 7) & firstTwo);
    if ((((firstTwo | lastTwo) & (NOT_PRINTABLE | PAIR_BEFORE_SPACE)) | (betweenPairs & FIRST_SPACE)) !== 0) {
      if (((firstTwo | lastTwo) & NOT_PRINTABLE) !== 0) {
        for (let k = 4 * j; k < 4 * j + 4; k++) {
          const c = bytes[k];
          if (c < 32 || c >= 127) {
            if (c === NEWLINE && endsBlankLine(text, k)) blankLines.push(k - 1);
            const to = BY_CODE[c];
            if (to !== 0) {
              bytes[k] = to;
              replaced = true;
            }
          }
        }
        // As patched.
        quad = quads[j];
        firstTwo = classes[quad & 0xffff];
        lastTwo = classes[quad >>> 16];
      }
      // beforeSpace's places, from the same two entries (bits 5-7, see pairTable), stored without a
      // branch as the word starts are.
      listed[listedCount] = 4 * j - 1;
      listedCount += previousBeforeSpace & (firstTwo >> 7);
      listed[listedCount] = 4 * j;
      listedCount += (firstTwo >> 5) & 1;
      listed[listedCount] = 4 * j + 1;
      listedCount += (firstTwo >> 6) & (lastTwo >> 7) & 1;
      listed[listedCount] = 4 * j + 2;
      listedCount += (lastTwo >> 5) & 1;
      if (listedCount >= listed.length - 4) listed = doubledInt32(listed);
    }
    previousBeforeSpace = (lastTwo >> 6) & 1;
    // The four characters taken from the quad already read, not read again a byte each
    // (cleaning the 5 MB dense text: 7-9% faster), two at a time (pairTable): bits 0 and 2
    // say whether each is a word character, bits 1 and 3 whether a word starting with it is listed.
    offsets[count] = 4 * j;
    count += (firstTwo >> 1) & (previousIsWord ^ 1);
    offsets[count] = 4 * j + 1;
    count += ((firstTwo >> 3) & ~firstTwo) & 1;
    offsets[count] = 4 * j + 2;
    count += ((lastTwo >> 1) & ~(firstTwo >> 2)) & 1;
    offsets[count] = 4 * j + 3;
    count += ((lastTwo >> 3) & ~lastTwo) & 1;
    previousIsWord = (lastTwo >> 2) & 1;
    if (count >= offsets.length - 4) offsets = doubledInt32(offsets);
  }
  for (let i = n & ~3; i < n; i++) {
    // The last characters of a length that is not a multiple of four, one by one.
    let c = bytes[i];
    if (c === NEWLINE && endsBlankLine(text, i)) blankLines.push(i - 1);
    const to = c < 32 || c >= 127 ? BY_CODE[c] : 0;
    if (to !== 0) {
      bytes[i] = c = to;
      replaced = true;
    }
    offsets[count] = i;
    count += (table[c] >> 1) & (previousIsWord ^ 1);
    previousIsWord = table[c] & 1;
    listed[listedCount] = i - 1;
    listedCount += previousBeforeSpace & (table[c] >> 3);
    previousBeforeSpace = (table[c] >> 2) & 1;
  }
  const beforeSpace = { offsets: listed, count: listedCount };
  return { clean: replaced ? buffer.toString('latin1') : text, words: { offsets, count }, blankLines, beforeSpace };
}

/**
 * cleanText, and, found in the same pass, every offset in the cleaned text where a word (a
 * run of `\w` characters) begins with one of the first characters `table` asks for (all by
 * default): the tokenizer and the reference finder look only there, and reading the text
 * once instead of three times is a good part of the time the engine takes on a long opinion.
 */
export function cleanTextAndFindWords(text: string, table: Uint8Array = EVERY_WORD): CleanedText {
  const beyond = replacedBeyondLatin1(text);
  if (beyond !== null) return cleanLatin1TextAndFindWords(text, table, beyond);
  // A character beyond Latin-1 stays: the text is cleaned two bytes a character.
  const n = text.length;
  // As cleanText, but the whole text is read from the buffer (faster than charCodeAt).
  const buffer = Buffer.from(text, 'utf16le');
  const codes = new Uint16Array(buffer.buffer, buffer.byteOffset, n);
  // The same code units two at a time (little-endian: the first in the low half): reading,
  // testing and looping once per pair instead of once per character. (The buffer starts at
  // a multiple of 8, as above.)
  const pairs = new Uint32Array(buffer.buffer, buffer.byteOffset, n >> 1);
  // Room for a word listed every 8 characters to begin with (a brief lists one every 13 or
  // so); grown when nearly full. Two slots more than the words listed take the last
  // unkept stores of a pair.
  let offsets: Int32Array = new Int32Array((n >> 3) + 4);
  let count = 0;
  let replaced = false;
  let previousIsWord = 0;
  const blankLines: number[] = [];
  let listed: Int32Array = new Int32Array((n >> 4) + 8);
  let listedCount = 0;
  let previousBeforeSpace = 0;
  for (let j = 0; j < n >> 1; j++) {
    const pair = pairs[j];
    let a = pair & 0xffff;
    let b = pair >>> 16;
    // A pair of printable ASCII characters (32-127: no bit above 0x7f, and 0x20 or 0x40
    // set), nearly every pair of a brief, is passed with one test; otherwise each is looked up.
    if ((pair & 0xff80ff80) !== 0 || (pair & 0x00600000) === 0 || (pair & 0x00000060) === 0) {
      if (a < 32 || a >= 127) {
        if (a === NEWLINE && endsBlankLine(text, 2 * j)) blankLines.push(2 * j - 1);
        const to = BY_CODE[a];
        if (to !== 0) {
          codes[2 * j] = a = to;
          replaced = true;
        }
      }
      if (b < 32 || b >= 127) {
        if (b === NEWLINE && endsBlankLine(text, 2 * j + 1)) blankLines.push(2 * j);
        const to = BY_CODE[b];
        if (to !== 0) {
          codes[2 * j + 1] = b = to;
          replaced = true;
        }
      }
    }
    // A word begins where a word character follows a non-word one; it is listed when its
    // first character is asked for. Written without a branch (the offset is always stored,
    // and kept by advancing `count` by 0 or 1): word boundaries come every few characters,
    // too irregularly for the processor to predict.
    const classA = table[a];
    const classB = table[b];
    offsets[count] = 2 * j;
    count += (classA >> 1) & (previousIsWord ^ 1);
    offsets[count] = 2 * j + 1;
    count += (classB >> 1) & (~classA & 1);
    previousIsWord = classB & 1;
    if (count >= offsets.length - 2) offsets = doubledInt32(offsets);
    // beforeSpace's places (bits 2 and 3), before this pair's first character and at it,
    // stored when there are some.
    const beforeA = previousBeforeSpace & (classA >> 3);
    const atA = (classA >> 2) & (classB >> 3) & 1;
    if ((beforeA | atA) !== 0) {
      listed[listedCount] = 2 * j - 1;
      listedCount += beforeA;
      listed[listedCount] = 2 * j;
      listedCount += atA;
      if (listedCount >= listed.length - 2) listed = doubledInt32(listed);
    }
    previousBeforeSpace = (classB >> 2) & 1;
  }
  if (n & 1) {
    // The last character of an odd length, as above.
    const i = n - 1;
    let c = codes[i];
    if (c === NEWLINE && endsBlankLine(text, i)) blankLines.push(i - 1);
    const to = c < 32 || c >= 127 ? BY_CODE[c] : 0;
    if (to !== 0) {
      codes[i] = c = to;
      replaced = true;
    }
    offsets[count] = i;
    count += (table[c] >> 1) & (previousIsWord ^ 1);
    listed[listedCount] = i - 1;
    listedCount += previousBeforeSpace & (table[c] >> 3);
  }
  const beforeSpace = { offsets: listed, count: listedCount };
  return { clean: replaced ? buffer.toString('utf16le') : text, words: { offsets, count }, blankLines, beforeSpace };
}
