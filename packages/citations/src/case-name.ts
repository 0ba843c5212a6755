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
 */
import { isDigitCode, isLetterCode, isTrimmedCode } from './chars';
import { parseCourtParenthetical } from './courts';
import { isAbbreviation } from './names';
import { lastWhere } from './last-where';
import { doubledInt32, doubledUint8 } from './grow';

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

type ItemKind = 'space' | 'word' | 'cite' | 'supra' | 'stop';
interface Item {
  kind: ItemKind;
  start: number;
  end: number;
  text: string;
  /** Stop words: the word, lowercased without punctuation (`v`, `see`, `in re`). */
  stop?: string;
}

const BACKWARD_SEEK = 28;
const SPACE = 32;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const PERIOD = 46;
const DASH = 45;
const UNDERSCORE = 95;
const SEMICOLON = 59;
const QUOTE = 34;
const CLOSING_QUOTE = 0x201d;

/** `w.trim() !== ''`, without making the trimmed string for an ordinary word. */
function hasNonSpace(w: string): boolean {
  const c = w.charCodeAt(0);
  return (c > 32 && c < 0x80) || w.trim() !== '';
}

const STOP_WORDS = new Set(['v', 'in re', 're', 'quoting', 'e.g.', 'parte', 'denied', 'citing', "aff'd", 'affirmed', 'remanded', 'see also', 'see', 'granted', 'dismissed', 'cf']);
const bareWord = (w: string) => w.replace(/^[^\sa-zA-Z0-9]+|[^\sa-zA-Z0-9]+$/g, '');
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** The characters bareWord keeps at a word's ends: letters, digits and whitespace (`\s`). */
const keptByBareWord = (c: number) => isWordChar(c) || ((c <= 32 || c >= 0xa0) && /\s/.test(String.fromCharCode(c)));
// First letters of the stop words (either case), to turn most words away without a regex.
const STOP_FIRST = new Uint8Array(128);
for (const c of 'virqepdcasgVIRQEPDCASG') STOP_FIRST[c.charCodeAt(0)] = 1;
// The longest one-word stop word (`dismissed`); `in re` and `see also` are read as two words.
const LONGEST_STOP_WORD = 9;
export function stopWordOf(word: string): string | null {
  if (word.length > 12) return null;
  // The word without the punctuation around it (bareWord), by index: it is made into a
  // lowercase string only when it is short enough and begins like a stop word, since this
  // runs for every word before every citation.
  let a = 0;
  while (a < word.length && !keptByBareWord(word.charCodeAt(a))) a++;
  if (STOP_FIRST[word.charCodeAt(a)] !== 1) return null;
  let b = word.length;
  while (b > a && !keptByBareWord(word.charCodeAt(b - 1))) b--;
  const length = b - a;
  if (length > LONGEST_STOP_WORD) return null;
  // Compared in place, lowercased a character at a time, not made into a string: this runs
  // for most words read before a citation (their first letters are common ones).
  const sameLength = STOP_BY_LENGTH[length];
  if (sameLength) for (let k = 0; k < sameLength.length; k++) if (equalsLowercased(word, a, sameLength[k])) return sameLength[k];
  // eyecite's `e.g.` is a pattern in which each `.` is any character but a line break.
  if ((length === 3 || length === 4) && (word.charCodeAt(a) | 32) === 101 /* e */ && (word.charCodeAt(a + 2) | 32) === 103 /* g */ && !isLineTerminator(word.charCodeAt(a + 1)) && (length === 3 || !isLineTerminator(word.charCodeAt(a + 3)))) return 'e.g.';
  return null;
}

// The one-word stop words by length (`in re` and `see also` are read as two words).
const STOP_BY_LENGTH: string[][] = [];
for (const w of STOP_WORDS) if (!w.includes(' ')) (STOP_BY_LENGTH[w.length] ??= []).push(w);

/**
 * Whether `word` from `a` reads `stop` (lowercase ASCII) when lowercased, as
 * `word.slice(a, a + stop.length).toLowerCase() === stop`: only ASCII capitals lowercase to
 * ASCII letters that a stop word holds (the Kelvin sign's `k` is in none).
 */
function equalsLowercased(word: string, a: number, stop: string): boolean {
  for (let k = 0; k < stop.length; k++) {
    let c = word.charCodeAt(a + k);
    if (c >= 65 && c <= 90) c |= 32;
    if (c !== stop.charCodeAt(k)) return false;
  }
  return true;
}

/** What the regex `.` does not match: the line terminators. */
const isLineTerminator = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** `also` with only punctuation around it (the second word of `see also`). */
function mayBeAlso(word: string): boolean {
  if (word.length < 4) return false;
  // Its first letter must be an `a` (most words are turned away here, without the regex).
  let a = 0;
  while (a < word.length && !isLetterCode(word.charCodeAt(a))) a++;
  return (word.charCodeAt(a) | 32) === 97 && /^[^A-Za-z]*also[^A-Za-z]*$/i.test(word);
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
    return lastWhere(this.count, (k) => this.ends[k] <= p);
  }
}

/**
 * The items before a citation, read backwards on demand (most names end within a few words,
 * and a brief has thousands of citations). Item -1 is the one just before the citation,
 * -2 the one before it, and so on, as far back as BACKWARD_SEEK items or the text's start.
 *
 * One reader serves every walk, and its items are the same BACKWARD_SEEK objects, filled anew
 * by each walk: no item outlives the walk that reads it, and allocating a dozen objects per
 * citation was a good part of what the young-generation collector copied on dense text.
 */
class ItemsBefore {
  private readonly items: Item[] = Array.from({ length: BACKWARD_SEEK }, () => ({ kind: 'space' as ItemKind, start: 0, end: 0, text: ' ', stop: undefined as string | undefined }));
  private count = 0;
  private p = 0;
  private text = '';
  /** The last anchor ending at or before `p` (the walk only moves back, and so does this). */
  private anchor = -1;
  private index: AnchorIndex | null = null;
  private ends: Int32Array = new Int32Array(0);

  /** Lets go of the text and what was read of it, so that no document outlives its reading. */
  release(): void {
    for (let k = 0; k < this.count; k++) this.items[k].text = ' ';
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
    this.ends = index.ends;
    return this;
  }

  /** The last anchor ending at or before `q`, from anchor `k` (at or after it) back. */
  private lastEndingBy(q: number, k: number): number {
    while (k >= 0 && this.ends[k] > q) k--;
    return k;
  }

  /** Item `index` (negative), or undefined past the start of the text or the window. */
  at(index: number): Item | undefined {
    const k = -index - 1;
    while (this.count <= k && this.produce());
    return k < this.count ? this.items[k] : undefined;
  }

  /** The text from item `from` to item `to` (exclusive), or '' when there is none. */
  textOf(from: number, to: number): string {
    const first = this.at(from);
    const last = this.at(to - 1);
    return from < to && first && last ? this.text.slice(first.start, last.end) : '';
  }

  /** Whether item `index` is the text's very first. */
  isTextStart(index: number): boolean {
    return this.at(index) !== undefined && -index === this.count && this.p === 0;
  }

  /** Fills the next item. */
  private push(kind: ItemKind, start: number, end: number, text: string, stop: string | undefined): void {
    const item = this.items[this.count++];
    item.kind = kind;
    item.start = start;
    item.end = end;
    item.text = text;
    item.stop = stop;
  }

  private produce(): boolean {
    const { text, ends } = this;
    const p = this.p;
    if (p <= 0 || this.count >= BACKWARD_SEEK) return false;
    if (text.charCodeAt(p - 1) === SPACE) {
      let s = p - 1;
      while (s > 0 && text.charCodeAt(s - 1) === SPACE) s--;
      this.push('space', s, p, ' ', undefined);
      this.p = s;
      return true;
    }
    // Every later question is about a position before p: the cursor may move back to it.
    const k = (this.anchor = this.lastEndingBy(p, this.anchor));
    const index = this.index as AnchorIndex;
    const anchorStart = k >= 0 && ends[k] === p ? index.starts[k] : p;
    if (anchorStart < p) {
      const anchorKind = index.kinds[k];
      const kind = anchorKind === ANCHOR_ID ? 'stop' : anchorKind === ANCHOR_SUPRA ? 'supra' : 'cite';
      this.push(kind, anchorStart, p, text.slice(anchorStart, p), anchorKind === ANCHOR_ID ? 'id' : undefined);
      this.p = anchorStart;
      return true;
    }
    let s = p - 1;
    while (s > 0 && text.charCodeAt(s - 1) !== SPACE) s--;
    // A citation may end inside the run (`1 U.S. 2.` ends at the `2`): the word starts there.
    const inside = this.lastEndingBy(p - 1, k);
    if (inside >= 0 && ends[inside] > s) s = ends[inside];
    const word = text.slice(s, p);
    const stop = stopWordOf(word);
    this.p = s;
    // Two-word stop words, `In re` and `see also`, are one item.
    if ((stop === 're' || mayBeAlso(word)) && s > 1 && text.charCodeAt(s - 1) === SPACE) {
      let f = s - 1;
      while (f > 0 && text.charCodeAt(f - 1) !== SPACE) f--;
      const first = text.slice(f, s - 1);
      const pair = `${bareWord(first).toLowerCase()} ${bareWord(word).toLowerCase()}`;
      const before = this.lastEndingBy(s - 1, k);
      if ((pair === 'in re' || pair === 'see also') && !(before >= 0 && ends[before] === s - 1)) {
        this.push('stop', f, p, `${first} ${word}`, pair);
        this.p = f;
        return true;
      }
    }
    this.push(stop ? 'stop' : 'word', s, p, word, stop ?? undefined);
    return true;
  }
}
/** The one reader of items (see ItemsBefore); walks never overlap. */
const READER = new ItemsBefore();

/** `/[)\d]\.$/.test(w)` for a word ending in a period: `(1993).`, `2.` */
function endsCloseOrDigitPeriod(w: string): boolean {
  const c = w.charCodeAt(w.length - 2);
  return c === CLOSE_PAREN || isDigitCode(c);
}

const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isDigit = (c: string) => c >= '0' && c <= '9';
const isLowerAlpha = (c: string) => c >= 'a' && c <= 'z';
const isAlpha = (c: string) => isUpper(c) || isLowerAlpha(c);

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

const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** What may be white space (`\s`): a space or control character, or anything beyond ASCII. */
const maybeSpace = (c: number) => c <= 32 || c >= 0x80;
// The stop words of STOP_WORD_PATTERN but `v` and `e.g.`, read in any case (the lowercase `v`
// and eyecite's `e.g.` are read apart).
const STOP_LITERALS = ['in re', 're', 'quoting', 'parte', 'denied', 'citing', "aff'd", 'affirmed', 'remanded', 'see also', 'see', 'granted', 'dismissed', 'cf'];

/** Whether `s` holds `literal` (lowercase) at `p`, in any case: ASCII letters only fold. */
function holdsFolded(s: string, p: number, literal: string): boolean {
  if (p + literal.length > s.length) return false;
  for (let k = 0; k < literal.length; k++) {
    let c = s.charCodeAt(p + k);
    if (c >= 65 && c <= 90) c |= 32;
    if (c !== literal.charCodeAt(k)) return false;
  }
  return true;
}

/** Whether a match of STOP_WORDS_CASED or STOP_WORDS_ANY_CASE may end with punctuation from `k` (then white space or the end). */
function endsStopWord(s: string, k: number): boolean {
  let q = k;
  while (q < s.length && !isAsciiAlnum(s.charCodeAt(q)) && !maybeSpace(s.charCodeAt(q))) q++;
  return q === s.length || maybeSpace(s.charCodeAt(q));
}

/** Whether a stop word of STOP_WORDS_CASED or STOP_WORDS_ANY_CASE begins at `p` and may end a match. */
function stopWordAt(s: string, p: number): boolean {
  const c = s.charCodeAt(p);
  if (STOP_FIRST[c] !== 1) return false;
  if (c === 118 /* v */ && endsStopWord(s, p + 1)) return true;
  // `e.g.`: each `.` any character but a line break.
  if ((c | 32) === 101 && p + 4 <= s.length && (s.charCodeAt(p + 2) | 32) === 103 && !isLineTerminator(s.charCodeAt(p + 1)) && !isLineTerminator(s.charCodeAt(p + 3)) && endsStopWord(s, p + 4)) return true;
  for (const literal of STOP_LITERALS) if (holdsFolded(s, p, literal) && endsStopWord(s, p + literal.length)) return true;
  return false;
}

/**
 * Whether STOP_WORDS_CASED or STOP_WORDS_ANY_CASE may match in `s`. Asked before they are run
 * (twice for every party of every name read), since most names hold no stop word: a "no" is
 * certain, a "yes" may be wrong (the regexes are run then). A match begins after white space
 * or at the start, with a stop word after any punctuation, and ends before white space or at
 * the end, after any punctuation; here any character that may be white space counts as one.
 */
export function mayHoldStopWord(s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    if (i > 0 && !maybeSpace(s.charCodeAt(i - 1))) continue;
    let j = i;
    while (j < n && !isAsciiAlnum(s.charCodeAt(j))) j++;
    if (j < n && stopWordAt(s, j)) return true;
  }
  return false;
}

/** A party name without signals and stop words, `In`, outer parentheses and edge commas. */
export function stripStopWords(name: string): string {
  // Without a stop word (the usual name), the regexes would change nothing; a `;` keeps them
  // in (what follows it is read alone, and may begin with one).
  if (!mayHoldStopWord(name) && !name.includes(';')) return stripAround(name);
  let text = name.replace(STOP_WORDS_CASED, ' ');
  // (Each regex below is asked only when the character it needs is there: most names have
  // none of them, and this runs for every party of every case named.)
  if ((text.charCodeAt(0) | 32) === 105 /* i */) text = text.replace(/^In\s+/i, '');
  text = text.trim();
  if (text.charCodeAt(0) === OPEN_PAREN) text = text.replace(/^\(+/, '');
  if (text.charCodeAt(text.length - 1) === CLOSE_PAREN) text = text.replace(/\)+$/, '');
  if (text.includes(';')) text = text.split(';')[1];
  return trimChars(trimChars(text, ', ').replace(STOP_WORDS_ANY_CASE, ''), ', ').trim();
}

/** stripStopWords of a name in which the stop-word regexes match nothing and that has no `;`. */
function stripAround(name: string): string {
  let text = name;
  if ((text.charCodeAt(0) | 32) === 105 /* i */) text = text.replace(/^In\s+/i, '');
  text = text.trim();
  if (text.charCodeAt(0) === OPEN_PAREN) text = text.replace(/^\(+/, '');
  if (text.charCodeAt(text.length - 1) === CLOSE_PAREN) text = text.replace(/\)+$/, '');
  return trimChars(trimChars(text, ', '), ', ').trim();
}

interface Parties {
  plaintiff: string | null;
  /** '' when nothing is left of the name. */
  defendant: string;
}

/** A space, a control character or anything beyond ASCII: what may be white space (`\s`). */
const maySpace = (c: number) => c === SPACE || (c >= 9 && c <= 13) || c >= 0x80;

/** `s.replace(/\s{2,}/g, ' ')`, the regex asked only when `s` may hold two white-space characters in a row. */
function squeezeSpaces(s: string): string {
  for (let k = 1; k < s.length; k++) if (maySpace(s.charCodeAt(k)) && maySpace(s.charCodeAt(k - 1))) return s.replace(/\s{2,}/g, ' ');
  return s;
}

/**
 * Where the first match of `/\s+v\.?\s+/` (`letter`: `v`, or `V` for `/\s+V\.?\s+/`) in `s`
 * begins, or -1: the run of white space before the first such letter that has one before it
 * and, after it and a period if any, white space again.
 */
export function versusIn(s: string, letter: number): number {
  for (let k = s.indexOf(String.fromCharCode(letter), 1); k > 0; k = s.indexOf(String.fromCharCode(letter), k + 1)) {
    if (!isTrimmedCode(s.charCodeAt(k - 1))) continue;
    const after = s.charCodeAt(k + 1) === PERIOD ? k + 2 : k + 1;
    if (!isTrimmedCode(s.charCodeAt(after))) continue;
    let start = k - 1;
    while (start > 0 && isTrimmedCode(s.charCodeAt(start - 1))) start--;
    return start;
  }
  return -1;
}

/** The end of the match of versusIn that begins at `at`. */
export function versusEnd(s: string, at: number): number {
  let k = at;
  while (isTrimmedCode(s.charCodeAt(k))) k++;
  k++;
  if (s.charCodeAt(k) === PERIOD) k++;
  while (isTrimmedCode(s.charCodeAt(k))) k++;
  return k;
}

/**
 * `${plaintiff} v. ${defendant}`, or the beginning of `candidate` (the text the name was read
 * from, which may go on with a comma) when it reads so, as most names are written: the name
 * is then a piece of the text, not a string built of three, which a lookup by it in
 * resolve.ts would first copy into one.
 */
function versusName(candidate: string, plaintiff: string, defendant: string): string {
  const p = plaintiff.length;
  const n = p + 4 + defendant.length;
  if (candidate.length >= n && candidate.startsWith(plaintiff) && candidate.startsWith(' v. ', p) && candidate.startsWith(defendant, p + 4)) return candidate.length === n ? candidate : candidate.slice(0, n);
  return `${plaintiff} v. ${defendant}`;
}

/** The parties of a name read back from a citation (`versus`: it has a `v.`). */
function readParties(candidate: string, versus: boolean): Parties {
  let plaintiff: string | null = null;
  let defendant: string;
  if (versus) {
    // The name's `v.`; a capital one only in a name written in capitals (`SMITH V. JONES`).
    let at = versusIn(candidate, 118 /* v */);
    if (at < 0) at = versusIn(candidate, 86 /* V */);
    let rawPlaintiff = '';
    if (at >= 0) {
      rawPlaintiff = candidate.slice(0, at);
      defendant = candidate.slice(versusEnd(candidate, at));
    } else defendant = candidate;
    rawPlaintiff = trimChars(rawPlaintiff, ' \t\n,(');
    // Lowercase words before the plaintiff's first capital are prose (`and Foo v. Bar`);
    // inside the name they are part of it (`Estate of Durden`).
    const first = rawPlaintiff.charCodeAt(0);
    if (first >= 97 && first <= 122) rawPlaintiff = rawPlaintiff.replace(/^(?:[a-z]\S*\s+)+/, '');
    plaintiff = partyOf(rawPlaintiff) || null;
  } else defendant = candidate;
  return { plaintiff, defendant: partyOf(defendant) };
}

/** `squeezeSpaces(stripStopWords(name))`. */
function partyOf(name: string): string {
  return plainParty(name) ? name : squeezeSpaces(stripStopWords(name));
}

/**
 * Whether stripStopWords and squeezeSpaces leave `name` as it is, as they do most names
 * (`Bell Atlantic Corp.`): ASCII, words parted by single spaces, nothing they remove at its
 * ends (`In `, parentheses, commas, spaces), no `;` and no stop word. One pass over it, where
 * the two read it five times.
 */
export function plainParty(name: string): boolean {
  const n = name.length;
  if (n === 0) return false;
  const first = name.charCodeAt(0);
  const last = name.charCodeAt(n - 1);
  if ((first | 32) === 105 /* I or i */ || first === OPEN_PAREN || first === COMMA || last === CLOSE_PAREN || last === COMMA || first === SPACE || last === SPACE) return false;
  for (let k = 0; k < n; k++) {
    const c = name.charCodeAt(k);
    if (c >= 128 || c < 32 || c === SEMICOLON) return false;
    if (c === SPACE && name.charCodeAt(k - 1) === SPACE) return false;
  }
  return !mayHoldStopWord(name);
}
const COMMA = 44;

/**
 * Lowercase words a plaintiff's name may hold (`Estate of Durden`, `United States ex rel.
 * Russo`); any other lowercase word before the `v.` is prose and ends the name.
 */
const NAME_LOWERCASE = new Set(['of', 'the', 'an', 'and', 'ex', 'rel.', 'rel']);

/**
 * Whether `w` is a `for` inside a party's name (`Dist. Att'y for Suffolk Dist.`, `Council for
 * Indep. Living, Inc.`): followed by a capitalised word. (eyecite lets only `of`, `the`, `an`
 * and `and` through, and so gave `Suffolk Dist.` as the defendant.)
 */
function forInName(w: string, after: string): boolean {
  return w === 'for' && after.length > 0 && isUpper(after[0]);
}

/** Words that open a citation sentence and never begin a party's name (nameBefore). */
const OPENING_SIGNALS = ['Also', 'Accord', 'Compare'];

/** Whether `w` is one of OPENING_SIGNALS as written (a capital first: a sentence's first word). */
function isOpeningSignal(w: string): boolean {
  const c = w.charCodeAt(0);
  if (c !== 65 /* A */ && c !== 67 /* C */) return false;
  return OPENING_SIGNALS.includes(w);
}

/** A company's suffix (`Co.`, `Inc.`), lowercased as written: never the first word of a sentence. */
const COMPANY_SUFFIXES = new Set(['co.', 'co.,', 'cos.', 'cos.,', 'inc.', 'inc.,', 'corp.', 'corp.,', 'ltd.', 'ltd.,', 'llc', 'llc,', 'l.l.c.', 'l.l.c.,', 'bros.', 'bros.,']);

/**
 * Whether the items before item `index` hold a lowercase `v.` (or `vs.`) before anything that
 * ends a name: then a capital `V.` at `index` is a middle initial.
 */
function versusBefore(words: ItemsBefore, index: number): boolean {
  for (let k = index - 1; k >= -BACKWARD_SEEK; k--) {
    const item = words.at(k);
    if (!item || item.kind === 'cite') return false;
    if (item.kind === 'space') continue;
    const t = item.text;
    const last = t.charCodeAt(t.length - 1);
    if (last === SEMICOLON || last === CLOSING_QUOTE || last === QUOTE || (last === PERIOD && t.length > 1 && endsCloseOrDigitPeriod(t))) return false;
    if (item.kind === 'stop') return item.stop === 'v' && t.charCodeAt(0) === 118 /* v */;
  }
  return false;
}

/**
 * The court parenthetical whose last word is item `index` (`(S.D.N.Y.` … `1973)`), read back at
 * most six words: its first item's index, year and court; null when it is not one.
 */
function courtBefore(words: ItemsBefore, index: number): { index: number; year: number; court: string | null } | null {
  for (let k = index; k >= index - 12; k--) {
    const item = words.at(k);
    if (!item || item.kind === 'cite' || item.kind === 'stop') return null;
    if (item.text.charCodeAt(0) !== OPEN_PAREN) continue;
    const inner = words.textOf(k, index + 1).slice(1, -1);
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
  const C = 0;

  let vToken: Item | null = null;
  let startIndex: number | null = null;
  let candidate: string | null = null;
  let preCiteYear: number | null = null;
  let preCiteCourt: string | null = null;
  // Words read so far (items other than spaces and commas), and the last of them.
  let wordsSeen = 0;
  let previousWord = '';
  let titleStart = C - 1;
  let caseNameLength = 0;
  let plaintiffLength = 0;
  let breakingStop: Item | null = null;

  for (let index = C - 1; index >= -BACKWARD_SEEK; index--) {
    const word = words.at(index);
    if (!word) break;
    const w = word.text;
    if (w === ',') continue;
    caseNameLength++;
    if (vToken && hasNonSpace(w)) plaintiffLength++;
    if (word.kind === 'cite') {
      titleStart = index - 1;
      continue;
    }
    if (word.kind === 'space') {
      if (words.isTextStart(index)) candidate = words.textOf(index, titleStart);
      continue;
    }
    const firstWord = wordsSeen++ === 0;
    // The word after this one (read just before it, walking back).
    const afterWord = previousWord;
    previousWord = w;
    const first = w.charCodeAt(0);
    const last = w.charCodeAt(w.length - 1);
    if (last === SEMICOLON || last === CLOSING_QUOTE || last === QUOTE) {
      startIndex = index + 2;
      candidate = words.textOf(startIndex, titleStart);
      break;
    }
    // A year before the citation, `Moriana (2022) 213 L. Ed. 2d 179`; `(1993).`, or the period
    // after a citation, instead ends the previous sentence (`... 509 U.S. 579 (1993). Twombly,
    // 550 U.S. at 556`, `Wrong v. Wrong, 1 U.S. 2. Foo, 1 U.S., at 2`).
    // (The regexes here run for every word of every name: each is asked only when the word's
    // first or last character allows a match.)
    if (w === '.' || (first === OPEN_PAREN && /^\(\d{4}\)[.;]$/.test(w)) || (last === PERIOD && index < C - 1 && endsCloseOrDigitPeriod(w))) {
      startIndex = index + 2;
      candidate = words.textOf(startIndex, titleStart);
      break;
    }
    const year = first === OPEN_PAREN ? /^\((\d{4})\)/.exec(w) : null;
    if (year && vToken) {
      // After the `v.`, a year closes an earlier citation (`Alford v. Washington, 238 N.C. 694,
      // 78 S.E.2d 915 (1953) and Shapiro v. Toyota Motor Co., 38 N.C.App. 658`): the plaintiff
      // begins after it, at its first capitalised word. (Read as a year written before the
      // citation, it let the walk run on into the earlier case's name.)
      startIndex = index + 2;
      while (startIndex + 2 < -1 && isLowerAlpha((words.at(startIndex) as Item).text[0] ?? '')) startIndex += 2;
      candidate = words.textOf(startIndex, titleStart);
      break;
    }
    if (year) {
      titleStart = index - 1;
      preCiteYear = Number(year[1]);
      continue;
    }
    // A court and year before the citation, as California writes them (`Grant v. Esquire,
    // Inc. (S.D.N.Y. 1973) 367 F. Supp. 876`): passed over, their year and court kept.
    if (last === CLOSE_PAREN && first !== OPEN_PAREN && preCiteYear === null && firstWord) {
      const open = courtBefore(words, index);
      if (open !== null) {
        titleStart = open.index - 1;
        preCiteYear = open.year;
        preCiteCourt = open.court;
        index = open.index;
        continue;
      }
    }
    if (first === OPEN_PAREN && caseNameLength > 3) {
      startIndex = w === '(' || (w.length > 1 && isLowerAlpha(w[1])) ? index + 2 : index;
      candidate = words.textOf(startIndex, titleStart);
      break;
    }
    const initial = w[0];
    // After `v.`, a lowercase word ends the plaintiff (`bob Lissner v. Test`); numbers and
    // `&` belong to names (`Kedzie & 103rd Currency Exchange`, `Local 214 Pension Fund`).
    if (vToken && !isUpper(initial) && !isDigit(initial) && initial !== '&' && !NAME_LOWERCASE.has(w) && !forInName(w, afterWord)) {
      startIndex = index + 2;
      // A `for` read into the name (`ruled for Smith v. Jones`) does not begin it.
      if (words.at(startIndex)?.text === 'for' && startIndex + 2 < -1) startIndex += 2;
      candidate = words.textOf(startIndex, titleStart).replace(/^(?:of|the|an|and)\s+/, '');
      break;
    }
    // A blank citation (`— U.S. —`, `___ Nev. ___`): pass over it like a citation.
    if ((first === UNDERSCORE || first === DASH) && /^[_-]+,?$/.test(w)) {
      let open = index - 1;
      while (words.at(open) && index - open <= 8 && !/^[_-]+$/.test((words.at(open) as Item).text)) open--;
      if (words.at(open) && index - open <= 8) index = open;
      titleStart = index - 1;
      continue;
    }
    // A capital `V.` after a first name is a middle initial when the name's `v.` comes
    // before it (`Rollin v. William V. Frankel & Co.`); alone, it is the `v.` of a name in
    // capitals (`SMITH V. JONES`).
    if (word.kind === 'stop' && word.stop === 'v' && initial === 'V' && !vToken && versusBefore(words, index)) continue;
    if (word.kind === 'stop' && word.stop === 'v' && (w === 'v.' || bareWord(w) === 'v' || initial === 'V')) {
      vToken = word;
      startIndex = index - 2;
      candidate = words.textOf(startIndex, titleStart);
      continue;
    }
    // A capitalised word ending in a period after two plaintiff words ends a sentence
    // (`... Stats. Amick v. ...`), unless it is an abbreviation names use (`Coll.`, `U.S.A.`)
    // or the word after it is a company's suffix, which never begins a sentence
    // (`Loup-Miller Const. Co. v. ...`).
    if ((vToken && isUpper(initial) && w.length > 4 && w.endsWith('.') && plaintiffLength > 1 && !isAbbreviation(w) && !COMPANY_SUFFIXES.has(afterWord.toLowerCase())) || word.kind === 'stop') {
      startIndex = index + 2;
      candidate = words.textOf(startIndex, titleStart);
      if (word.kind === 'stop') breakingStop = word;
      break;
    }
    if (!vToken && !isUpper(initial) && isAlpha(initial) && !['of', 'the', 'an', 'and'].includes(w) && !forInName(w, afterWord)) {
      if (w === 'ex' || w === 'rel.') continue;
      startIndex = index + 2;
      candidate = words.textOf(startIndex, titleStart);
      const capital = /\b[A-Z][a-zA-Z0-9]*\b/.exec(candidate);
      candidate = capital ? candidate.slice(capital.index) : null;
      if (capital) {
        // The name now starts at that capital: find its item.
        const at = (words.at(startIndex) as Item).start + capital.index;
        while (startIndex < -1 && (words.at(startIndex) as Item).end <= at) startIndex++;
      }
      break;
    }
    if (word.kind === 'supra') {
      titleStart = index - 1;
      continue;
    }
    if (words.isTextStart(index)) {
      startIndex = index;
      candidate = words.textOf(index, titleStart).replace(/^(?:of|the|an|and)\b/i, '');
      if (/\b\d+\b$/.test(candidate)) candidate = null;
    }
  }
  if (!candidate) return null;
  // A signal or adverb that opens the sentence is not the plaintiff's first word (`Also
  // Commonwealth v. Diatchenko`, `Accord Wiggins v. United States`): eyecite's stop words
  // have `see also` and `see`, not these alone. (`Also Corp. v. Smith` is a company's name.)
  if (vToken !== null && startIndex !== null) {
    const opening = words.at(startIndex);
    const next = words.at(startIndex + 2);
    if (opening && next && startIndex + 2 < -1 && words.at(startIndex + 1)?.kind === 'space' && next.kind === 'word' && isOpeningSignal(opening.text) && candidate.startsWith(opening.text) && isUpper(next.text[0]) && !COMPANY_SUFFIXES.has(next.text.toLowerCase())) {
      startIndex += 2;
      candidate = candidate.slice(next.start - opening.start);
    }
  }
  const { plaintiff, defendant: cleanDefendant } = readParties(candidate, vToken !== null);
  if (!cleanDefendant) return null;

  const from = startIndex !== null ? (words.at(startIndex)?.start ?? citationStart) : citationStart;
  if (short) return { caseName: cleanDefendant, plaintiff: null, defendant: null, start: from, year: preCiteYear, court: preCiteCourt };
  let caseName = plaintiff ? versusName(candidate, plaintiff, cleanDefendant) : cleanDefendant;
  // `In re Foo`, `Ex parte Young`: the name keeps its prefix, the defendant does not.
  if (!plaintiff && breakingStop && (breakingStop.stop === 'in re' || breakingStop.stop === 're' || breakingStop.stop === 'parte')) {
    const before = text.slice(Math.max(0, breakingStop.start - 3), breakingStop.start);
    const prefix = breakingStop.stop === 'parte' && /Ex ?$/i.test(before) ? `Ex ${bareWord(breakingStop.text)}` : bareWord(breakingStop.text);
    caseName = `${prefix} ${cleanDefendant}`;
  }
  return { caseName, plaintiff, defendant: cleanDefendant, start: from, year: preCiteYear, court: preCiteCourt };
}
