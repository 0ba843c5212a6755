/**
 * Stage 3, find: turn anchors into citations with their metadata.
 *
 * Everything here is local parsing around one anchor — the pin cite and parallels after
 * it, the court/year and explanatory parentheticals, the case name before it, the sentence
 * it sits in — each bounded to a few hundred characters, so the cost is linear in the
 * number of citations, not in the text.
 */
import { EDITIONS, guessEdition, impliedCourt, narrowEditions, NO_EDITIONS } from './catalogue';
import { isYearAt, parseCourtParenthetical } from './courts';
import { AnchorIndex, findCaseNameBefore } from './case-name';
import { allDigits, fourDigitsAt, isBlankPage, isDigitCode, isLetterCode, isTrimmedCode } from './chars';
import type { OffsetList } from './clean';
import { lastAtMost } from './last-where';
import { isSentenceEnd } from './names';
import { readPins } from './pins';
import type { Token, TokenSource } from './tokenize';
import type { Citation, CitationForm, CitationType } from './types';

/** The most citations one case has in a parallel group (U.S., S. Ct., L. Ed., WL, LEXIS, ...). */
const MAX_PARALLELS = 8;
const inGroup = (group: Citation[], reporter: string) => {
  for (let k = 0; k < group.length; k++) if (group[k].reporter === reporter) return true;
  return false;
};
const MAX_PAREN = 600;
const MAX_CONTEXT = 400;

/**
 * The parallels of a citation that has none: one array, frozen, for all of them. Most
 * citations have no parallel, and an empty array apiece was a fifth of the objects a citation
 * keeps (each one copied by the collector as long as the citations live).
 */
const NO_PARALLELS: readonly string[] = Object.freeze([]);

/** A citation with every field at its empty value. */
export function blankCitation(type: CitationType, form: CitationForm, text: string, start: number, end: number): Citation {
  return {
    type, form, text, start, end,
    normalized: null, volume: null, reporter: null, page: null, pinCite: null,
    caseName: null, plaintiff: null, defendant: null, year: null, court: null, parenthetical: null,
    context: '', documentPage: null, paragraph: null, paragraphKind: null, antecedent: null,
    parallels: NO_PARALLELS, section: null, fullStart: start, fullEnd: end,
  };
}

/** Where a parenthetical may open after `pos`: past up to three spaces, a `(` or `[`; else -1. */
function parenOpening(clean: string, pos: number): number {
  let p = pos;
  while (p < clean.length && p - pos < 3 && clean.charCodeAt(p) === SPACE) p++;
  // New York and California courts put the year (and court) in square brackets: `[1983]`, `[D Kan 2006]`.
  const open = clean.charCodeAt(p);
  return open === OPEN_PAREN || open === OPEN_BRACKET ? p : -1;
}

/** The offset just after the bracket that closes the one opening at `p` (within MAX_PAREN), or -1. */
function parenClosing(clean: string, p: number): number {
  const open = clean.charCodeAt(p);
  const close = open === OPEN_PAREN ? CLOSE_PAREN : CLOSE_BRACKET;
  let depth = 0;
  const limit = Math.min(clean.length, p + MAX_PAREN);
  for (let q = p; q < limit; q++) {
    const ch = clean.charCodeAt(q);
    if (ch === open) depth++;
    else if (ch === close && --depth === 0) return q + 1;
  }
  return -1;
}

/** The balanced parenthetical starting at `pos` (after optional spaces), or null. */
function readParen(clean: string, pos: number): { inner: string; start: number; end: number } | null {
  const start = parenOpening(clean, pos);
  const end = start < 0 ? -1 : parenClosing(clean, start);
  return end < 0 ? null : { inner: clean.slice(start + 1, end - 1), start, end };
}

// A blank parallel citation between a citation and its parenthetical: `, ---- L. Ed. 2d ----`.
const BLANK_PARALLEL = /,? {0,3}(?:_{1,}|-{2,}) {1,3}[A-Z][A-Za-z.' ]{0,20}?(?: \d[a-z]{1,2})? {1,3}(?:_{1,}|-{2,})/y;
function skipBlankParallels(clean: string, pos: number): number {
  let p = pos;
  for (let n = 0; n < 3; n++) {
    // The blank's first character, after the comma and spaces the pattern allows, or none.
    let q = p;
    if (clean.charCodeAt(q) === COMMA) q++;
    while (q < p + 4 && clean.charCodeAt(q) === SPACE) q++;
    const first = clean.charCodeAt(q);
    if (first !== 95 /* _ */ && first !== 45 /* - */) break;
    BLANK_PARALLEL.lastIndex = p;
    if (!BLANK_PARALLEL.exec(clean)) break;
    p = BLANK_PARALLEL.lastIndex;
  }
  return p;
}

interface Tail {
  year: number | null;
  court: string | null;
  parenthetical: string | null;
  end: number;
}

/**
 * Court/year parenthetical and the first explanatory parenthetical after `pos`. (Read by
 * offsets: this runs for every citation, and only what is kept is sliced out.)
 */
function readParentheticals(clean: string, pos: number, nextStart = Infinity): Tail {
  const tail: Tail = { year: null, court: null, parenthetical: null, end: skipBlankParallels(clean, pos) };
  for (let n = 0; n < 3; n++) {
    const start = parenOpening(clean, tail.end);
    const end = start < 0 ? -1 : parenClosing(clean, start);
    if (end < 0) break;
    // A parenthesis or bracket that holds the next citation (`(3 Atl. 33)`) is not this one's.
    if (start < nextStart && nextStart < end) break;
    // The commonest, a year alone (`(2007)`, `[1983]`), read in place, as parseCourtParenthetical reads it.
    if (tail.year === null && end - start === 6 && isYearAt(clean, start + 1)) {
      tail.year = fourDigitsAt(clean, start + 1);
      tail.end = end;
      continue;
    }
    const inner = clean.slice(start + 1, end - 1);
    const court = tail.year === null ? parseCourtParenthetical(inner) : null;
    if (court) {
      tail.year = court.year;
      tail.court = court.court;
    } else if (clean.charCodeAt(start) === OPEN_BRACKET || /^[\d\s]*$/.test(inner)) {
      // Brackets hold a year or court, never an explanation; nor does a bare number (`(198⁴)`).
      break;
    } else if (tail.parenthetical === null) {
      tail.parenthetical = inner.replace(/ {2,}/g, ' ').trim();
    } else break;
    tail.end = end;
  }
  return tail;
}

// What may stand before `supra`: a word, a comma, a volume (`Foo, 123 supra`), and spaces.
export const BEFORE_SUPRA = /(?:([A-Za-z][\w\-.']*) {0,2})?(,)? {0,3}(?:(\d{1,4}) {1,3})?$/;
const isBeforeSupraChar = (c: number) => isDigitCode(c) || isLetterCode(c) || c === 95 || c === 45 || c === 46 || c === 39 || c === 44 || c === SPACE;

/**
 * Where BEFORE_SUPRA's match in `before` can begin at the earliest. The regex is tried at
 * every position of the text before `supra` and fails at each but the last few, each time
 * after reading to the end. Its match holds only its own characters, at most one comma, and
 * at most two words (runs of other characters than spaces and commas): the name and, after
 * it, a volume, all digits. So it begins after any other character, after the second comma
 * from the end, in the second word from the end, and in the last word that is not all digits
 * (a name: the match takes it from a letter on). Searching from there finds the same match,
 * without the attempts that cannot succeed (in `See Daubert, supra`, one at each character
 * of `See `).
 */
export function lastPossibleSupraStart(before: string): number {
  let commas = 0;
  // Words read whole so far; whether one is being read, and whether it holds more than digits.
  let words = 0;
  let inWord = false;
  let notDigits = false;
  for (let k = before.length - 1; k >= 0; k--) {
    const c = before.charCodeAt(k);
    if (!isBeforeSupraChar(c)) return k + 1;
    if (c !== COMMA && c !== SPACE) {
      inWord = true;
      if (!isDigitCode(c)) notDigits = true;
      continue;
    }
    // A space or comma before a word: the word begins at k + 1.
    if (inWord && (notDigits || ++words === 2)) return k + 1;
    inWord = false;
    if (c === COMMA && ++commas === 2) return k + 1;
  }
  return 0;
}

/** Whether `supra` at `pos` begins the text (after spaces). */
function beginsCitationSentence(clean: string, pos: number): boolean {
  let p = pos;
  while (p > 0 && clean.charCodeAt(p - 1) === SPACE) p--;
  return p === 0;
}

/**
 * What stands before `supra` at `pos`: the case name (`Daubert, supra`), else the word
 * before a comma (`asdf, supra`), and a volume (`Foo, 123 supra`); null when nothing marks
 * it as a citation (`as discussed supra`).
 */
function readSupra(clean: string, pos: number, anchorIndex: AnchorIndex): { name: string | null; volume: number | null; start: number } | null {
  // `Daubert, supra`: the name written before it, read back as for a short form.
  const named = /,\s*$/.test(clean.slice(Math.max(0, pos - 4), pos)) ? findCaseNameBefore(clean, pos, anchorIndex, true) : null;
  const before = clean.slice(Math.max(0, pos - 60), pos);
  const from = lastPossibleSupraStart(before);
  const m = BEFORE_SUPRA.exec(before.slice(from));
  const volume = m?.[3] ? Number(m[3]) : null;
  if (named) return { name: named.caseName, volume, start: named.start };
  // `Qwerty supra` names its case without a comma; `discussed supra` is prose. A `supra`
  // that begins the text (a footnote of its own: `supra, at 5.`) is a citation naming no case.
  const capitalised = !!m?.[1] && /^[A-Z]/.test(m[1]);
  if (!m || (!m[2] && volume === null && !capitalised)) return beginsCitationSentence(clean, pos) ? { name: null, volume: null, start: pos } : null;
  const word = (m[2] || capitalised) && m[1] && !/^\d/.test(m[1]) ? m[1] : null;
  return { name: word, volume, start: word ? pos - before.length + from + (m.index ?? 0) : pos };
}

/**
 * Whether `token` may be the early Supreme Court's nominative citation written just before the
 * same case's U.S. citation, with nothing but a space between (`1 Cranch 1 1 U.S. 23`, the
 * two-page form): one case, which the U.S. citation stands for (its name is read past the
 * nominative one, as past any citation).
 */
function nominativeBeforeUS(clean: string, token: Token, next: Token): boolean {
  if (next.kind !== 'case' || next.start - token.end < 1 || next.start - token.end > 3 || !token.editions || !next.editions) return false;
  for (let p = token.end; p < next.start; p++) if (clean.charCodeAt(p) !== SPACE) return false;
  let nominative = false;
  for (const e of token.editions) if (EDITIONS[e].citeType === 'scotus_early') nominative = true;
  if (!nominative) return false;
  for (const e of next.editions) if (EDITIONS[e].canonical === 'U.S.') return true;
  return false;
}

/** Whether [from, to) of `clean` is a comma with at most three spaces either side (`/^ {0,3}, {0,3}$/`). */
export function commaBetween(clean: string, from: number, to: number): boolean {
  let p = from;
  while (p < from + 3 && p < to && clean.charCodeAt(p) === SPACE) p++;
  if (p >= to || clean.charCodeAt(p) !== COMMA) return false;
  const q = ++p;
  while (p < q + 3 && p < to && clean.charCodeAt(p) === SPACE) p++;
  return p === to;
}

/**
 * `${volume} ${canonical} ${page}`, or `written` itself when it reads so (most citations are
 * written in their canonical form: the string is then shared with the citation's text, not
 * built again, and a lookup by it in resolve.ts hashes it without first copying the pieces
 * into one string).
 */
function standardForm(written: string, volume: string | number | undefined, canonical: string, page: string): string {
  const v = String(volume);
  const n = v.length + canonical.length + page.length + 2;
  if (written.length === n && written.startsWith(v) && written.charCodeAt(v.length) === SPACE && written.startsWith(canonical, v.length + 1) && written.charCodeAt(n - page.length - 1) === SPACE && written.endsWith(page)) return written;
  return `${v} ${canonical} ${page}`;
}

/**
 * `written` itself when the canonical form built for it reads the same, else the built form:
 * the citations outlive the young generation, so every string they hold is copied by the
 * collector, and a built form is a cons string (its pieces kept too) where the text is one
 * string already kept. (Compared, not hashed: two strings of different lengths differ at once.)
 */
function writtenIfSame(written: string, built: string): string {
  return built === written ? written : built;
}

/** Canonical form and catalogue facts of a case anchor written `written` (`year`: from its parenthetical, to pick the edition). */
function describe(token: Token, year: number | null, written: string): { normalized: string; reporter: string; volume: number | null; page: string | null; court: string | null; year: number | null; ambiguous: boolean } | null {
  // Most spellings name one edition: it is taken as it is, without asking narrowEditions.
  const editions = token.editions ?? NO_EDITIONS;
  const { entry, ambiguous } = editions.length === 1 ? { entry: EDITIONS[editions[0]], ambiguous: false } : narrowEditions(editions, token.reporter ?? '', year ?? token.year ?? null);
  if (!entry) return null;
  // A volume with a suffix (`1982-1`) is written as it is.
  const volume = token.volume !== undefined && allDigits(token.volume) ? Number(token.volume) : token.volume;
  // The page as the citation keeps it (null when none is written); '' in the canonical form.
  const cited = isBlankPage(token.page ?? '') ? '___' : (token.page ?? null);
  const page = cited ?? '';
  const normalized = token.date
    ? `${token.volume}-${page} (${entry.canonical} ${token.date})`
    : token.dashed
    ? `${token.volume}-${entry.canonical}-${page}`
    : token.reporterFirst
      ? token.volume && /^(?:1[789]|20)\d\d$/.test(token.volume) ? `${entry.canonical} ${token.volume}-${page}` : `${token.volume && token.volume !== '1' ? `${token.volume} ` : ''}${entry.canonical} ${page}`
      : standardForm(written, volume, entry.canonical, page);
  // Neutral, Westlaw and Lexis citations are numbered by year: the volume is the year.
  const yearly = (entry.kind === 'neutral' || entry.kind === 'wl-lexis') && typeof volume === 'number' && volume >= 1600 && volume <= 2100;
  const yearWritten = yearly ? volume : token.date ? yearOfDate(token.date) : (token.year ?? null);
  // The volume and page as the citation keeps them (a volume with a suffix, `1982-1`, as null),
  // so that extractCitations does not read them from the token a second time.
  return { normalized, reporter: entry.canonical, volume: typeof volume === 'number' ? volume : null, page: cited, court: impliedCourt(entry), year: yearWritten, ambiguous };
}

/**
 * The year of a date written `m/d/yy` or `m/d/yyyy` (Louisiana's form: `05/10/10`); a
 * two-digit year is the latest such year not after the docket year's century turn: 00-49
 * are 20xx, 50-99 are 19xx (Louisiana's appellate courts date from 1879; its form from 1990s).
 */
function yearOfDate(date: string): number | null {
  const y = date.slice(date.lastIndexOf('/') + 1);
  if (!allDigits(y)) return null;
  const n = Number(y);
  return y.length === 4 ? n : n < 50 ? 2000 + n : 1900 + n;
}

const NL = 10;
const SPACE = 32;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const PERIOD = 46;
const QUESTION = 63;
const BANG = 33;

/**
 * Whether the character at `p` may end a sentence (`.`, `?`, `!`): checked before asking
 * isSentenceEnd, because the walks below ask at every character of a sentence.
 */
const mayEndSentence = (clean: string, p: number) => {
  const c = clean.charCodeAt(p);
  return c === PERIOD || c === QUESTION || c === BANG;
};
/**
 * Whether `p` is a line break in the original: the cleaned text has a space there (cleaning
 * turns every line break into one), which is asked first so that most characters are read
 * from one string only.
 */
const isLineBreak = (original: string, clean: string, p: number) => clean.charCodeAt(p) === SPACE && original.charCodeAt(p) === NL;
/** Whether a sentence may begin at `f`: after a sentence end, or after a blank line in the original. */
const startsSentence = (original: string, clean: string, f: number) =>
  (mayEndSentence(clean, f - 1) && isSentenceEnd(clean, f - 1)) || (isLineBreak(original, clean, f - 1) && original.charCodeAt(f - 2) === NL);
/** Whether a sentence may end at `t` (exclusive): after a sentence end, or before a blank line. */
const endsSentence = (original: string, clean: string, t: number) =>
  (mayEndSentence(clean, t - 1) && isSentenceEnd(clean, t - 1)) || (isLineBreak(original, clean, t) && original.charCodeAt(t + 1) === NL);

/**
 * The sentence around [start, end): back and forward to a sentence end (a full stop that
 * is not an abbreviation, followed by a capital), bounded to MAX_CONTEXT characters.
 */
export function sentenceAround(original: string, clean: string, start: number, end: number): string {
  const from = sentenceFrom(original, clean, start, Math.max(0, start - MAX_CONTEXT));
  const to = sentenceTo(original, clean, end, Math.min(clean.length, end + MAX_CONTEXT));
  return contextText(clean, from, to);
}

/** The last f in (minFrom, start] where a sentence starts, else minFrom (the walk's answer). */
function sentenceFrom(original: string, clean: string, start: number, minFrom: number): number {
  let from = start;
  while (from > minFrom && !startsSentence(original, clean, from)) from--;
  return from;
}

/** The first t in [end, maxTo) where a sentence ends, else maxTo. */
function sentenceTo(original: string, clean: string, end: number, maxTo: number): number {
  let to = end;
  while (to < maxTo && !endsSentence(original, clean, to)) to++;
  return to;
}

// Two spaces: V8's regex engine finds them faster than `includes('  ')`, which stops at every
// space of the sentence (a sixth of its characters).
const TWO_SPACES = / {2}/;

/**
 * The sentence [from, to) as shown: runs of spaces made one, trimmed. Trimmed first, by
 * offsets, and the runs replaced only when there are any (in about half the sentences), so
 * that most sentences cost one slice instead of three strings. `beforeSpace`: where `clean`
 * has a mark or a space before a space (cleanTextAndFindWords lists them), asked for a space
 * instead of searching the sentence.
 */
export function contextText(clean: string, from: number, to: number, beforeSpace?: OffsetCursor): string {
  let f = from;
  let t = to;
  while (f < t && isTrimmedCode(clean.charCodeAt(f))) f++;
  while (t > f && isTrimmedCode(clean.charCodeAt(t - 1))) t--;
  const text = clean.slice(f, t);
  const hasRuns = beforeSpace === undefined ? TWO_SPACES.test(text) : beforeSpace.spaceIn(clean, f, t - 1);
  return hasRuns ? text.replace(/ {2,}/g, ' ') : text;
}

/**
 * A list of offsets (ascending: beforeSpace of cleanTextAndFindWords) asked in text order:
 * each answer is stepped to from the one before, which on the sentences' asks costs less than
 * a binary search (they ask mostly a little after the last answer, sometimes a little before).
 */
class OffsetCursor {
  private at = 0;

  constructor(readonly list: OffsetList) {}

  /** The index of the first offset at or after `value` (the list's count when none). */
  firstAtLeast(value: number): number {
    const { offsets, count } = this.list;
    let k = this.at;
    while (k > 0 && offsets[k - 1] >= value) k--;
    while (k < count && offsets[k] < value) k++;
    this.at = k;
    return k;
  }

  /** Whether some offset p in [from, to) has a space of `clean` (a space before a space). */
  spaceIn(clean: string, from: number, to: number): boolean {
    const { offsets, count } = this.list;
    for (let k = this.firstAtLeast(from); k < count && offsets[k] < to; k++) if (clean.charCodeAt(offsets[k]) === SPACE) return true;
    return false;
  }
}

/**
 * The walks of setContexts for one document. A sentence ends only where `.`, `?` or `!` is
 * followed by a space, or at a blank line: both are listed by the cleaning pass
 * (cleanTextAndFindWords; the first with the spaces before a space, which isSentenceEnd turns
 * away at its first test), so that the walks visit those places alone rather than read the
 * characters of every stretch they walk (which was most of setContexts on dense text).
 */
class SentenceWalks {
  /** The answer lastBlankAtMost gave last. */
  private blankAt = -1;
  /**
   * @param blanks every p where the original has two line breaks (a blank line), ascending
   * @param marks beforeSpace, asked in text order
   */
  constructor(private readonly clean: string, private readonly blanks: readonly number[], private readonly marks: OffsetCursor) {}

  /**
   * lastAtMost(blanks, value), stepped to from the answer before: the walks ask in text order,
   * mostly with no blank line or one since the last ask (a binary search for each cost a tenth
   * of setContexts on dense text). A value before the last answer's blank line is searched.
   */
  private lastBlankAtMost(value: number): number {
    const blanks = this.blanks;
    let k = this.blankAt;
    if (k >= 0 && blanks[k] > value) k = lastAtMost(blanks, value);
    else while (k + 1 < blanks.length && blanks[k + 1] <= value) k++;
    this.blankAt = k;
    return k;
  }

  /** The last f in (lo, start] where a sentence starts (startsSentence), else lo. */
  back(start: number, lo: number): number {
    const { clean, blanks } = this;
    // The last start after a blank line (f = p + 2) bounds the walk: nothing before it counts.
    let stop = lo;
    for (let k = this.lastBlankAtMost(start - 2); k >= 0 && blanks[k] + 2 > lo; k--) {
      if (clean.charCodeAt(blanks[k] + 1) === SPACE) {
        stop = blanks[k] + 2;
        break;
      }
    }
    // f - 1 runs down [stop, start - 1].
    const marks = this.marks.list.offsets;
    for (let k = this.marks.firstAtLeast(start) - 1; k >= 0 && marks[k] >= stop; k--) {
      if (isSentenceEnd(clean, marks[k])) return marks[k] + 1;
    }
    return start > stop ? stop : start;
  }

  /** The first t in [end, hi) where a sentence ends (endsSentence), else hi. */
  forward(end: number, hi: number): number {
    const { clean, blanks } = this;
    // The first end before a blank line (t = p) bounds the walk.
    let stop = hi;
    for (let k = this.lastBlankAtMost(end - 1) + 1; k < blanks.length && blanks[k] < hi; k++) {
      if (clean.charCodeAt(blanks[k]) === SPACE) {
        stop = blanks[k];
        break;
      }
    }
    // t - 1 runs up [end - 1, stop - 1).
    const { offsets: marks, count } = this.marks.list;
    for (let k = this.marks.firstAtLeast(end - 1); k < count && marks[k] < stop - 1; k++) {
      if (isSentenceEnd(clean, marks[k])) return marks[k] + 1;
    }
    return end < stop ? stop : end;
  }
}

/**
 * Sets `context` on citations (sorted by start), as sentenceAround would. `blankLines`: where
 * `original` has `\n\n`; `beforeSpace`: where `clean` has `.`, `?`, `!` or a space before a
 * space (cleanTextAndFindWords lists both). Neighbouring citations
 * mostly share a sentence, so each walk reuses what the previous one established: walking
 * back from start ≥ start0, positions in (from0, start0] are known not to start a sentence
 * (from0 being the previous answer), so only (start0, start] is new; forward from
 * end0 ≤ end < to0, nothing in [end, to0) ends one. The answers are the walks' exactly, and
 * a shared sentence is built once.
 */
export function setContexts(clean: string, citations: Citation[], blankLines: readonly number[], beforeSpace: OffsetList): void {
  if (citations.length === 0) return;
  const walks = new SentenceWalks(clean, blankLines, new OffsetCursor(beforeSpace));
  // A cursor of its own: the sentences are asked from their starts, the walks further on.
  const runs = new OffsetCursor(beforeSpace);
  let prev = false;
  let start0 = 0;
  let from0 = 0;
  let end0 = 0;
  let to0 = 0;
  let maxTo0 = 0;
  let text = '';
  let textFrom = -1;
  let textTo = -1;
  for (const c of citations) {
    const start = c.fullStart;
    const end = c.fullEnd;
    const minFrom = Math.max(0, start - MAX_CONTEXT);
    const maxTo = Math.min(clean.length, end + MAX_CONTEXT);

    let from: number;
    if (prev && start >= start0) {
      // The last sentence start in (minFrom, start]: first the new stretch down to start0...
      const lo = Math.max(start0, minFrom);
      from = walks.back(start, lo);
      // ...then (minFrom, start0], whose last sentence start is from0 when from0 was one
      // (the previous walk stopped above its own window edge, which is ≤ minFrom).
      if (from === lo) from = minFrom < start0 && from0 > minFrom ? from0 : minFrom;
    } else from = walks.back(start, minFrom);

    let to: number;
    if (prev && end >= end0 && end < to0) {
      // Nothing in [end, to0) ends a sentence; to0 does, unless it was the previous window's edge.
      to = to0 < maxTo0 ? to0 : walks.forward(maxTo0, maxTo);
    } else to = walks.forward(end, maxTo);

    prev = true;
    start0 = start;
    from0 = from;
    end0 = end;
    to0 = to;
    maxTo0 = maxTo;
    if (from !== textFrom || to !== textTo) {
      text = contextText(clean, from, to, runs);
      textFrom = from;
      textTo = to;
    }
    c.context = text;
  }
}

/**
 * Builds citations from the tokens of `clean` (same length as `original`, see clean.ts).
 * Short forms are returned unresolved; resolve.ts links them.
 */
export function extractCitations(original: string, clean: string, tokens: Token[] | TokenSource, removeAmbiguous = false): Citation[] {
  const source: TokenSource = Array.isArray(tokens) ? { get: (i) => tokens[i], anchors: AnchorIndex.of(tokens) } : tokens;
  const out: Citation[] = [];
  const dropped = new Set<Citation>();
  const group: Citation[] = [];
  const groupTokens: Token[] = [];
  // Names never run through another citation: the walk back treats each as one item.
  // (tokenize returns them sorted and without overlaps, as AnchorIndex needs; a stream of
  // tokens adds each to its index as it hands it out.)
  const anchorIndex = source.anchors;

  const closeGroup = (tailFrom: number) => {
    if (group.length === 0) return;
    const tail = readParentheticals(clean, tailFrom, groupNext);
    // A spelling shared by several editions (`So.`, `Ark.`) is settled by the year cited;
    // one that still names different reporters (`1 Johnson 1 (1806)`) is read as the first of
    // them, as eyecite keeps it by default, or dropped when the caller asks (eyecite's
    // remove_ambiguous): the verifier looks it up by that reporter, as it files its own data.
    // (Plain loops here and below: this runs for every citation, and callbacks cost more
    // than the work when the engine runs from source through tsx, as the services do.)
    for (let k = 0; k < group.length; k++) {
      const c = group[k];
      const token = groupTokens[k];
      if ((token.editions?.length ?? 0) < 2) continue;
      const facts = describe(token, tail.year, c.text);
      if (!facts || (facts.ambiguous && removeAmbiguous)) {
        dropped.add(c);
        continue;
      }
      c.reporter = facts.reporter;
      c.normalized = facts.normalized;
      c.court = facts.court ?? c.court;
    }
    const lead = group[0];
    // `Martinez, 2019 WL 4639462, at *3`: Bluebook's short form of a WL, LEXIS or neutral
    // cite repeats it whole after a one-party name; keep that name (resolve.ts links it).
    const name = findCaseNameBefore(clean, lead.start, anchorIndex, false);
    let implied: string | null = null;
    for (const c of group) {
      if (c.court !== null) {
        implied = c.court;
        break;
      }
    }
    // A year one citation of the group carries (`2010 WI 77`, `2009-1359 (La.App. 1 Cir.
    // 05/10/10)`) is the case's, and so its parallels' too.
    let written: number | null = null;
    for (const c of group) {
      if (c.year !== null) {
        written = c.year;
        break;
      }
    }
    for (const c of group) {
      c.year = tail.year ?? name?.year ?? c.year ?? written;
      c.court = tail.court ?? name?.court ?? implied;
      c.parenthetical = tail.parenthetical;
      c.fullEnd = Math.max(c.end, tail.end);
      if (name) {
        c.caseName = name.caseName;
        c.plaintiff = name.plaintiff;
        c.defendant = name.defendant;
        c.fullStart = name.start;
      }
      if (group.length > 1) {
        const parallels: string[] = [];
        for (const other of group) if (other.normalized !== c.normalized) parallels.push(other.normalized as string);
        if (parallels.length) c.parallels = parallels;
      }
    }
    // Emptied, not replaced: a brief has a group for nearly every citation. Popped: setting
    // `length = 0` goes through a builtin that cost more than the one or two pops a group needs.
    while (group.length > 0) group.pop();
    while (groupTokens.length > 0) groupTokens.pop();
  };

  let groupEnd = 0;
  // Where the token after the open group starts (a parenthetical never swallows it).
  let groupNext = Infinity;
  // The name written before `supra` when a short form follows it.
  let shortNameFor: { at: number; name: string | null } | null = null;

  for (let i = 0, token = source.get(0); token !== undefined; token = source.get(++i)) {
    const next = source.get(i + 1);
    const nextStart = next ? next.start : clean.length;
    const text = token.kind === 'case' ? original.slice(token.start, token.end) : '';
    const facts = token.kind === 'case' ? describe(token, null, text) : null;
    if (facts && next && nominativeBeforeUS(clean, token, next)) continue;
    // A group left open for a parallel that turned out not to be one is closed here; so is
    // one the citation cannot belong to: a case is in each reporter once (`550 U.S. 544, 550
    // U.S. 544, ...` is a list, not one case), and in a few reporters at most. (Also what keeps
    // a group, whose citations each list the others, small on any text.)
    if (group.length && (!facts || group.length >= MAX_PARALLELS || inGroup(group, facts.reporter))) closeGroup(groupEnd);


    if (facts) {
      const c = blankCitation('case', 'full', text, token.start, token.end);
      c.normalized = facts.normalized;
      c.volume = facts.volume;
      c.reporter = facts.reporter;
      c.page = facts.page;
      c.court = facts.court;
      c.year = facts.year;
      const { pins, end } = readPins(clean, token.end, nextStart);
      // Louisiana's form holds its pin inside (`2009-1359, p. 3 (La.App. 1 Cir. 5/10/10)`).
      c.pinCite = pins ?? token.pin ?? null;
      group.push(c);
      groupTokens.push(token);
      out.push(c);
      groupEnd = end;
      groupNext = nextStart;
      // A parallel citation follows after nothing but a comma: `384 U.S. 436, 86 S. Ct. 1602`.
      if (next && next.kind === 'case' && commaBetween(clean, end, next.start)) continue;
      closeGroup(end);
      continue;
    }

    if (token.kind === 'short') {
      const entry = guessEdition(token.editions ?? [], token.reporter ?? '');
      if (!entry) continue;
      const c = blankCitation('case', 'short', original.slice(token.start, token.end), token.start, token.end);
      c.volume = Number(token.volume);
      c.reporter = entry.canonical;
      c.pinCite = token.pin ?? null;
      c.normalized = writtenIfSame(c.text, `${c.volume} ${entry.canonical} at ${c.pinCite}`);
      c.court = impliedCourt(entry);
      const name = shortNameFor?.at === token.start && shortNameFor.name ? { caseName: shortNameFor.name, start: token.start } : findCaseNameBefore(clean, token.start, anchorIndex, true);
      if (name) {
        c.caseName = name.caseName;
        c.fullStart = name.start;
      }
      const { end } = readPins(clean, token.end, nextStart);
      const tail = readParentheticals(clean, end);
      c.parenthetical = tail.parenthetical;
      c.fullEnd = tail.end;
      out.push(c);
      continue;
    }

    if (token.kind === 'journal') {
      const c = blankCitation('journal', 'full', original.slice(token.start, token.end), token.start, token.end);
      c.volume = Number(token.volume);
      c.reporter = token.reporter ?? null;
      c.page = token.page ?? null;
      c.normalized = `${c.volume} ${c.reporter} ${c.page}`;
      const { pins, end } = readPins(clean, token.end, nextStart);
      c.pinCite = pins;
      const tail = readParentheticals(clean, end);
      c.year = tail.year;
      c.parenthetical = tail.parenthetical;
      c.fullEnd = Math.max(c.end, tail.end);
      out.push(c);
      continue;
    }

    if (token.kind === 'id') {
      const c = blankCitation('case', 'id', original.slice(token.start, token.end), token.start, token.end);
      c.pinCite = token.pin ?? null;
      c.normalized = c.pinCite ? `Id. at ${c.pinCite}` : 'Id.';
      const tail = readParentheticals(clean, token.end);
      c.parenthetical = tail.parenthetical;
      c.fullEnd = tail.end;
      out.push(c);
      continue;
    }

    if (token.kind === 'supra') {
      const supra = readSupra(clean, token.start, anchorIndex);
      // Without a name, a comma or a volume before it, `supra` is a cross-reference
      // (`discussed supra`), not a citation.
      if (!supra) continue;
      // `Kaiser Foundation, supra, 13 Cal. App. 5th at 1146`: the short form that follows is
      // the citation; the name is its name.
      if (next && next.kind === 'short' && /^,? {0,3}$/.test(clean.slice(token.end, next.start))) {
        shortNameFor = { at: next.start, name: supra.name };
        continue;
      }
      const c = blankCitation('case', 'supra', original.slice(supra.start, token.end), supra.start, token.end);
      c.caseName = supra.name;
      c.volume = supra.volume;
      c.pinCite = token.pin ?? null;
      c.normalized = writtenIfSame(c.text, `${supra.name ? `${supra.name}, ` : ''}${supra.volume !== null ? `${supra.volume} ` : ''}supra${c.pinCite ? `, at ${c.pinCite}` : ''}`);
      const tail = readParentheticals(clean, token.end);
      c.parenthetical = tail.parenthetical;
      c.fullEnd = tail.end;
      out.push(c);
      continue;
    }

    if (token.kind === 'statute' && token.statute) {
      const s = token.statute;
      const c = blankCitation(s.type, 'full', original.slice(token.start, token.end), token.start, token.end);
      c.normalized = writtenIfSame(c.text, s.normalized);
      c.reporter = s.code;
      c.volume = s.title;
      c.section = s.section;
      c.page = s.page ?? null;
      const paren = readParen(clean, token.end);
      const year = paren ? /^(?:[A-Z][\w.]* ?){0,3}((?:19|20)\d\d)$/.exec(paren.inner.trim()) : null;
      if (paren && year) {
        c.year = Number(year[1]);
        c.fullEnd = paren.end;
      }
      out.push(c);
    }
  }
  closeGroup(groupEnd);
  return dropped.size ? out.filter((c) => !dropped.has(c)) : out;
}
