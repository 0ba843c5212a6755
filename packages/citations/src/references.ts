/**
 * Reference citations: a party's name and a pin after the case was cited in full (`Foo v.
 * Bar, 1 U.S. 12 ... In Foo at 62, the Court ...`, `Angelopoulos p. *4`). They point into
 * the case like a short form, so they take its verdict; eyecite calls them references.
 *
 * One pass over the text: every `at <pin>` (or `p. *4`, `¶ 12`) is a candidate, and the
 * words before it are compared with the names of the cases cited in full before it. Names
 * too common to mean one case (`State`, `United States`, `People`) never count.
 */
import { isLetterCode } from './chars';
import { blankCitation } from './find';
import { PIN_LIST } from './pins';
import { lastWhere } from './last-where';
import { doubledInt32 } from './grow';
import type { WordStarts } from './clean';
import type { Citation } from './types';

/** A letter or apostrophe: the characters of the last word of a name (`[A-Za-z']`). */
const isNameChar = (c: number) => isLetterCode(c) || c === 39;

/** The length and first character of the word of `s` from `from` to its end, as one number. */
const shapeOf = (s: string, from: number) => ((s.length - from) << 16) | s.charCodeAt(from);

const COMMON_NAMES = new Set(['state', 'united states', 'united states of america', 'people', 'commonwealth', 'mass', 'commissioner', 'u.s.', 'government']);
// Their lengths and first letters, as capitals (a usable name begins with one; shapeOf): most
// names differ from all of them in one or the other, and are not lowercased to be looked up.
const COMMON_SHAPES = new Set([...COMMON_NAMES].map((name) => shapeOf(name.toUpperCase(), 0)));

const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);


/** Whether `c` is a full case citation with a party: what a reference can name. */
const namesParties = (c: Citation) => c.type === 'case' && c.form === 'full' && Boolean(c.plaintiff || c.defendant);

/** eyecite's test for a name that can stand for its case on its own. */
function usableName(name: string | null): name is string {
  if (name === null || name.length <= 2) return false;
  const first = name.charCodeAt(0);
  if (!(first >= 65 && first <= 90) || name.endsWith('.')) return false;
  return !(COMMON_SHAPES.has(shapeOf(name, 0)) && COMMON_NAMES.has(name.toLowerCase()));
}

// What follows a name in a reference: `at 62`, `at p. *4`, `p. *4`, `¶ 12` (one scan of the
// text finds every such place; the name before it is checked only there).
const AFTER_NAME = /^(?:,? {0,2})?(?:at {1,3}(?:pp?\. {0,2})?\*?\d|pp?\. {0,2}\*?\d|¶{1,2} {0,2}\d)/;
const MARKER = / (?:at {1,3}(?:pp?\. {0,2})?|pp?\. {0,2}|¶{1,2} {0,2})\*?\d/g;

/**
 * The first characters of the words a marker ends with (for cleanTextAndFindWords): every
 * marker ends with a digit that begins a word, and the marker is read back from there.
 * (Listing the `at` and `p` words the markers begin with too made the cleaning pass list
 * every `a`, `and`, `as`, `p`... of a text too: 140,000 words instead of 99,000 in the
 * corpus of real opinions.)
 */
export const MARKER_FIRST_CHARS = '0123456789';

/**
 * Every place a marker (a match of MARKER) may begin, whether or not an earlier marker
 * covers it: the offset of its space and where the match from there ends, in order. The
 * tokenizer fills it as it reads the word starts of a text (MarkerCandidates.addAt), so that
 * finding references does not read the text a second time.
 */
export class MarkerCandidates {
  spaces = new Int32Array(256);
  ends = new Int32Array(256);
  count = 0;
  /** Set once every word of the text was offered (until then the list may lack markers). */
  complete = false;

  /**
   * The candidates that end with the digit at `s`, the first of a word, in order. Between
   * a marker's space and its `\*?\d` stand only `at`, `p.`, `pp.`, `¶` and spaces, so the
   * places it may begin are read back from the digit, and each is kept when MARKER's match
   * from there ends at this digit.
   */
  addAt(text: string, s: number): void {
    const star = text.charCodeAt(s - 1) === ASTERISK ? s - 1 : s;
    // Up to three spaces before the star or digit; `e`: where what precedes them ends.
    let e = star;
    while (e > star - 3 && text.charCodeAt(e - 1) === SPACE) e--;
    const before = text.charCodeAt(e - 1);
    if (before === PERIOD) {
      // `p. 5`, `pp. 5`, and `at p. 5` (which begins earlier, so it comes first).
      if (text.charCodeAt(e - 2) !== LOWER_P) return;
      const page = text.charCodeAt(e - 3) === LOWER_P ? e - 3 : e - 2;
      let a = page;
      while (a > page - 3 && text.charCodeAt(a - 1) === SPACE) a--;
      if (a < page) this.addIfEndsAt(text, a - 3, s);
      this.addIfEndsAt(text, page - 1, s);
    } else if (before === LOWER_T) {
      // `at 5`
      this.addIfEndsAt(text, e - 3, s);
    } else if (before === PARAGRAPH) {
      // `¶ 5`, `¶¶ 5`
      this.addIfEndsAt(text, spaceBeforeParagraphSign(text, s), s);
    }
  }

  /** Adds the candidate at `space` when MARKER's match from it ends with the digit at `digit`. */
  private addIfEndsAt(text: string, space: number, digit: number): void {
    if (space < 0 || text.charCodeAt(space) !== SPACE || markerEnd(text, space) !== digit + 1) return;
    if (this.count === this.spaces.length) {
      this.spaces = doubledInt32(this.spaces);
      this.ends = doubledInt32(this.ends);
    }
    this.spaces[this.count] = space;
    this.ends[this.count] = digit + 1;
    this.count++;
  }
}

/** Whether MarkerCandidates.addAt has anything to look at for a word starting with `first`. */
export const mayBeMarkerWord = (first: number) => first >= DIGIT_0 && first <= DIGIT_9;

/**
 * Offsets of the space before each marker (MARKER's matches), in order, from `from`. With
 * `words`, the starts of the words of `text` that begin with one of MARKER_FIRST_CHARS (at
 * least those; found while cleaning it), the text is not scanned again; with `candidates`
 * (filled from those words by the tokenizer), not even those are read again.
 */
export function markerPositions(text: string, from: number, words: WordStarts | null = null, candidates: MarkerCandidates | null = null): number[] {
  const out: number[] = [];
  if (candidates && !candidates.complete) candidates = null;
  if (!words && !candidates) {
    MARKER.lastIndex = from;
    let m: RegExpExecArray | null;
    while ((m = MARKER.exec(text)) !== null) out.push(m.index);
    return out;
  }
  if (!candidates) {
    candidates = new MarkerCandidates();
    const { offsets, count } = words as WordStarts;
    for (let k = 0; k < count; k++) if (mayBeMarkerWord(text.charCodeAt(offsets[k]))) candidates.addAt(text, offsets[k]);
    candidates.complete = true;
  }
  // As the regex's global search: from `from`, and each search from where the last match ended.
  const { spaces, ends, count } = candidates;
  let searchFrom = from;
  for (let k = 0; k < count; k++) {
    if (spaces[k] < searchFrom) continue;
    out.push(spaces[k]);
    searchFrom = ends[k];
  }
  return out;
}

const SPACE = 32;
const ASTERISK = 42;
const PERIOD = 46;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const LOWER_A = 97;
const LOWER_P = 112;
const LOWER_T = 116;
const PARAGRAPH = 0xb6;

const isDigitAt = (text: string, p: number) => {
  const c = text.charCodeAt(p);
  return c >= DIGIT_0 && c <= DIGIT_9;
};
/** The end of a run of at most `max` characters `c` from `p` (its length is the end minus `p`). */
function runEnd(text: string, p: number, c: number, max: number): number {
  let q = p;
  while (q < p + max + 1 && text.charCodeAt(q) === c) q++;
  return q;
}

/** For a marker written `¶ 12` ending with the digit at `digit`: the space before its `¶`, else -1. */
function spaceBeforeParagraphSign(text: string, digit: number): number {
  let p = digit;
  if (text.charCodeAt(p - 1) === ASTERISK) p--;
  let spaces = 0;
  while (spaces < 3 && text.charCodeAt(p - 1) === SPACE) {
    p--;
    spaces++;
  }
  let signs = 0;
  while (signs < 3 && text.charCodeAt(p - 1) === PARAGRAPH) {
    p--;
    signs++;
  }
  return signs >= 1 && signs <= 2 && spaces <= 2 ? p - 1 : -1;
}

/** Where MARKER's match at `space` (sticky) ends, or -1 when there is none: the regex written out. */
function markerEnd(text: string, space: number): number {
  let q = space + 1;
  const c = text.charCodeAt(q);
  if (c === LOWER_A) {
    // `at {1,3}(?:pp?\. {0,2})?`
    if (text.charCodeAt(q + 1) !== LOWER_T) return -1;
    const spaces = runEnd(text, q + 2, SPACE, 3);
    if (spaces - (q + 2) < 1 || spaces - (q + 2) > 3) return -1;
    q = spaces;
    const page = pageAbbreviationEnd(text, q);
    if (page >= 0) q = page;
  } else if (c === LOWER_P) {
    // `pp?\. {0,2}`
    q = pageAbbreviationEnd(text, q);
    if (q < 0) return -1;
  } else if (c === PARAGRAPH) {
    // `¶{1,2} {0,2}`
    const signs = runEnd(text, q, PARAGRAPH, 2);
    if (signs - q > 2) return -1;
    const spaces = runEnd(text, signs, SPACE, 2);
    if (spaces - signs > 2) return -1;
    q = spaces;
  } else return -1;
  // `\*?\d`
  if (text.charCodeAt(q) === ASTERISK) q++;
  return isDigitAt(text, q) ? q + 1 : -1;
}

/**
 * The end of `p. ` or `pp. ` (`pp?\. {0,2}`) at `p` when a star or digit follows it (else
 * the optional group gives way, as in the regex), or -1.
 */
function pageAbbreviationEnd(text: string, p: number): number {
  if (text.charCodeAt(p) !== LOWER_P) return -1;
  let q = p + 1;
  if (text.charCodeAt(q) === LOWER_P) q++;
  if (text.charCodeAt(q) !== PERIOD) return -1;
  const spaces = runEnd(text, q + 1, SPACE, 2);
  if (spaces - (q + 1) > 2) return -1;
  return spaces;
}
const PIN_HERE = new RegExp(String.raw`,? {0,2}((?:at {1,3})?${PIN_LIST})`, 'y');

interface NameOf {
  name: string;
  field: 'plaintiff' | 'defendant';
  cite: Citation;
}

/**
 * Of the names listed (`byName`: each name's entries in citation order), the one of the latest
 * citation ending by `space` whose name is written just before `space`; of one citation's two
 * parties, the plaintiff. Each place a name could begin (a capital, as far back as a listed
 * name is long, `lengths`) is looked up once, and the latest citation of that name found by binary
 * search: the cost does not grow with the number of citations (a long document cites its cases
 * again and again; a text made to cite thousands would otherwise cost each marker a walk back
 * through all of them).
 */
function latestNamedBefore(clean: string, byName: Map<string, NameOf[]>, lengths: Uint8Array, space: number): NameOf | null {
  let hit: NameOf | null = null;
  const longest = lengths.length - 1;
  for (let p = Math.max(0, space - longest); p < space; p++) {
    if (p > 0 && isAsciiAlnum(clean.charCodeAt(p - 1))) continue;
    // Only a place where a name of that length, beginning with a capital (usableName), may begin is looked up.
    const first = clean.charCodeAt(p);
    if (!(first >= 65 && first <= 90) || lengths[space - p] === 0) continue;
    const entries = byName.get(clean.slice(p, space));
    if (!entries) continue;
    const k = lastWhere(entries.length, (i) => entries[i].cite.end <= space);
    if (k < 0) continue;
    const x = entries[k];
    if (!hit || x.cite.start > hit.cite.start || (x.cite === hit.cite && x.field === 'plaintiff')) hit = x;
  }
  return hit;
}

/**
 * Reference citations in `text` (cleaned), given the citations found in it (in order);
 * each comes back resolved to the full citation whose party it names.
 */
export function findReferences(original: string, clean: string, citations: Citation[], words: WordStarts | null = null, candidates: MarkerCandidates | null = null): Citation[] {
  // A reference follows the first full citation with a party. (The citations are read in one
  // loop, from there, not gathered first: on dense text, reading each citation object again
  // costs more than what is done with it, as they lie all over the heap.)
  let first = 0;
  while (first < citations.length && !namesParties(citations[first])) first++;
  if (first === citations.length) return [];
  // The markers with a word before them, the name's place (`space`: where it ends) and that
  // word, which a name must end with to be the reference's.
  const places: { space: number; lastWord: string }[] = [];
  const lastWords = new Set<string>();
  // Their lengths and first letters (shapeOf), so that most names are turned away without
  // making a string of their last word.
  const lastWordShapes = new Set<number>();
  // And their last letters (ASCII: a last word is made of `[A-Za-z']`), read before the shape:
  // one character of each name, where the shape needs its last word found.
  const lastWordEnds = new Uint8Array(128);
  for (const marker of markerPositions(clean, citations[first].end, words, candidates)) {
    // The name ends before the marker's space (and any comma before it: `Foo, at 62`).
    let space = marker;
    if (clean[space - 1] === ',') space--;
    while (space > 0 && clean[space - 1] === ' ') space--;
    if (!isNameChar(clean.charCodeAt(space - 1))) continue;
    let w = space;
    while (w > 0 && isNameChar(clean.charCodeAt(w - 1))) w--;
    const lastWord = clean.slice(w, space);
    places.push({ space, lastWord });
    lastWords.add(lastWord);
    lastWordShapes.add(shapeOf(lastWord, 0));
    lastWordEnds[lastWord.charCodeAt(lastWord.length - 1)] = 1;
  }
  if (places.length === 0) return [];
  // Names by their last word, for a quick check of the words before each marker; each list
  // in the order of the citations (so by their start and end). Only the names that end with
  // a word before some marker are listed: no other can be looked up.
  const byLastWord = new Map<string, NameOf[]>();
  // The same entries by whole name, and the longest name.
  const byName = new Map<string, NameOf[]>();
  let longest = 0;
  // By name, the parallels of the citations listed with it: a parallel of one of them adds nothing.
  const parallelsListed = new Map<string, Set<string>>();
  for (let k = first; k < citations.length; k++) {
    const c = citations[k];
    if (!namesParties(c)) continue;
    for (let f = 0; f < 2; f++) {
      const field = f === 0 ? 'plaintiff' : 'defendant';
      const name = f === 0 ? c.plaintiff : c.defendant;
      if (name === null) continue;
      // Its last letter, then its last word (after the last space, as lastIndexOf finds it,
      // read here without a call): they turn away nearly every name, so usableName is asked
      // of few.
      const end = name.charCodeAt(name.length - 1);
      if (!(end < 128 && lastWordEnds[end] === 1)) continue;
      let from = name.length;
      while (from > 0 && name.charCodeAt(from - 1) !== SPACE) from--;
      if (!lastWordShapes.has(shapeOf(name, from)) || !usableName(name)) continue;
      const last = name.slice(from);
      if (!lastWords.has(last)) continue;
      const list = byLastWord.get(last) ?? [];
      const covered = parallelsListed.get(name) ?? new Set<string>();
      if (!covered.has(c.normalized as string)) {
        const entry: NameOf = { name, field, cite: c };
        list.push(entry);
        const same = byName.get(name);
        if (same) same.push(entry);
        else byName.set(name, [entry]);
        if (name.length > longest) longest = name.length;
        for (const p of c.parallels) covered.add(p);
      }
      byLastWord.set(last, list);
      parallelsListed.set(name, covered);
    }
  }
  // Citations are in order and do not overlap: the one that could overlap [s, e) is the last
  // starting before e (binary search), or the last reference added here (references are
  // found in order of their markers, each spanning its own, so they come in order too).
  // The lengths of the names listed (1 where one is that long), up to the longest.
  const nameLengths = new Uint8Array(longest + 1);
  for (const name of byName.keys()) nameLengths[name.length] = 1;
  const overlapsTaken = (s: number, e: number) => {
    // (Asked only where a reference is found: a closure then costs less than listing every start.)
    const last = lastWhere(citations.length, (k) => citations[k].start <= e - 1);
    const lastReference = out[out.length - 1];
    return (last >= 0 && citations[last].end > s) || (lastReference !== undefined && s < lastReference.end && lastReference.start < e);
  };
  const out: Citation[] = [];
  for (const { space, lastWord } of places) {
    const named = byLastWord.get(lastWord);
    if (!named) continue;
    const after = AFTER_NAME.exec(clean.slice(space, space + 24).replace(/^ +/, ''));
    if (!after) continue;
    const hit = latestNamedBefore(clean, byName, nameLengths, space);
    if (!hit) continue;
    let pinStart = space;
    while (clean[pinStart] === ' ') pinStart++;
    PIN_HERE.lastIndex = pinStart;
    const pin = PIN_HERE.exec(clean);
    if (!pin) continue;
    const start = space - hit.name.length;
    const end = PIN_HERE.lastIndex;
    if (overlapsTaken(start, end)) continue;
    const c = blankCitation('case', 'reference', original.slice(start, end), start, end);
    c.caseName = hit.name;
    c.pinCite = pin[1].replace(/^at {1,3}/, '').replace(/ {2,}/g, ' ');
    c.normalized = `${hit.name} at ${c.pinCite}`;
    const f = hit.cite;
    c.antecedent = f.normalized;
    c.volume = f.volume;
    c.reporter = f.reporter;
    c.page = f.page;
    c.year = f.year;
    c.court = f.court;
    c.plaintiff = f.plaintiff;
    c.defendant = f.defendant;
    c[hit.field] = hit.name;
    out.push(c);
  }
  return out;
}
