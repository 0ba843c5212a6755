/**
 * Case names, read backwards from a citation the way eyecite reads them, so that names in
 * court opinions and briefs come out as the field's reference tool gives them:
 * `Lissner v. Test 1 U.S. 1` (no comma needed), `See Foo v. Bar, ...` (a signal ends the
 * name), `In re Foo 1 Mass. 12`, `Hurst v. Florida, — U.S. —, 136 S. Ct. 616` (blank
 * parallel citations skipped), `Viking River Cruises v. Moriana (2022) _ U.S. _ [213 L. Ed.
 * 2d 179]` (a year written before the citation).
 *
 * The text before the citation is cut into items — words, single spaces, and whole
 * citations found by the tokenizer — and walked back at most 27 items, stopping at the
 * first thing that cannot be part of a name: a `;` or a closing quote, an opening
 * parenthesis, a lowercase word (after `v.`) or a prose word (before it), a signal or other
 * stop word (`see`, `citing`, `In re`), or an abbreviated capitalised word that ends a
 * sentence after a plaintiff of two words or more.
 *
 * Everything here works on offsets into the text: an item is where it starts and ends, the
 * name read so far is a span of the text, and each word is tested where it stands. Only the
 * strings returned (the name and its parties) are made, once each. (Read as eyecite reads
 * it, with a string of every word walked, of the name at every `v.` and of each party at each
 * step of its trimming, a name cost twice as much on citation-dense text, and those strings
 * were a good part of what the young-generation collector had to copy.)
 */
import { fourDigitsAt, isDigitCode, isLetterCode, isTrimmedCode } from './chars';
import { parseCourtParenthetical } from './courts';
import { isAbbreviationAt } from './names';
import { doubledInt32, doubledUint8 } from './grow';
import { lastWhere } from './last-where';

export interface FoundName {
  /** `Plaintiff v. Defendant`, `In re Defendant`, or (short forms) the name written. */
  caseName: string;
  plaintiff: string | null;
  defendant: string | null;
  /** Offset where the name starts in the text. */
  start: number;
  /** A year written before the citation (`Moriana (2022) 213 L. Ed. 2d 179`). */
  year: number | null;
  /** A court written with that year (`Grant v. Esquire, Inc. (S.D.N.Y. 1973) 367 F. Supp. 876`). */
  court: string | null;
}

/**
 * A citation or other anchor the tokenizer found (a name never runs through one): its token
 * as it is. `supra` anchors are passed over, `Id.` ends a name; other citations are stepped over.
 */
export interface Anchor {
  start: number;
  end: number;
  kind: string;
}

// What an item is (ItemsBefore's kinds): a run of spaces, a word, a citation, a `supra`, a stop word.
const SPACE_ITEM = 0;
const WORD_ITEM = 1;
const CITE_ITEM = 2;
const SUPRA_ITEM = 3;
const STOP_ITEM = 4;

const BACKWARD_SEEK = 28;
const SPACE = 32;
const QUOTE = 34;
const AMPERSAND = 38;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const COMMA = 44;
const DASH = 45;
const PERIOD = 46;
const SEMICOLON = 59;
const UNDERSCORE = 95;
const CLOSING_QUOTE = 0x201d;

const isUpperCode = (c: number) => c >= 65 && c <= 90;
const isLowerCode = (c: number) => c >= 97 && c <= 122;
const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** A regex `\w`: ASCII letters and digits, and `_`. */
const isRegexWordCode = (c: number) => isAsciiAlnum(c) || c === UNDERSCORE;
/** The characters eyecite's bareWord keeps at a word's ends (`[\sa-zA-Z0-9]`): letters, digits and white space. */
const keptByBareWord = (c: number) => isAsciiAlnum(c) || isTrimmedCode(c);
/** What the regex `.` does not match: the line terminators. */
const isLineTerminator = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
/** What may be white space (`\s`): a space or control character, or anything beyond ASCII. */
const maybeSpace = (c: number) => c <= 32 || c >= 0x80;

/**
 * Whether [from, to) of `text` reads `literal` exactly. (Its first character is compared
 * before startsWith is called, a call costing several compares: the word is most often not
 * the literal, `in` for `of`, `an` or `ex`.)
 */
function isText(text: string, from: number, to: number, literal: string): boolean {
  return to - from === literal.length && text.charCodeAt(from) === literal.charCodeAt(0) && text.startsWith(literal, from);
}

/**
 * Whether `text` holds `literal` (lowercase ASCII) at `p`, in any case, as `toLowerCase` would
 * read it: only ASCII capitals lowercase to the ASCII letters the literals hold (the Kelvin
 * sign's `k` is in none, and `İ` lowercases to two characters).
 */
function holdsFolded(text: string, p: number, literal: string): boolean {
  if (p + literal.length > text.length) return false;
  for (let k = 0; k < literal.length; k++) {
    let c = text.charCodeAt(p + k);
    if (c >= 65 && c <= 90) c |= 32;
    if (c !== literal.charCodeAt(k)) return false;
  }
  return true;
}

/** Whether [from, to) of `text` reads `literal` (lowercase ASCII) in any case: `w.toLowerCase() === literal`. */
function isFolded(text: string, from: number, to: number, literal: string): boolean {
  return to - from === literal.length && holdsFolded(text, from, literal);
}

/** `w.trim() !== ''` for the word [from, to) of `text`. */
function hasNonSpace(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isTrimmedCode(text.charCodeAt(k))) return true;
  return false;
}

/** Where the word [from, to) begins without the punctuation before it (eyecite's bareWord). */
function bareStart(text: string, from: number, to: number): number {
  let a = from;
  while (a < to && !keptByBareWord(text.charCodeAt(a))) a++;
  return a;
}

/** Where the word [from, to) ends without the punctuation after it, `from` at its bareStart. */
function bareEnd(text: string, from: number, to: number): number {
  let b = to;
  while (b > from && !keptByBareWord(text.charCodeAt(b - 1))) b--;
  return b;
}

/** Whether eyecite's bareWord of the word [from, to), lowercased, is `literal`. */
function bareIsFolded(text: string, from: number, to: number, literal: string): boolean {
  const a = bareStart(text, from, to);
  return isFolded(text, a, bareEnd(text, a, to), literal);
}

const STOP_WORDS = ['v', 'in re', 're', 'quoting', 'e.g.', 'parte', 'denied', 'citing', "aff'd", 'affirmed', 'remanded', 'see also', 'see', 'granted', 'dismissed', 'cf'];
// First letters of the stop words (either case), to turn most words away at once.
const STOP_FIRST = new Uint8Array(128);
for (const c of 'virqepdcasgVIRQEPDCASG') STOP_FIRST[c.charCodeAt(0)] = 1;
// The longest one-word stop word (`dismissed`); `in re` and `see also` are read as two words.
const LONGEST_STOP_WORD = 9;
// The one-word stop words by first letter and length (no two share both): a word is compared
// with one of them at most. (Filled with nulls first: a sparse array would be kept as a
// dictionary, each lookup a hash.)
const stopShape = (first: number, length: number) => (first | 32) * 16 + length;
const STOP_BY_SHAPE: (string | null)[] = Array.from({ length: stopShape(127, 15) + 1 }, () => null);
for (const w of STOP_WORDS) if (!w.includes(' ')) STOP_BY_SHAPE[stopShape(w.charCodeAt(0), w.length)] = w;

/** A table of the first two characters (`first << 7 | second`) of each of `words` (lowercase ASCII). */
function firstPairs(words: readonly string[]): Uint8Array {
  const pairs = new Uint8Array(128 * 128);
  for (const w of words) pairs[(w.charCodeAt(0) << 7) | w.charCodeAt(1)] = 1;
  return pairs;
}

// The first two letters of the one-word stop words and of `also` (which makes `see also`), to
// tell most words that begin as one does from them at once.
const STOP_WORD_PAIRS = firstPairs([...STOP_WORDS, 'also'].filter((w) => w.length > 1 && !w.includes(' ')));

/**
 * The stop word that a word of `text` is (`v`, `see`, `e.g.`), or null, given where it begins
 * and ends without the punctuation around it ([a, b): bareStart, bareEnd) and its length as
 * written: lowercased, it is one of STOP_WORDS (or matches eyecite's `e.g.`, a pattern in
 * which each `.` is any character but a line break). Compared in place: this runs for every
 * word read before every citation.
 */
function bareStopWord(text: string, a: number, b: number, written: number): string | null {
  const length = b - a;
  if (written > 12 || length === 0 || length > LONGEST_STOP_WORD || STOP_FIRST[text.charCodeAt(a)] !== 1) return null;
  const stop = STOP_BY_SHAPE[stopShape(text.charCodeAt(a), length)];
  if (stop !== null && holdsFolded(text, a, stop)) return stop;
  if ((length === 3 || length === 4) && (text.charCodeAt(a) | 32) === 101 /* e */ && (text.charCodeAt(a + 2) | 32) === 103 /* g */ && !isLineTerminator(text.charCodeAt(a + 1)) && (length === 3 || !isLineTerminator(text.charCodeAt(a + 3)))) return 'e.g.';
  return null;
}

/** The stop word that `word` is, or null (bareStopWord). */
export function stopWordOf(word: string): string | null {
  const a = bareStart(word, 0, word.length);
  return bareStopWord(word, a, bareEnd(word, a, word.length), word.length);
}

/** An anchor's kind as the name walk tells them apart (AnchorIndex.kinds). */
const ANCHOR_CITE = 0;
const ANCHOR_ID = 1;
const ANCHOR_SUPRA = 2;

/**
 * The anchors of a text in order, looked up by where they end (they never overlap, so their
 * ends ascend too). The walk back asks about every character of every word it reads; a
 * cursor that only moves back answers that in constant time, where a Map lookup per
 * character cost more than the rest of the walk. Kept as typed arrays, added to as the
 * tokenizer hands anchors on (find.ts reads a text's tokens as they are found): no token
 * object is held for it.
 */
export class AnchorIndex {
  starts = new Int32Array(256);
  ends = new Int32Array(256);
  /** ANCHOR_CITE, ANCHOR_ID or ANCHOR_SUPRA. */
  kinds = new Uint8Array(256);
  count = 0;
  /** The answer to the last lastEndingBy (an index below count, or -1). */
  private lastAnswer = -1;

  /** An index of `anchors` (sorted, without overlaps). */
  static of(anchors: readonly Anchor[]): AnchorIndex {
    const index = new AnchorIndex();
    for (let k = 0; k < anchors.length; k++) index.add(anchors[k]);
    return index;
  }

  /** Adds an anchor after the last one. */
  add(anchor: Anchor): void {
    if (this.count === this.ends.length) {
      this.starts = doubledInt32(this.starts);
      this.ends = doubledInt32(this.ends);
      this.kinds = doubledUint8(this.kinds);
    }
    this.starts[this.count] = anchor.start;
    this.ends[this.count] = anchor.end;
    this.kinds[this.count] = anchor.kind === 'id' ? ANCHOR_ID : anchor.kind === 'supra' ? ANCHOR_SUPRA : ANCHOR_CITE;
    this.count++;
  }

  /** The index of the last anchor ending at or before `p`, or -1. */
  lastEndingBy(p: number): number {
    // Names are asked for in the order of the text, each a few anchors after the one before:
    // the last answer is moved forward, and the anchors are searched only when it would have
    // to move back or far.
    let k = this.lastAnswer;
    for (let steps = 0; steps < 16; steps++) {
      if (k >= 0 && this.ends[k] > p) break;
      if (k + 1 === this.count || this.ends[k + 1] > p) return (this.lastAnswer = k);
      k++;
    }
    return (this.lastAnswer = lastWhere(this.count, (j) => this.ends[j] <= p));
  }
}

/**
 * The items before a citation, read backwards on demand (most names end within a few words,
 * and a brief has thousands of citations). Item -1 is the one just before the citation,
 * -2 the one before it, and so on, as far back as BACKWARD_SEEK items or the text's start.
 *
 * An item is [start, end) of the text, its kind (SPACE_ITEM, WORD_ITEM, ...) and, for a stop
 * word, the word lowercased without punctuation (`v`, `see`, `in re`, `id`). One reader serves
 * every walk, and its items are kept in the same arrays, filled anew by each walk: no item
 * outlives the walk that reads it (an object per item was a good part of what the
 * young-generation collector copied on dense text).
 */
class ItemsBefore {
  private readonly kinds = new Uint8Array(BACKWARD_SEEK);
  private readonly starts = new Int32Array(BACKWARD_SEEK);
  private readonly ends = new Int32Array(BACKWARD_SEEK);
  private readonly stops: (string | null)[] = Array.from({ length: BACKWARD_SEEK }, () => null);
  /** 1 for an item a party is read from as written (see plainBetween): a single space, or a plain word. */
  private readonly plain = new Uint8Array(BACKWARD_SEEK);
  private count = 0;
  private p = 0;
  private text = '';
  /** The last anchor ending at or before `p` (the walk only moves back, and so does this). */
  private anchor = -1;
  private index: AnchorIndex | null = null;
  private anchorEnds: Int32Array = new Int32Array(0);

  /** Lets go of the text, so that no document outlives its reading. */
  release(): void {
    this.count = 0;
    this.text = '';
    this.index = null;
  }

  /** Starts a walk back from `end` in `text`. */
  reset(text: string, end: number, index: AnchorIndex): this {
    this.text = text;
    this.p = end;
    this.count = 0;
    this.index = index;
    this.anchor = index.lastEndingBy(end);
    this.anchorEnds = index.ends;
    return this;
  }

  /** The last anchor ending at or before `q`, from anchor `k` (at or after it) back. */
  private lastEndingBy(q: number, k: number): number {
    while (k >= 0 && this.anchorEnds[k] > q) k--;
    return k;
  }

  /**
   * Whether there is an item `index` (negative), read now if it was not yet; false past the
   * start of the text or the window. (The item is then told by kindOf, startOf, endOf, stopOf.)
   */
  has(index: number): boolean {
    const k = -index - 1;
    if (k < this.count) return k >= 0;
    while (this.count <= k && this.produce());
    return k < this.count;
  }

  kindOf(index: number): number {
    return this.kinds[-index - 1];
  }

  startOf(index: number): number {
    return this.starts[-index - 1];
  }

  endOf(index: number): number {
    return this.ends[-index - 1];
  }

  stopOf(index: number): string | null {
    const k = -index - 1;
    return this.kinds[k] === STOP_ITEM ? this.stops[k] : null;
  }

  /** Sets `span` to the text from item `from` to item `to` (exclusive), or to none (-1, -1). */
  readSpan(from: number, to: number, span: Span): void {
    const some = this.has(from) && this.has(to - 1) && from < to;
    span.start = some ? this.startOf(from) : -1;
    span.end = some ? this.endOf(to - 1) : -1;
  }

  /** Whether item `index`, which the walk has read, is the text's very first. */
  isTextStart(index: number): boolean {
    return -index === this.count && this.p === 0;
  }

  /**
   * Whether the items read cover [from, to) of the text with single spaces and plain words
   * only: words that are no stop word (as bareStopWord reads them, of 12 characters or fewer,
   * where a party's stopWordAt finds none either) and hold no `;` and nothing that may be white
   * space. In such a stretch a party's only word starts are those words' starts (after the
   * spaces), where no stop word can begin, it holds no `;` and no two
   * white-space characters in a row: partyReading would read it AS_WRITTEN, unless a stop word
   * begins at `from` itself when it is inside a word, which the caller asks. The walk has read
   * these items already; this spares reading the party's characters again. MIXED, PLAIN, or
   * PLAIN_AT_ITEM when `from` is where one of the items begins (no stop word begins there).
   */
  plainBetween(from: number, to: number): number {
    for (let k = 0; k < this.count; k++) {
      if (this.starts[k] >= to) continue;
      if (this.plain[k] !== 1) return MIXED;
      if (this.starts[k] <= from) return this.starts[k] === from ? PLAIN_AT_ITEM : PLAIN;
    }
    return MIXED;
  }

  /** Whether items `from` to `to` (negative, `from` <= `to`, both read) are all plain (see plainBetween). */
  allPlain(from: number, to: number): boolean {
    for (let k = -to - 1; k <= -from - 1; k++) if (this.plain[k] !== 1) return false;
    return true;
  }

  /** Fills the next item (`plain`: see plainBetween). */
  private push(kind: number, start: number, end: number, stop: string | null, plain = 0): void {
    const k = this.count++;
    this.kinds[k] = kind;
    this.starts[k] = start;
    this.ends[k] = end;
    this.plain[k] = plain;
    // (Kept for stop words only: stopOf tells the others by their kind.)
    if (stop !== null) this.stops[k] = stop;
  }

  private produce(): boolean {
    const { text, anchorEnds: ends } = this;
    let p = this.p;
    if (p <= 0 || this.count >= BACKWARD_SEEK) return false;
    if (text.charCodeAt(p - 1) === SPACE) {
      let s = p - 1;
      while (s > 0 && text.charCodeAt(s - 1) === SPACE) s--;
      this.push(SPACE_ITEM, s, p, null, s === p - 1 ? 1 : 0);
      this.p = s;
      // The item before a run of spaces is a word or an anchor, which every walk that reads
      // the run goes on to read (it is the name's or ends the walk): read here in the same
      // call (half the items are runs of spaces, each a call of its own until now).
      if (s === 0 || this.count >= BACKWARD_SEEK) return true;
      p = s;
    }
    // Every later question is about a position before p: the cursor may move back to it.
    const k = (this.anchor = this.lastEndingBy(p, this.anchor));
    const index = this.index as AnchorIndex;
    const anchorStart = k >= 0 && ends[k] === p ? index.starts[k] : p;
    if (anchorStart < p) {
      const anchorKind = index.kinds[k];
      if (anchorKind === ANCHOR_ID) this.push(STOP_ITEM, anchorStart, p, 'id');
      else this.push(anchorKind === ANCHOR_SUPRA ? SUPRA_ITEM : CITE_ITEM, anchorStart, p, null);
      this.p = anchorStart;
      return true;
    }
    // Whether the word holds a character that makes it other than plain (NOT_PLAIN), noted as
    // it is read so that its party need not be read again (plainBetween). Its first two
    // characters (`second` 0 for a word of one) are kept as the scan passes them, for the tests
    // below: on the dense text a character read costs some 3 ns, and a word is 4-5 long.
    let s = p - 1;
    let first = text.charCodeAt(s);
    let second = 0;
    let odd = NOT_PLAIN[first];
    while (s > 0) {
      const c = text.charCodeAt(s - 1);
      if (c === SPACE) break;
      odd |= NOT_PLAIN[c];
      second = first;
      first = c;
      s--;
    }
    // A citation may end inside the run (`1 U.S. 2.` ends at the `2`): the word starts there.
    // (The last anchor ending before p is k, which ends before p, unless an empty one ends at p.)
    const inside = k >= 0 && ends[k] === p ? this.lastEndingBy(p - 1, k) : k;
    if (inside >= 0 && ends[inside] > s) {
      s = ends[inside];
      first = text.charCodeAt(s);
      second = s + 1 < p ? text.charCodeAt(s + 1) : 0;
    }
    this.p = s;
    // A word that begins with a letter no stop word (nor `also`) begins with is none, and its
    // ends without punctuation are not needed: about half the words of names (`Bell`, `Holder`).
    // Nor is one whose first two letters begin none (`Smith`, `Corp.`: STOP_WORD_PAIRS), but
    // for an `e`, which may begin eyecite's `e.g.` (any character between). Neither can begin
    // a stop word for a party's test (stopWordAt) either: its plainness is its characters'.
    if (isLetterCode(first) && (STOP_FIRST[first] !== 1 || (isLetterCode(second) && (first | 32) !== 101 /* e */ && STOP_WORD_PAIRS[((first | 32) << 7) | (second | 32)] !== 1))) {
      this.push(WORD_ITEM, s, p, null, odd ^ 1);
      return true;
    }
    // A name's `v.` (or `v`), one a name: the stop word `v`, as the reading below would find.
    if (isBareVersus(first, second, p - s)) {
      this.push(STOP_ITEM, s, p, 'v');
      return true;
    }
    const a = bareStart(text, s, p);
    const b = bareEnd(text, a, p);
    const stop = bareStopWord(text, a, b, p - s);
    // Two-word stop words, `In re` and `see also`, are one item: a `re` or an `also` after
    // a space, the word before it `in` or `see` (each without the punctuation around it).
    if (s > 1 && text.charCodeAt(s - 1) === SPACE) {
      const firstOfPair = stop === 're' ? 'in' : b - a === 4 && holdsFolded(text, a, 'also') ? 'see' : null;
      if (firstOfPair !== null) {
        let f = s - 1;
        while (f > 0 && text.charCodeAt(f - 1) !== SPACE) f--;
        const before = this.lastEndingBy(s - 1, k);
        if (bareIsFolded(text, f, s - 1, firstOfPair) && !(before >= 0 && ends[before] === s - 1)) {
          this.push(STOP_ITEM, f, p, firstOfPair === 'in' ? 'in re' : 'see also');
          this.p = f;
          return true;
        }
      }
    }
    // Not a stop word as the walk reads it, nor as a party's test reads it (stopWordAt: the same
    // but for a word of more than 12 characters, which bareStopWord takes for none).
    if (stop === null) this.push(WORD_ITEM, s, p, null, p - s <= 12 ? odd ^ 1 : 0);
    else this.push(STOP_ITEM, s, p, stop);
    return true;
  }
}
// What ItemsBefore.plainBetween finds of a party's stretch of the text.
const MIXED = 0;
const PLAIN = 1;
const PLAIN_AT_ITEM = 2;

/** 1 for a `;` and for what may be white space (maybeSpace): what keeps a word from being plain (ItemsBefore.plainBetween). */
const NOT_PLAIN = new Uint8Array(0x10000);
for (let c = 0; c < NOT_PLAIN.length; c++) if (c === SEMICOLON || maybeSpace(c)) NOT_PLAIN[c] = 1;

/** The one reader of items (see ItemsBefore); walks never overlap. */
const READER = new ItemsBefore();

/** [start, end) of the text; none while end <= start. */
class Span {
  start = -1;
  end = -1;
}
/** The name read so far by the walk (nameBefore). */
const NAME = new Span();
/** A court parenthetical read before the citation (courtBefore): apart from NAME, which it must leave as it is. */
const PARENTHETICAL = new Span();

/** Whether the word [from, to) is `(1993).` or `(1993);`: `/^\(\d{4}\)[.;]$/`. */
function isYearClosing(text: string, from: number, to: number): boolean {
  const c = text.charCodeAt(from + 6);
  return to - from === 7 && startsWithYear(text, from) && (c === PERIOD || c === SEMICOLON);
}

/** Whether `text` holds a year in parentheses at `p`: `/^\(\d{4}\)/`. */
function startsWithYear(text: string, p: number): boolean {
  return text.charCodeAt(p) === OPEN_PAREN && isDigitCode(text.charCodeAt(p + 1)) && isDigitCode(text.charCodeAt(p + 2)) && isDigitCode(text.charCodeAt(p + 3)) && isDigitCode(text.charCodeAt(p + 4)) && text.charCodeAt(p + 5) === CLOSE_PAREN;
}


/** `/[)\d]\.$/` for the word [from, to) ending in a period: `(1993).`, `2.` */
function endsCloseOrDigitPeriod(text: string, from: number, to: number): boolean {
  const c = text.charCodeAt(to - 2);
  return to - from > 1 && (c === CLOSE_PAREN || isDigitCode(c));
}

/** `/^[_-]+$/` (`comma`: `/^[_-]+,?$/`) for the word [from, to): a blank volume or page. */
function isBlank(text: string, from: number, to: number, comma: boolean): boolean {
  const end = comma && to - from > 1 && text.charCodeAt(to - 1) === COMMA ? to - 1 : to;
  if (end === from) return false;
  for (let k = from; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c !== UNDERSCORE && c !== DASH) return false;
  }
  return true;
}

/** The articles a name may begin with and eyecite drops (`of`, `the`, `an`, `and`), in the order its patterns try them. */
const ARTICLES = ['of', 'the', 'an', 'and'];

function isArticle(text: string, from: number, to: number): boolean {
  for (let k = 0; k < ARTICLES.length; k++) if (isText(text, from, to, ARTICLES[k])) return true;
  return false;
}

/**
 * Lowercase words a plaintiff's name may hold (`Estate of Durden`, `United States ex rel.
 * Russo`); any other lowercase word before the `v.` is prose and ends the name.
 */
const NAME_LOWERCASE = [...ARTICLES, 'ex', 'rel.', 'rel'];

function isNameLowercase(text: string, from: number, to: number): boolean {
  for (let k = 0; k < NAME_LOWERCASE.length; k++) if (isText(text, from, to, NAME_LOWERCASE[k])) return true;
  return false;
}

/**
 * Whether the word [from, to) is a `for` inside a party's name (`Dist. Att'y for Suffolk
 * Dist.`, `Council for Indep. Living, Inc.`): followed by a capitalised word, the one that
 * begins at `after` (-1: none). (eyecite lets only `of`, `the`, `an` and `and` through, and
 * so gave `Suffolk Dist.` as the defendant.)
 */
function forInName(text: string, from: number, to: number, after: number): boolean {
  return after >= 0 && isText(text, from, to, 'for') && isUpperCode(text.charCodeAt(after));
}

/** Words that open a citation sentence and never begin a party's name (nameBefore). */
const OPENING_SIGNALS = ['Also', 'Accord', 'Compare'];

/** Whether the word [from, to) is one of OPENING_SIGNALS as written (a capital first: a sentence's first word). */
function isOpeningSignal(text: string, from: number, to: number): boolean {
  const c = text.charCodeAt(from);
  if (c !== 65 /* A */ && c !== 67 /* C */) return false;
  for (let k = 0; k < OPENING_SIGNALS.length; k++) if (isText(text, from, to, OPENING_SIGNALS[k])) return true;
  return false;
}

/** A company's suffix (`Co.`, `Inc.`), lowercased as written: never the first word of a sentence. */
const COMPANY_SUFFIXES = ['co.', 'co.,', 'cos.', 'cos.,', 'inc.', 'inc.,', 'corp.', 'corp.,', 'ltd.', 'ltd.,', 'llc', 'llc,', 'l.l.c.', 'l.l.c.,', 'bros.', 'bros.,'];

/** Whether the word [from, to) is one of COMPANY_SUFFIXES in any case. */
function isCompanySuffix(text: string, from: number, to: number): boolean {
  for (let k = 0; k < COMPANY_SUFFIXES.length; k++) if (isFolded(text, from, to, COMPANY_SUFFIXES[k])) return true;
  return false;
}

/**
 * Where [from, to) goes on after a leading `of`, `the`, `an` or `and` and the white space
 * after it, as `s.replace(/^(?:of|the|an|and)\s+/, '')` leaves it; `from` when it has none.
 */
function afterArticle(text: string, from: number, to: number): number {
  const first = text.charCodeAt(from);
  for (let k = 0; k < ARTICLES.length; k++) {
    const a = ARTICLES[k];
    let p = from + a.length;
    // (The first character compared before startsWith is called: see isText.)
    if (p >= to || first !== a.charCodeAt(0) || !text.startsWith(a, from) || !isTrimmedCode(text.charCodeAt(p))) continue;
    while (p < to && isTrimmedCode(text.charCodeAt(p))) p++;
    return p;
  }
  return from;
}

/**
 * Where [from, to) goes on after a leading `of`, `the`, `an` or `and` in any case that ends a
 * word, as `s.replace(/^(?:of|the|an|and)\b/i, '')` leaves it; `from` when it has none.
 */
function afterArticleWord(text: string, from: number, to: number): number {
  for (let k = 0; k < ARTICLES.length; k++) {
    const p = from + ARTICLES[k].length;
    if (p <= to && holdsFolded(text, from, ARTICLES[k]) && (p === to || !isRegexWordCode(text.charCodeAt(p)))) return p;
  }
  return from;
}

/** Whether [from, to) ends with a number that is a word of its own: `/\b\d+\b$/`. */
function endsWithNumber(text: string, from: number, to: number): boolean {
  if (to === from || !isDigitCode(text.charCodeAt(to - 1))) return false;
  let p = to - 1;
  while (p > from && isDigitCode(text.charCodeAt(p - 1))) p--;
  return p === from || !isRegexWordCode(text.charCodeAt(p - 1));
}

/**
 * Where the first capitalised word of [from, to) begins, or -1, as `/\b[A-Z][a-zA-Z0-9]*\b/`
 * finds it: a capital at a word's start whose letters and digits are not followed by a `_`
 * (a word character: the `\b` after them would not hold).
 */
function firstCapitalised(text: string, from: number, to: number): number {
  for (let p = from; p < to; p++) {
    if (!isUpperCode(text.charCodeAt(p)) || (p > from && isRegexWordCode(text.charCodeAt(p - 1)))) continue;
    let q = p + 1;
    while (q < to && isAsciiAlnum(text.charCodeAt(q))) q++;
    if (q === to || text.charCodeAt(q) !== UNDERSCORE) return p;
  }
  return -1;
}

const STOP_WORD_PATTERN = String.raw`[^\sa-zA-Z0-9]*(?:v|in re|re|quoting|e.g.|parte|denied|citing|aff'd|affirmed|remanded|see also|see|granted|dismissed|Cf)[^\sa-zA-Z0-9]*`;
const STOP_WORDS_CASED = new RegExp(String.raw`(?:^|\s)${STOP_WORD_PATTERN}(?=\s|$)`, 'g');
// In any case, but without `v` (the cased pass took the lowercase one): a capital `V.` left
// inside a party is a middle initial (`William V. Frankel & Co.`).
const STOP_WORDS_ANY_CASE = new RegExp(String.raw`(?:^|\s)${STOP_WORD_PATTERN.replace('(?:v|', '(?:')}(?=\s|$)`, 'gi');

const trimChars = (s: string, chars: string) => {
  let a = 0;
  let b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
};

// The stop words of STOP_WORD_PATTERN but `v` and `e.g.`, read in any case (the lowercase `v`
// and eyecite's `e.g.` are read apart), by their first letter: a word is compared with the one
// or two that begin as it does.
const STOP_LITERALS = ['in re', 're', 'quoting', 'parte', 'denied', 'citing', "aff'd", 'affirmed', 'remanded', 'see also', 'see', 'granted', 'dismissed', 'cf'];
const STOP_LITERALS_BY_FIRST: string[][] = Array.from({ length: 128 }, () => []);
for (const literal of STOP_LITERALS) STOP_LITERALS_BY_FIRST[literal.charCodeAt(0)].push(literal);
// Their first two letters: most capitalised words of names begin as none does (`Corp.`,
// `Inc.`, `Smith`), and are turned away without a literal compared.
const STOP_LITERAL_PAIRS = firstPairs(STOP_LITERALS);

/** Whether a match of STOP_WORDS_CASED or STOP_WORDS_ANY_CASE may end with punctuation from `k` (then white space or `to`). */
function endsStopWord(s: string, k: number, to: number): boolean {
  let q = k;
  while (q < to && !isAsciiAlnum(s.charCodeAt(q)) && !maybeSpace(s.charCodeAt(q))) q++;
  return q === to || maybeSpace(s.charCodeAt(q));
}

/** Whether a stop word of STOP_WORDS_CASED or STOP_WORDS_ANY_CASE begins at `p` and may end a match before `to`. */
function stopWordAt(s: string, p: number, to: number): boolean {
  const c = s.charCodeAt(p);
  if (STOP_FIRST[c] !== 1) return false;
  if (c === 118 /* v */ && endsStopWord(s, p + 1, to)) return true;
  // `e.g.`: each `.` any character but a line break.
  if ((c | 32) === 101 && p + 4 <= to && (s.charCodeAt(p + 2) | 32) === 103 && !isLineTerminator(s.charCodeAt(p + 1)) && !isLineTerminator(s.charCodeAt(p + 3)) && endsStopWord(s, p + 4, to)) return true;
  let second = s.charCodeAt(p + 1);
  if (second >= 65 && second <= 90) second |= 32;
  if (!(second < 128) || STOP_LITERAL_PAIRS[((c | 32) << 7) | second] !== 1) return false;
  const literals = STOP_LITERALS_BY_FIRST[c | 32];
  for (let k = 0; k < literals.length; k++) {
    const literal = literals[k];
    if (p + literal.length <= to && holdsFolded(s, p, literal) && endsStopWord(s, p + literal.length, to)) return true;
  }
  return false;
}

/**
 * Whether STOP_WORDS_CASED or STOP_WORDS_ANY_CASE may match in [from, to) of `s`. Asked before
 * they are run (for every party of every name read), since most names hold no stop word: a
 * "no" is certain, a "yes" may be wrong (the regexes are run then). A match begins after
 * white space or at the start, with a stop word after any punctuation, and ends before white
 * space or at the end, after any punctuation; here any character that may be white space
 * counts as one.
 */
export function mayHoldStopWord(s: string, from = 0, to = s.length): boolean {
  for (let i = from; i < to; i++) if ((i === from || maybeSpace(s.charCodeAt(i - 1))) && stopWordAfterPunctuation(s, i, to)) return true;
  return false;
}

/** Whether a stop word may begin after any punctuation from `i` (stopWordAt), before `to`. */
function stopWordAfterPunctuation(s: string, i: number, to: number): boolean {
  let j = i;
  while (j < to && !isAsciiAlnum(s.charCodeAt(j))) j++;
  return j < to && stopWordAt(s, j, to);
}

/** Whether [from, to) of `text` holds a `;`. */
function holdsSemicolon(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === SEMICOLON) return true;
  return false;
}

/**
 * A party of a name as read (readParty): [start, end) of the text when it stands there as
 * written, as most do; `built` when the stop-word regexes or the squeezing of white space
 * changed it. The two parties of the name being read are kept in the same two objects.
 */
class Party {
  start = 0;
  end = 0;
  built: string | null = null;

  /** The party as a string ('' when nothing is left of it). */
  textIn(text: string): string {
    return this.built ?? text.slice(this.start, this.end);
  }
}
const PLAINTIFF = new Party();
const DEFENDANT = new Party();

/** A party name without signals and stop words, `In`, outer parentheses and edge commas. */
export function stripStopWords(name: string): string {
  // Without a stop word (the usual name), the regexes would change nothing; a `;` keeps them
  // in (what follows it is read alone, and may begin with one).
  if (!mayHoldStopWord(name) && !holdsSemicolon(name, 0, name.length)) {
    const party = new Party();
    trimAround(name, 0, name.length, party);
    return party.textIn(name);
  }
  let text = name.replace(STOP_WORDS_CASED, ' ');
  // (Each regex below is asked only when the character it needs is there.)
  if ((text.charCodeAt(0) | 32) === 105 /* i */) text = text.replace(/^In\s+/i, '');
  text = text.trim();
  if (text.charCodeAt(0) === OPEN_PAREN) text = text.replace(/^\(+/, '');
  if (text.charCodeAt(text.length - 1) === CLOSE_PAREN) text = text.replace(/\)+$/, '');
  if (text.includes(';')) text = text.split(';')[1];
  return trimChars(trimChars(text, ', ').replace(STOP_WORDS_ANY_CASE, ''), ', ').trim();
}

/**
 * Sets `party` to [from, to) of `text` without a leading `In `, and without the white space,
 * parentheses, commas and spaces around it: what stripStopWords leaves of a party in which
 * its regexes match nothing and that has no `;`, trimmed in place.
 */
function trimAround(text: string, from: number, to: number, party: Party): void {
  let a = from;
  let b = to;
  party.built = null;
  // Most parties begin with a letter or digit other than an `I` (which may begin `In `) and end
  // with one or a period, or with a comma after one (`Signet Jewelers Ltd.,`): then only that
  // comma is trimmed.
  const first = text.charCodeAt(a);
  const end = b - a > 1 && text.charCodeAt(b - 1) === COMMA ? b - 1 : b;
  const last = text.charCodeAt(end - 1);
  if (a < end && isAsciiAlnum(first) && (first | 32) !== 105 /* i */ && (isAsciiAlnum(last) || last === PERIOD)) {
    party.start = a;
    party.end = end;
    return;
  }
  // `/^In\s+/i`
  if (b - a > 2 && (text.charCodeAt(a) | 32) === 105 /* i */ && (text.charCodeAt(a + 1) | 32) === 110 /* n */ && isTrimmedCode(text.charCodeAt(a + 2))) {
    a += 3;
    while (a < b && isTrimmedCode(text.charCodeAt(a))) a++;
  }
  while (a < b && isTrimmedCode(text.charCodeAt(a))) a++;
  while (b > a && isTrimmedCode(text.charCodeAt(b - 1))) b--;
  while (a < b && text.charCodeAt(a) === OPEN_PAREN) a++;
  while (b > a && text.charCodeAt(b - 1) === CLOSE_PAREN) b--;
  while (a < b && (text.charCodeAt(a) === COMMA || text.charCodeAt(a) === SPACE)) a++;
  while (b > a && (text.charCodeAt(b - 1) === COMMA || text.charCodeAt(b - 1) === SPACE)) b--;
  while (a < b && isTrimmedCode(text.charCodeAt(a))) a++;
  while (b > a && isTrimmedCode(text.charCodeAt(b - 1))) b--;
  party.start = a;
  party.end = b;
  party.built = null;
}

/** A space, a control character or anything beyond ASCII: what may be white space (`\s`). */
const maySpace = (c: number) => c === SPACE || (c >= 9 && c <= 13) || c >= 0x80;

/** Whether [from, to) of `s` may hold two white-space characters in a row (`/\s{2,}/`). */
function mayHoldTwoSpaces(s: string, from: number, to: number): boolean {
  for (let k = from + 1; k < to; k++) if (maySpace(s.charCodeAt(k)) && maySpace(s.charCodeAt(k - 1))) return true;
  return false;
}

/** `s.replace(/\s{2,}/g, ' ')`, the regex asked only when `s` may hold two white-space characters in a row. */
function squeezeSpaces(s: string): string {
  return mayHoldTwoSpaces(s, 0, s.length) ? s.replace(/\s{2,}/g, ' ') : s;
}

/**
 * Reads into `party` the party written in [from, to) of `text`: `squeezeSpaces(stripStopWords(...))`.
 * One pass over it tells whether the regexes must read it (a `;`, or a word that may be a stop
 * word: mayHoldStopWord) and whether what is kept of it holds a run of white space to squeeze
 * (squeezeSpaces); most parties need neither, and are then a piece of the text as written.
 */
function readParty(text: string, from: number, to: number, party: Party, plain: number): void {
  trimAround(text, from, to, party);
  // A party the walk read as plain words and single spaces (`plain`: ItemsBefore.plainBetween)
  // is read as written, unless it begins inside a word with a stop word.
  const reading = plain === PLAIN_AT_ITEM || (plain === PLAIN && !stopWordAfterPunctuation(text, from, to)) ? AS_WRITTEN : partyReading(text, from, to, party.start, party.end);
  if (reading === BY_REGEXES) party.built = squeezeSpaces(stripStopWords(text.slice(from, to)));
  else if (reading === SQUEEZED) party.built = text.slice(party.start, party.end).replace(/\s{2,}/g, ' ');
}

// How a party is read (partyReading): as written, with its runs of white space squeezed, or by the stop-word regexes.
const AS_WRITTEN = 0;
const SQUEEZED = 1;
const BY_REGEXES = 2;

/**
 * How the party written in [from, to) must be read (trimmed to [start, end)): BY_REGEXES when it
 * holds a `;` or a word that may be a stop word (mayHoldStopWord), else SQUEEZED when what is
 * kept holds two white-space characters in a row, else AS_WRITTEN. Read a word at a time: the
 * tests that concern a word's start (a stop word; two white-space characters in a row, which
 * can only end at one) are made there, and the rest of the word is only looked through for a
 * `;` (a test of every character for all three was a fifth of the name stage on dense text).
 */
function partyReading(text: string, from: number, to: number, start: number, end: number): number {
  let reading = AS_WRITTEN;
  for (let i = from; i < to; i++) {
    // Here a word begins: at the party's start, or after a character that may be white space.
    if (stopWordAfterPunctuation(text, i, to)) return BY_REGEXES;
    let c = text.charCodeAt(i);
    if (i > start && i < end && maySpace(c) && maySpace(text.charCodeAt(i - 1))) reading = SQUEEZED;
    // On to the next character that may be white space (the loop's step then passes it).
    while (!maybeSpace(c)) {
      if (c === SEMICOLON) return BY_REGEXES;
      if (++i === to) break;
      c = text.charCodeAt(i);
    }
  }
  return reading;
}

/** The party written in [from, to) of `text`, as readParty reads it. */
export function partyIn(text: string, from: number, to: number): string {
  const party = new Party();
  readParty(text, from, to, party, MIXED);
  return party.textIn(text);
}

/**
 * Where the first match of `/\s+v\.?\s+/` (`letter`: `v`, or `V` for `/\s+V\.?\s+/`) in
 * [from, to) of `s` begins, or -1: the run of white space before the first such letter that
 * has one before it and, after it and a period if any, white space again.
 */
export function versusIn(s: string, letter: number, from = 0, to = s.length): number {
  for (let k = from + 1; k < to; k++) {
    if (s.charCodeAt(k) !== letter || !isTrimmedCode(s.charCodeAt(k - 1))) continue;
    const after = k + 1 < to && s.charCodeAt(k + 1) === PERIOD ? k + 2 : k + 1;
    if (after >= to || !isTrimmedCode(s.charCodeAt(after))) continue;
    let start = k - 1;
    while (start > from && isTrimmedCode(s.charCodeAt(start - 1))) start--;
    return start;
  }
  return -1;
}

/** The end of the match of versusIn that begins at `at` (before `to`). */
export function versusEnd(s: string, at: number, to = s.length): number {
  let k = at;
  while (k < to && isTrimmedCode(s.charCodeAt(k))) k++;
  k++;
  if (k < to && s.charCodeAt(k) === PERIOD) k++;
  while (k < to && isTrimmedCode(s.charCodeAt(k))) k++;
  return k;
}

/**
 * Whether the walk's `v.` (item `versusIndex`) is the first match of versusIn's lowercase
 * pattern in the name [nameStart, nameEnd), which begins in item `startIndex`: a `v` or `v.`
 * with white space after it in the name, and before it only plain items (ItemsBefore.
 * plainBetween: words without white space and single spaces) from the name's first item on.
 * In such a stretch the pattern could only match a word `v` or `v.` between spaces, which the
 * walk reads as a stop word, never plain. Then so is the plaintiff, which lies in that stretch.
 * (Spares reading the plaintiff's characters again to find the `v.`.)
 */
function plainBeforeVersus(text: string, words: ItemsBefore, startIndex: number, versusIndex: number, nameStart: number, nameEnd: number): boolean {
  const at = words.startOf(versusIndex);
  const end = words.endOf(versusIndex);
  if (!isBareVersus(text.charCodeAt(at), text.charCodeAt(at + 1), end - at)) return false;
  if (end >= nameEnd || !isTrimmedCode(text.charCodeAt(end))) return false;
  if (startIndex >= versusIndex || nameStart >= at || nameStart < words.startOf(startIndex)) return false;
  return words.allPlain(startIndex, versusIndex - 1);
}

/**
 * Whether a word of `length` characters whose first two are `first` and `second` is `v` or
 * `v.` (a name's `v.`, written bare). (Given the characters the caller has read already.)
 */
function isBareVersus(first: number, second: number, length: number): boolean {
  return first === 118 /* v */ && (length === 1 || (length === 2 && second === PERIOD));
}

/** Whether the trimming of a plaintiff's ends removes `c` (`trimChars(s, ' \t\n,(')`). */
const isPlaintiffEdge = (c: number) => c === SPACE || c === 9 || c === 10 || c === COMMA || c === OPEN_PAREN;

/**
 * Where a plaintiff written in [from, to) begins after the lowercase words before its first
 * capital, which are prose (`and Foo v. Bar`): `s.replace(/^(?:[a-z]\S*\s+)+/, '')`.
 */
function afterLowercaseWords(text: string, from: number, to: number): number {
  let p = from;
  while (p < to && isLowerCode(text.charCodeAt(p))) {
    let q = p + 1;
    while (q < to && !isTrimmedCode(text.charCodeAt(q))) q++;
    if (q === to) break;
    while (q < to && isTrimmedCode(text.charCodeAt(q))) q++;
    p = q;
  }
  return p;
}

/**
 * Whether the items before item `index` hold a lowercase `v.` (or `vs.`) before anything that
 * ends a name: then a capital `V.` at `index` is a middle initial.
 */
function versusBefore(text: string, words: ItemsBefore, index: number): boolean {
  for (let k = index - 1; k >= -BACKWARD_SEEK; k--) {
    if (!words.has(k)) return false;
    const kind = words.kindOf(k);
    if (kind === CITE_ITEM) return false;
    if (kind === SPACE_ITEM) continue;
    const start = words.startOf(k);
    const end = words.endOf(k);
    const last = text.charCodeAt(end - 1);
    if (last === SEMICOLON || last === CLOSING_QUOTE || last === QUOTE || (last === PERIOD && endsCloseOrDigitPeriod(text, start, end))) return false;
    if (kind === STOP_ITEM) return words.stopOf(k) === 'v' && text.charCodeAt(start) === 118 /* v */;
  }
  return false;
}

/**
 * The court parenthetical whose last word is item `index` (`(S.D.N.Y.` … `1973)`), read back at
 * most six words: its first item's index, year and court; null when it is not one.
 */
function courtBefore(text: string, words: ItemsBefore, index: number): { index: number; year: number; court: string | null } | null {
  for (let k = index; k >= index - 12; k--) {
    if (!words.has(k) || words.kindOf(k) === CITE_ITEM || words.kindOf(k) === STOP_ITEM) return null;
    const start = words.startOf(k);
    if (text.charCodeAt(start) !== OPEN_PAREN) continue;
    words.readSpan(k, index + 1, PARENTHETICAL);
    const inner = text.slice(start + 1, PARENTHETICAL.end - 1);
    const court = parseCourtParenthetical(inner);
    return court ? { index: k, year: court.year, court: court.court } : null;
  }
  return null;
}

/**
 * The case name before a citation starting at `citationStart`, or null. `short`: a short
 * form, whose name is the one word or short name written before it (`Twombly, 550 U.S. at 556`).
 */
export function findCaseNameBefore(text: string, citationStart: number, anchors: AnchorIndex, short: boolean): FoundName | null {
  try {
    return nameBefore(text, citationStart, anchors, short);
  } finally {
    READER.release();
  }
}

function nameBefore(text: string, citationStart: number, anchors: AnchorIndex, short: boolean): FoundName | null {
  // Indexes are negative, counted back from the citation (eyecite counts from the text's
  // start; the arithmetic is the same): -1 is the item just before it.
  const words = READER.reset(text, citationStart, anchors);

  // Whether the walk has passed the name's `v.`, and the item of the last one it passed.
  let versus = false;
  let versusIndex = 0;
  let startIndex: number | null = null;
  // The name read so far: NAME.
  NAME.start = -1;
  NAME.end = -1;
  let preCiteYear: number | null = null;
  let preCiteCourt: string | null = null;
  // Words read so far (items other than spaces and commas), and where the last of them is
  // (-1: none yet).
  let wordsSeen = 0;
  let previousStart = -1;
  let previousEnd = -1;
  let titleStart = -1;
  let caseNameLength = 0;
  let plaintiffLength = 0;
  // The stop word that ended the walk (`In re`, `Ex parte`), when one did.
  let breakingStart = -1;
  let breakingEnd = -1;
  let breakingStop: string | null = null;

  for (let index = -1; index >= -BACKWARD_SEEK; index--) {
    if (!words.has(index)) break;
    const kind = words.kindOf(index);
    // A run of spaces counts in the name's length (caseNameLength), not in the plaintiff's.
    if (kind === SPACE_ITEM) {
      caseNameLength++;
      if (words.isTextStart(index)) words.readSpan(index, titleStart, NAME);
      continue;
    }
    const ws = words.startOf(index);
    const we = words.endOf(index);
    const first = text.charCodeAt(ws);
    if (we - ws === 1 && first === COMMA) continue;
    caseNameLength++;
    if (versus && hasNonSpace(text, ws, we)) plaintiffLength++;
    if (kind === CITE_ITEM) {
      titleStart = index - 1;
      continue;
    }
    const firstWord = wordsSeen++ === 0;
    // The word after this one (read just before it, walking back).
    const afterStart = previousStart;
    const afterEnd = previousEnd;
    previousStart = ws;
    previousEnd = we;
    const last = text.charCodeAt(we - 1);
    if (last === SEMICOLON || last === CLOSING_QUOTE || last === QUOTE) {
      startIndex = index + 2;
      words.readSpan(startIndex, titleStart, NAME);
      break;
    }
    // A year before the citation, `Moriana (2022) 213 L. Ed. 2d 179`; `(1993).`, or the period
    // after a citation, instead ends the previous sentence (`... 509 U.S. 579 (1993). Twombly,
    // 550 U.S. at 556`, `Wrong v. Wrong, 1 U.S. 2. Foo, 1 U.S., at 2`).
    if ((we - ws === 1 && first === PERIOD) || (first === OPEN_PAREN && isYearClosing(text, ws, we)) || (last === PERIOD && index < -1 && endsCloseOrDigitPeriod(text, ws, we))) {
      startIndex = index + 2;
      words.readSpan(startIndex, titleStart, NAME);
      break;
    }
    const year = first === OPEN_PAREN && we - ws >= 6 && startsWithYear(text, ws);
    if (year && versus) {
      // After the `v.`, a year closes an earlier citation (`Alford v. Washington, 238 N.C. 694,
      // 78 S.E.2d 915 (1953) and Shapiro v. Toyota Motor Co., 38 N.C.App. 658`): the plaintiff
      // begins after it, at its first capitalised word. (Read as a year written before the
      // citation, it let the walk run on into the earlier case's name.)
      startIndex = index + 2;
      while (startIndex + 2 < -1 && isLowerCode(text.charCodeAt(words.startOf(startIndex)))) startIndex += 2;
      words.readSpan(startIndex, titleStart, NAME);
      break;
    }
    if (year) {
      titleStart = index - 1;
      preCiteYear = fourDigitsAt(text, ws + 1);
      continue;
    }
    // A court and year before the citation, as California writes them (`Grant v. Esquire,
    // Inc. (S.D.N.Y. 1973) 367 F. Supp. 876`): passed over, their year and court kept.
    if (last === CLOSE_PAREN && first !== OPEN_PAREN && preCiteYear === null && firstWord) {
      const open = courtBefore(text, words, index);
      if (open !== null) {
        titleStart = open.index - 1;
        preCiteYear = open.year;
        preCiteCourt = open.court;
        index = open.index;
        continue;
      }
    }
    if (first === OPEN_PAREN && caseNameLength > 3) {
      startIndex = we - ws === 1 || isLowerCode(text.charCodeAt(ws + 1)) ? index + 2 : index;
      words.readSpan(startIndex, titleStart, NAME);
      break;
    }
    // After `v.`, a lowercase word ends the plaintiff (`bob Lissner v. Test`); numbers and
    // `&` belong to names (`Kedzie & 103rd Currency Exchange`, `Local 214 Pension Fund`).
    if (versus && !isUpperCode(first) && !isDigitCode(first) && first !== AMPERSAND && !isNameLowercase(text, ws, we) && !forInName(text, ws, we, afterStart)) {
      startIndex = index + 2;
      // A `for` read into the name (`ruled for Smith v. Jones`) does not begin it.
      if (words.has(startIndex) && isText(text, words.startOf(startIndex), words.endOf(startIndex), 'for') && startIndex + 2 < -1) startIndex += 2;
      words.readSpan(startIndex, titleStart, NAME);
      if (NAME.start >= 0) NAME.start = afterArticle(text, NAME.start, NAME.end);
      break;
    }
    // A blank citation (`— U.S. —`, `___ Nev. ___`): pass over it like a citation.
    if ((first === UNDERSCORE || first === DASH) && isBlank(text, ws, we, true)) {
      let open = index - 1;
      while (words.has(open) && index - open <= 8 && !isBlank(text, words.startOf(open), words.endOf(open), false)) open--;
      if (words.has(open) && index - open <= 8) index = open;
      titleStart = index - 1;
      continue;
    }
    const isVersus = kind === STOP_ITEM && words.stopOf(index) === 'v';
    // A capital `V.` after a first name is a middle initial when the name's `v.` comes
    // before it (`Rollin v. William V. Frankel & Co.`); alone, it is the `v.` of a name in
    // capitals (`SMITH V. JONES`).
    if (isVersus && first === 86 /* V */ && !versus && versusBefore(text, words, index)) continue;
    // (`v.` compared a character at a time: a call of startsWith costs more than the compares.)
    if (isVersus && (isBareVersus(first, text.charCodeAt(ws + 1), we - ws) || bareIsExactly(text, ws, we, 'v') || first === 86 /* V */)) {
      versus = true;
      versusIndex = index;
      startIndex = index - 2;
      words.readSpan(startIndex, titleStart, NAME);
      continue;
    }
    // A capitalised word ending in a period after two plaintiff words ends a sentence
    // (`... Stats. Amick v. ...`), unless it is an abbreviation names use (`Coll.`, `U.S.A.`)
    // or the word after it is a company's suffix, which never begins a sentence
    // (`Loup-Miller Const. Co. v. ...`).
    if ((versus && isUpperCode(first) && we - ws > 4 && last === PERIOD && plaintiffLength > 1 && !isAbbreviationAt(text, ws, we) && !isCompanySuffix(text, afterStart, afterEnd)) || kind === STOP_ITEM) {
      startIndex = index + 2;
      words.readSpan(startIndex, titleStart, NAME);
      if (kind === STOP_ITEM) {
        breakingStart = ws;
        breakingEnd = we;
        breakingStop = words.stopOf(index);
      }
      break;
    }
    if (!versus && isLowerCode(first) && !isArticle(text, ws, we) && !forInName(text, ws, we, afterStart)) {
      if (isText(text, ws, we, 'ex') || isText(text, ws, we, 'rel.')) continue;
      startIndex = index + 2;
      words.readSpan(startIndex, titleStart, NAME);
      const capital = NAME.start >= 0 ? firstCapitalised(text, NAME.start, NAME.end) : -1;
      if (capital >= 0) {
        // The name now starts at that capital: find its item.
        NAME.start = capital;
        while (startIndex < -1 && words.endOf(startIndex) <= capital) startIndex++;
      } else NAME.start = NAME.end = -1;
      break;
    }
    if (kind === SUPRA_ITEM) {
      titleStart = index - 1;
      continue;
    }
    if (words.isTextStart(index)) {
      startIndex = index;
      words.readSpan(index, titleStart, NAME);
      if (NAME.start >= 0) NAME.start = afterArticleWord(text, NAME.start, NAME.end);
      if (endsWithNumber(text, NAME.start, NAME.end)) NAME.start = NAME.end = -1;
    }
  }
  if (NAME.end <= NAME.start) return null;
  const walk = WALK;
  walk.versus = versus;
  walk.versusIndex = versusIndex;
  walk.startIndex = startIndex;
  walk.year = preCiteYear;
  walk.court = preCiteCourt;
  walk.breakingStart = breakingStart;
  walk.breakingEnd = breakingEnd;
  walk.breakingStop = breakingStop;
  return namedBefore(text, words, citationStart, short, walk);
}

/** What the walk back (nameBefore) found besides the name's span (NAME), for namedBefore. */
class Walk {
  /** Whether the walk passed the name's `v.`, and the item of the last one it passed. */
  versus = false;
  versusIndex = 0;
  /** The item the name begins in. */
  startIndex: number | null = null;
  /** A year and court written before the citation. */
  year: number | null = null;
  court: string | null = null;
  /** The stop word that ended the walk (`In re`, `Ex parte`), when one did, and where it is. */
  breakingStart = -1;
  breakingEnd = -1;
  breakingStop: string | null = null;
}
const WALK = new Walk();

/**
 * The name a walk back found (NAME, and `walk`), with its parties read: what nameBefore
 * returns. (A function apart from the walk's long one, which had spent V8's budget for
 * inlining before it came to the parties: here the small functions they are read with are
 * inlined.)
 */
function namedBefore(text: string, words: ItemsBefore, citationStart: number, short: boolean, walk: Walk): FoundName | null {
  const { versus, versusIndex, year: preCiteYear, court: preCiteCourt, breakingStart, breakingEnd, breakingStop } = walk;
  let startIndex = walk.startIndex;
  let nameStart = NAME.start;
  const nameEnd = NAME.end;
  // A signal or adverb that opens the sentence is not the plaintiff's first word (`Also
  // Commonwealth v. Diatchenko`, `Accord Wiggins v. United States`): eyecite's stop words
  // have `see also` and `see`, not these alone. (`Also Corp. v. Smith` is a company's name.)
  // (The signal is looked for first: most names begin with none.)
  if (versus && startIndex !== null && words.has(startIndex) && isOpeningSignal(text, words.startOf(startIndex), words.endOf(startIndex))) {
    const opening = startIndex;
    const next = startIndex + 2;
    if (words.has(next) && next < -1 && words.kindOf(opening + 1) === SPACE_ITEM && words.kindOf(next) === WORD_ITEM) {
      const openingStart = words.startOf(opening);
      const openingEnd = words.endOf(opening);
      const nextStart = words.startOf(next);
      if (text.startsWith(text.slice(openingStart, openingEnd), nameStart) && nameEnd - nameStart >= openingEnd - openingStart && isUpperCode(text.charCodeAt(nextStart)) && !isCompanySuffix(text, nextStart, words.endOf(next))) {
        startIndex += 2;
        nameStart += nextStart - openingStart;
        if (nameEnd <= nameStart) return null;
      }
    }
  }

  // The parties: what stands before and after the name's `v.` (a capital one only in a name
  // written in capitals, `SMITH V. JONES`), or the whole name without one.
  let plaintiff: string | null = null;
  let defendantStart = nameStart;
  if (versus) {
    // Where the name's `v.` is: the walk's, when what it read before it is plain (below);
    // else looked for as eyecite does, the first lowercase one, or else a capital one.
    const plaintiffPlain = startIndex !== null && plainBeforeVersus(text, words, startIndex, versusIndex, nameStart, nameEnd);
    // (Then the match begins at the single space before the walk's `v`, after a word with no
    // white space or at the name's start.)
    let at = plaintiffPlain ? words.startOf(versusIndex) - 1 : versusIn(text, 118 /* v */, nameStart, nameEnd);
    if (at < 0) at = versusIn(text, 86 /* V */, nameStart, nameEnd);
    let plaintiffEnd = nameStart;
    if (at >= 0) {
      plaintiffEnd = at;
      defendantStart = versusEnd(text, at, nameEnd);
    }
    // A short form's name is its defendant alone: its plaintiff is not read.
    if (!short) {
      let plaintiffStart = nameStart;
      while (plaintiffStart < plaintiffEnd && isPlaintiffEdge(text.charCodeAt(plaintiffStart))) plaintiffStart++;
      while (plaintiffEnd > plaintiffStart && isPlaintiffEdge(text.charCodeAt(plaintiffEnd - 1))) plaintiffEnd--;
      // Lowercase words before the plaintiff's first capital are prose (`and Foo v. Bar`);
      // inside the name they are part of it (`Estate of Durden`).
      plaintiffStart = afterLowercaseWords(text, plaintiffStart, plaintiffEnd);
      const plain = plaintiffPlain && startIndex !== null ? (plaintiffStart === words.startOf(startIndex) ? PLAIN_AT_ITEM : PLAIN) : words.plainBetween(plaintiffStart, plaintiffEnd);
      readParty(text, plaintiffStart, plaintiffEnd, PLAINTIFF, plain);
      plaintiff = PLAINTIFF.textIn(text) || null;
    }
  }
  readParty(text, defendantStart, nameEnd, DEFENDANT, words.plainBetween(defendantStart, nameEnd));
  const defendant = DEFENDANT.textIn(text);
  if (!defendant) return null;

  const from = startIndex !== null && words.has(startIndex) ? words.startOf(startIndex) : citationStart;
  if (short) return { caseName: defendant, plaintiff: null, defendant: null, start: from, year: preCiteYear, court: preCiteCourt };
  let caseName = plaintiff ? versusName(text, nameStart, nameEnd, plaintiff, defendant) : defendant;
  // `In re Foo`, `Ex parte Young`: the name keeps its prefix, the defendant does not.
  if (!plaintiff && (breakingStop === 'in re' || breakingStop === 're' || breakingStop === 'parte')) {
    const bare = bareStart(text, breakingStart, breakingEnd);
    const stopWord = text.slice(bare, bareEnd(text, bare, breakingEnd));
    const prefix = breakingStop === 'parte' && /Ex ?$/i.test(text.slice(Math.max(0, breakingStart - 3), breakingStart)) ? `Ex ${stopWord}` : stopWord;
    caseName = `${prefix} ${defendant}`;
  }
  return { caseName, plaintiff, defendant, start: from, year: preCiteYear, court: preCiteCourt };
}

/** Whether eyecite's bareWord of the word [from, to) is `literal`, case and all. */
function bareIsExactly(text: string, from: number, to: number, literal: string): boolean {
  const a = bareStart(text, from, to);
  return isText(text, a, bareEnd(text, a, to), literal);
}

/**
 * `${plaintiff} v. ${defendant}`, or the beginning of the name [from, to) as written when it
 * reads so, as most names are written: the name is then a piece of the text, not a string
 * built of three, which a lookup by it in resolve.ts would first copy into one. (When both
 * parties were read in place, their offsets tell it without comparing strings.)
 */
function versusName(text: string, from: number, to: number, plaintiff: string, defendant: string): string {
  if (PLAINTIFF.built === null && DEFENDANT.built === null && PLAINTIFF.start === from && DEFENDANT.start === PLAINTIFF.end + 4 && DEFENDANT.end <= to && isVersusAt(text, PLAINTIFF.end)) return text.slice(from, DEFENDANT.end);
  const p = from + plaintiff.length;
  const end = p + 4 + defendant.length;
  if (end <= to && text.startsWith(plaintiff, from) && isVersusAt(text, p) && text.startsWith(defendant, p + 4)) return text.slice(from, end);
  return `${plaintiff} v. ${defendant}`;
}

/** Whether `text` reads ` v. ` at `p` (a character at a time: a call of startsWith costs more than the four compares). */
function isVersusAt(text: string, p: number): boolean {
  return text.charCodeAt(p) === SPACE && text.charCodeAt(p + 1) === 118 /* v */ && text.charCodeAt(p + 2) === PERIOD && text.charCodeAt(p + 3) === SPACE;
}
