/**
 * Stage 2, tokenize: find the anchors every citation hangs on, in one linear pass over
 * the cleaned text.
 *
 * Case and journal citations: every run of digits followed by a space is a possible volume;
 * where the next characters spell a reporter or journal (one walk of the spelling trie,
 * reporter-trie.ts), the page (or `at` pin of a short form) is read after it by plain code.
 * Editions whose reporters-db entry has unusual formats (`2009-Ohio-1234`,
 * `5 U.S. (1 Cranch) 137`) are checked against those formats (formats.ts) only when one of
 * their spellings was found. eyecite instead runs one regex per reporter over the text;
 * here no per-reporter pass over the text happens at all.
 *
 * `Id.`, `supra` and statutes are extractors (`Extractor[]`, swappable like eyecite's
 * tokenizers): with the default list, one cheap scan (nextAnchorStart) finds the places where
 * any of them may begin and each is tried, sticky, only where its first characters fit.
 * Each pattern begins with a literal or a bounded digit run and uses bounded quantifiers
 * only, so no input can make it backtrack over the whole text.
 */
import { EDITIONS } from './catalogue';
import { wordTable, type WordStarts } from './clean';
import { formatStart, matchFormat, startsWithReporter, startsWithVolume } from './formats';
import { afterSpaces, LAW_PAIRS, LAW_SPELLINGS, lawMatchAt, statuteOf } from './laws';
import { PrefixFilter } from './prefix-filter';
import { REPORTER_FIRST_PAIRS, REPORTER_FIRST_SPELLINGS, plainWord, walkReporterFirst, walkSpellings } from './reporter-trie';
import { PIN_LIST, PIN_TOKEN } from './pins';
import { mayBeMarkerWord, type MarkerCandidates } from './references';
import { STATUTE_PATTERNS, type StatuteMatch } from './statutes';
import { AnchorIndex } from './case-name';
import { straightApostrophe } from './chars';

export type TokenKind = 'case' | 'short' | 'journal' | 'id' | 'supra' | 'statute';

export interface Token {
  kind: TokenKind;
  /** Span of the anchor in the text (the name before a short form is added later). */
  start: number;
  end: number;
  volume?: string;
  /** The reporter or journal as written (`F. 3d`); find.ts maps it to the catalogue. */
  reporter?: string;
  page?: string;
  /** Pin cite written inside the anchor (`at 556`, `Id. at 5`). */
  pin?: string;
  /** Catalogue editions the reporter as written may name (case and short tokens). */
  editions?: readonly number[];
  /** Written `2009-Ohio-1234`: volume, reporter and page joined by dashes. */
  dashed?: boolean;
  /** The nominative reporter in `5 U.S. (1 Cranch) 137`. */
  nominative?: string;
  /** A year written inside the citation (`14 S. Ct. (1894) 10`). */
  year?: number;
  /** The date of decision written inside the citation (`05/10/10`: Louisiana's form). */
  date?: string;
  /** Written reporter first (`T.C. Memo. 2010-123`, `Abb. Adm. 45`). */
  reporterFirst?: boolean;
  /** A statute found by reporters-db's generic law patterns; the hand-written ones win ties. */
  generic?: boolean;
  statute?: StatuteMatch;
}

export interface Extractor {
  kind: TokenKind;
  regex: RegExp;
  build(m: RegExpExecArray): Token | null;
}



// --- case and journal citations --------------------------------------------------------------

const SPACE = 32;
const COMMA = 44;
const DASH = 45;
const PERIOD = 46;
const OPEN_PAREN = 40;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
// A volume is not the end of a number or word (`$5`, `§ 12`, `No. 3`, `1.5`, `12/3`): the
// characters that may not stand right before one, as a table (a Set lookup at every volume cost more).
const NOT_BEFORE_VOLUME = new Uint8Array(256);
for (const c of [36, 167, 46, 47, 45, 44]) NOT_BEFORE_VOLUME[c] = 1;
for (let k = 0; k < 26; k++) NOT_BEFORE_VOLUME[65 + k] = NOT_BEFORE_VOLUME[97 + k] = 1;

const SHORT_PIN = new RegExp(String.raw`at {1,3}(?:p\. {0,2})?(${PIN_TOKEN})(?![\w])`, 'y');
const NOMINATIVE = /\((?:(\d{1,2}) {1,2})?([A-Z][A-Za-z.&' ]{0,30}?)\) {1,3}/y;
const YEAR_INSIDE = /\(((?:1[6-9]|20)\d\d),?\) {1,3}/y;
// A page: digits (`111279-U`), a blank (`___`), or a lowercase roman numeral of a preface
// (`12 Neb. App. lxiv`), never the lone `v`, `l` or `c` that are words more often than pages.
// New York's unpublished slip opinions carry `[U]` after the number (`2008 NY Slip Op 32263[U]`).
const PAGE = /(\d{1,9}(?:-[A-Z]{1,2}|\[U\])?|_{2,}|-{3,}|c?(?:xc|xl|l?x{1,3})(?:ix|iv|v?i{0,3})|(?:c?l?)(?:ix|iv|v?i{1,3})|lv|cv|cl|clv)/y;

/** Editions that may be cited in the standard `volume reporter page` shape. */
const takesStandard = (e: number) => {
  // Per edition, found the first time it is asked (1: it may, 2: not): asked at every citation.
  let standard = STANDARD[e];
  if (standard === 0) {
    const formats = EDITIONS[e].formats;
    STANDARD[e] = standard = formats === null || formats.includes('$full_cite') ? 1 : 2;
  }
  return standard === 1;
};
const STANDARD = new Uint8Array(EDITIONS.length);

/** Where the citation's page is, after the reporter: its spaces, comma, `(1 Cranch)` or `(1894)`. */
interface Tail {
  page: string | null;
  pin: string | null;
  end: number;
  nominative: string | null;
  year: number | null;
}

function readTail(text: string, reporterEnd: number): Tail | null {
  let q = reporterEnd;
  while (q < reporterEnd + 3 && text.charCodeAt(q) === SPACE) q++;
  if (text.charCodeAt(q) === COMMA) {
    q++;
    while (q < reporterEnd + 7 && text.charCodeAt(q) === SPACE) q++;
  }
  // Reporter and page are separated, unless the reporter ends with a period (OCR: `U.S.544`).
  if (q === reporterEnd && text.charCodeAt(reporterEnd - 1) !== PERIOD) return null;
  let nominative: string | null = null;
  let year: number | null = null;
  if (text.charCodeAt(q) === OPEN_PAREN) {
    YEAR_INSIDE.lastIndex = q;
    const y = YEAR_INSIDE.exec(text);
    if (y) {
      year = Number(y[1]);
      q = YEAR_INSIDE.lastIndex;
    } else {
      NOMINATIVE.lastIndex = q;
      const n = NOMINATIVE.exec(text);
      if (!n) return null;
      nominative = n[2].trim();
      q = NOMINATIVE.lastIndex;
    }
  }
  if (text.charCodeAt(q) === 97 /* a */ && q > reporterEnd) {
    // The usual pin, `at 87` followed by punctuation, is read by plain code.
    const pin = text.charCodeAt(q + 1) === 116 /* t */ ? afterSpaces(text, q + 2, 3) : q;
    const pinEnd = pin > q + 2 ? plainPinEnd(text, pin) : -1;
    if (pinEnd > 0) return { page: null, pin: text.slice(pin, pinEnd), end: pinEnd, nominative, year };
    SHORT_PIN.lastIndex = q;
    const m = SHORT_PIN.exec(text);
    if (m) return { page: null, pin: m[1].replace(/ +/g, ' '), end: SHORT_PIN.lastIndex, nominative, year };
    return null;
  }
  // The usual page, digits and then neither a suffix nor a bracket, is read by plain code.
  let digits = q;
  while (digits < q + 10 && isDigit(text.charCodeAt(digits))) digits++;
  if (digits > q && text.charCodeAt(digits) !== DASH && text.charCodeAt(digits) !== OPEN_BRACKET) {
    // Ten digits or `456th`: PAGE reads nine, or `456`, and what follows is not a page's end.
    if (digits - q > 9 || isAlnum(text.charCodeAt(digits))) return null;
    return { page: text.slice(q, digits), pin: null, end: digits, nominative, year };
  }
  PAGE.lastIndex = q;
  const m = PAGE.exec(text);
  if (!m) return null;
  const end = PAGE.lastIndex;
  const after = text.charCodeAt(end);
  // `456n` or `456th` is not a page (`111 S.W. 12th St.`).
  if (isAlnum(after)) return null;
  return { page: m[1], pin: null, end, nominative, year };
}
const OPEN_BRACKET = 91;

/**
 * The end of a short form's pin at `p` (after `at` and its spaces) when it is 1-6 digits that
 * SHORT_PIN would read as they are, else -1 (the pattern decides). Digits followed by a word
 * character, `:` (`119:12`), `-` (`5-7`) or a space (`570 n.14`) are left to the pattern.
 * Every short form's pin of the dense text is read here: the pattern's match cost more than
 * the reading.
 */
function plainPinEnd(text: string, p: number): number {
  const end = afterDigits(text, p);
  if (end === p || end - p > 6) return -1;
  const c = text.charCodeAt(end);
  return isAlnum(c) || c === UNDERSCORE || c === COLON || c === DASH || c === SPACE ? -1 : end;
}
const COLON = 58;

/** Editions among `editions` whose own formats accept the citation starting at `start`. */
function editionsAccepting(text: string, editions: readonly number[], written: string, start: number, end: number): readonly number[] {
  // Nearly always every edition takes the standard form: the list is then the spelling's own.
  let all = 0;
  while (all < editions.length && takesStandard(editions[all])) all++;
  if (all === editions.length) return editions;
  const out: number[] = [];
  for (const e of editions) {
    if (takesStandard(e)) {
      out.push(e);
      continue;
    }
    const formats = EDITIONS[e].formats ?? [];
    if (formats.some((f) => startsWithVolume(f) && matchFormat(text, f, written, start)?.end === end)) out.push(e);
  }
  return out;
}

/** A citation in one of the editions' own formats (`2009-Ohio-1234`, `1 Mass. (1 Allen) 1`), longest first. */
function readFormats(text: string, editions: readonly number[], written: string, start: number): { editions: number[]; end: number; volume: string | null; page: string; year: number | null; nominative: string | null } | null {
  let best: ReturnType<typeof readFormats> = null;
  for (const e of editions) {
    for (const f of EDITIONS[e].formats ?? []) {
      if (!startsWithVolume(f)) continue;
      const m = matchFormat(text, f, written, start);
      if (!m) continue;
      if (!best || m.end > best.end) best = { editions: [e], end: m.end, volume: m.volume, page: m.page, year: m.year ? Number(m.year) : null, nominative: m.nominative };
      else if (m.end === best.end && !best.editions.includes(e)) best.editions.push(e);
    }
  }
  return best;
}

/**
 * The token for the spelling ending at `reporterEnd` after a volume, naming `editions` (none
 * for a journal) or `journal`. `suffixed`: the volume has a suffix (`1982-1`), which only an
 * edition's own format may accept, never the standard form.
 */
function caseToken(text: string, volumeStart: number, volume: string, reporterStart: number, reporterEnd: number, hitEditions: readonly number[], journal: string | null, dashed: boolean, suffixed = false): Token | null {
  const written = text.slice(reporterStart, reporterEnd);
  if (!dashed && !suffixed) {
    const tail = readTail(text, reporterEnd);
    if (tail) {
      if (journal) {
        return tail.page ? { kind: 'journal', start: volumeStart, end: tail.end, volume, reporter: journal, page: tail.page } : null;
      }
      // A short form (`84 N.Y.2d at 87`) has no page to check an edition's own format against:
      // eyecite derives one from each full format, so every edition of the spelling may have one.
      const editions = tail.page ? editionsAccepting(text, hitEditions, written, volumeStart, tail.end) : hitEditions;
      if (editions.length) {
        const token: Token = tail.page
          ? { kind: 'case', start: volumeStart, end: tail.end, volume, reporter: written, page: tail.page, editions }
          : { kind: 'short', start: volumeStart, end: tail.end, volume, reporter: written, pin: tail.pin ?? undefined, editions };
        if (tail.nominative) token.nominative = tail.nominative;
        if (tail.year) token.year = tail.year;
        return token;
      }
    }
  }
  if (journal) return null;
  const custom = hitEditions.filter((e) => EDITIONS[e].formats !== null);
  if (custom.length === 0) return null;
  const m = readFormats(text, custom, written, volumeStart);
  if (!m) return null;
  const token: Token = { kind: 'case', start: volumeStart, end: m.end, volume: m.volume ?? volume, reporter: written, page: m.page, editions: m.editions, dashed };
  if (m.nominative) token.nominative = m.nominative;
  if (m.year) token.year = m.year;
  return token;
}

// Editions cited in Louisiana's form, `2009-1359 (La.App. 1 Cir. 05/10/10)`, and the first
// characters of their spellings.
const PAREN_EDITIONS = new Set<number>();
const PAREN_FIRSTS = new Set<number>();
for (let e = 0; e < EDITIONS.length; e++) {
  if (!EDITIONS[e].formats?.some((f) => formatStart(f) === 'paren')) continue;
  PAREN_EDITIONS.add(e);
  for (const spelling of [EDITIONS[e].canonical, ...EDITIONS[e].variations]) PAREN_FIRSTS.add(spelling.charCodeAt(0));
}

/** A Louisiana citation's number, docket number and pin, up to its `(` (see louisianaShape). */
interface LouisianaShape {
  page: string;
  pin: string | null;
  paren: number;
}

/**
 * Louisiana's form up to its `(`, for the number ending at `j` (its digits from `i`): 2-4
 * digits, a dash or spaces, a docket number of 2-5 digits and perhaps a letter, perhaps a pin
 * (`, p. 3`, `, pp. 3-4`), spaces and `(`; else null. `2009-1359, p. 3 (La.App. 1 Cir. 5/10/10)`.
 */
function louisianaShape(text: string, i: number, j: number): LouisianaShape | null {
  if (j - i < 2 || j - i > 4) return null;
  let k = j;
  if (text.charCodeAt(k) === DASH) k++;
  else while (k < j + 3 && text.charCodeAt(k) === SPACE) k++;
  if (k === j) return null;
  const p = k;
  while (k < p + 6 && isDigit(text.charCodeAt(k))) k++;
  if (k - p < 2 || k - p > 5) return null;
  const letter = text.charCodeAt(k);
  if (letter >= 65 && letter <= 90) k++;
  const page = text.slice(p, k);
  let pin: string | null = null;
  if (text.charCodeAt(k) === COMMA) {
    LOUISIANA_PIN.lastIndex = k;
    const m = LOUISIANA_PIN.exec(text);
    if (!m) return null;
    pin = m[1];
    k = LOUISIANA_PIN.lastIndex;
  }
  let q = k;
  while (q < k + 3 && text.charCodeAt(q) === SPACE) q++;
  // The reporter inside begins like one of Louisiana's (`La.App.`): most page ranges followed
  // by a year (`556-57 (2007)`) are turned away here.
  return q > k && text.charCodeAt(q) === OPEN_PAREN && PAREN_FIRSTS.has(text.charCodeAt(q + 1)) ? { page, pin, paren: q } : null;
}
const LOUISIANA_PIN = /, {0,2}pp?\. {0,2}(\d{1,4}(?:-\d{1,4})?)/y;
// After the reporter: the date of decision and the closing parenthesis.
const LOUISIANA_DATE = / {1,3}(\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2}))\)/y;

/** The citation in Louisiana's form whose number starts at `i` (ends at `j`), pushed onto `tokens`. */
function louisianaAt(text: string, i: number, j: number, tokens: Token[]): void {
  const shape = louisianaShape(text, i, j);
  if (!shape) return;
  const hits = walkSpellings(text, shape.paren + 1);
  for (let h = hits.count - 1; h >= 0; h--) {
    let editions: number[] | null = null;
    for (const e of hits.editions[h]) if (PAREN_EDITIONS.has(e)) (editions ??= []).push(e);
    if (!editions) continue;
    LOUISIANA_DATE.lastIndex = hits.ends[h];
    const m = LOUISIANA_DATE.exec(text);
    if (!m || isAlnum(text.charCodeAt(LOUISIANA_DATE.lastIndex))) continue;
    const token: Token = { kind: 'case', start: i, end: LOUISIANA_DATE.lastIndex, volume: text.slice(i, j), reporter: text.slice(shape.paren + 1, hits.ends[h]), page: shape.page, editions, date: m[1] };
    if (shape.pin) token.pin = shape.pin;
    tokens.push(token);
    return;
  }
}

/** The end of the run of digits at `p`. */
function afterDigits(text: string, p: number): number {
  let q = p;
  while (isDigit(text.charCodeAt(q))) q++;
  return q;
}

/**
 * For a volume's suffix whose digits begin at `p` (after `1982-`): where the reporter after
 * it begins (1-3 spaces, then a capital), else -1.
 */
function afterSuffix(text: string, p: number): number {
  const q = afterDigits(text, p);
  if (q - p > 3) return -1;
  const r = afterSpaces(text, q, 3);
  return r > q && isUpper(text.charCodeAt(r)) ? r : -1;
}

/**
 * After the number whose digits end at `j`: where what follows it begins, past a dash
 * (`2009-Ohio-1234`) or 1-3 spaces; else -1.
 */
function afterNumber(text: string, j: number): number {
  if (text.charCodeAt(j) === DASH) return j + 1;
  const k = afterSpaces(text, j, 3);
  return k > j ? k : -1;
}

/**
 * The case, short-case or journal token whose volume starts at `i` (a digit), if any: the
 * volume, then a known spelling (trie walk), then the page or `at` pin after it. The caller
 * has read the number: its digits end at `j`, and what follows begins at `k` (afterNumber).
 */
function volumeAt(text: string, i: number, j: number, k: number, tokens: Token[]): void {
  if (j - i > 5 || (i > 0 && NOT_BEFORE_VOLUME[text.charCodeAt(i - 1)] === 1)) return;
  const dashed = text.charCodeAt(j) === DASH;
  // No spelling begins with a digit: a number after the number is a volume's suffix
  // (`1982-1 Trade Cas. (CCH) ¶ 64,689`), Louisiana's form, or nothing.
  let volumeEnd = j;
  let suffixed = false;
  if (isDigit(text.charCodeAt(k))) {
    const spelling = dashed ? afterSuffix(text, k) : -1;
    if (spelling < 0) {
      louisianaAt(text, i, j, tokens);
      return;
    }
    volumeEnd = afterDigits(text, k);
    k = spelling;
    suffixed = true;
  }
  const hits = walkSpellings(text, k);
  if (hits.count === 0) return;
  const volume = text.slice(i, volumeEnd);
  // Longest spelling first; caseToken walks no trie, so the hits stay as they are.
  for (let h = hits.count - 1; h >= 0; h--) {
    const token = caseToken(text, i, volume, k, hits.ends[h], hits.editions[h], hits.journals[h], dashed && !suffixed, suffixed);
    if (token) {
      tokens.push(token);
      return;
    }
  }
}

/**
 * Case, short-case and journal tokens (every volume followed by a known spelling), and the
 * citations that start with a capitalised word (capitalAt), in one pass over the text. The
 * default scan (scanDefault) finds the same places with its candidate regex; this loop serves
 * a caller's own extractor list.
 */
function scanReporters(text: string, tokens: Token[]): void {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) {
      if (i > 0 && isAlnum(text.charCodeAt(i - 1))) continue;
      const kinds = capitalKinds(text, i);
      if (kinds !== 0) i = capitalAt(text, i, tokens, kinds);
      continue;
    }
    if (code === UNDERSCORE || code === DASH) {
      const before = text.charCodeAt(i - 1);
      if (i === 0 || (!isAlnum(before) && before !== UNDERSCORE)) blankCitationAt(text, i, code, tokens);
      continue;
    }
    if (code < 48 || code > 57) continue;
    const j = afterDigits(text, i);
    const k = afterNumber(text, j);
    if (k >= 0) volumeAt(text, i, j, k, tokens);
    i = j - 1;
  }
}

/**
 * A citation to one of the few editions written reporter first (`T.C. Memo. 2010-123`, `Bee 45`)
 * at `i`, where CAPITAL_PREFIXES lets one begin.
 */
function reporterFirstAt(text: string, i: number): Token | null {
  const hits = walkReporterFirst(text, i, true);
  for (let h = hits.count - 1; h >= 0; h--) {
    const written = text.slice(i, hits.ends[h]);
    let best: { end: number; volume: string | null; page: string; editions: number[] } | null = null;
    for (const e of hits.editions[h]) {
      for (const f of EDITIONS[e].formats ?? []) {
        if (!startsWithReporter(f)) continue;
        if (formatStart(f) === 'either' && plainWord(written)) continue;
        const m = matchFormat(text, f, written, i);
        if (m && (!best || m.end > best.end)) best = { end: m.end, volume: m.volume, page: m.page, editions: [e] };
      }
    }
    if (best) return { kind: 'case', start: i, end: best.end, volume: best.volume ?? undefined, reporter: written, page: best.page, editions: best.editions, reporterFirst: true };
  }
  return null;
}

// Which spellings the first two letters (`first << 16 | second`) may begin, as bits: a table
// for ASCII letters, the sets for the rest (a Set lookup at every capitalised word cost more
// than the rest of the test).
const REPORTER_FIRST_PAIR = 1;
const LAW_PAIR = 2;
const ASCII_PAIR_KINDS = new Uint8Array(128 * 128);
for (const pair of REPORTER_FIRST_PAIRS) if (pair >>> 16 < 128 && (pair & 0xffff) < 128) ASCII_PAIR_KINDS[(pair >>> 16) * 128 + (pair & 0xffff)] |= REPORTER_FIRST_PAIR;
for (const pair of LAW_PAIRS) if (pair >>> 16 < 128 && (pair & 0xffff) < 128) ASCII_PAIR_KINDS[(pair >>> 16) * 128 + (pair & 0xffff)] |= LAW_PAIR;
// Then up to their first eight characters (prefix-filter.ts), read once for both kinds: the
// filter's set 0 answers in bit REPORTER_FIRST_PAIR, its set 1 in bit LAW_PAIR.
const CAPITAL_PREFIXES = new PrefixFilter([REPORTER_FIRST_SPELLINGS, LAW_SPELLINGS]);
function pairKinds(first: number, second: number): number {
  if (first < 128 && second < 128) return ASCII_PAIR_KINDS[first * 128 + second];
  const pair = (first << 16) | second;
  return (REPORTER_FIRST_PAIRS.has(pair) ? REPORTER_FIRST_PAIR : 0) | (LAW_PAIRS.has(pair) ? LAW_PAIR : 0);
}

// The same kinds by the first three characters, read as the tries and the filter read them
// (spaces skipped, curly apostrophes straight): a table per ASCII pair that begins a spelling
// (PAIR_ROW numbers the 98 such pairs from 1), by the third character. Of the 158,542
// capitals of the 5 MB dense text whose pair begins a spelling, 95,612 (`The`, `Inc.`,
// `Court`, `Co.`, `F.3d`, `Id.`) part from every spelling at the third: told so by two table
// reads, they are never handed to capitalAt and the filter. A spelling of fewer than three
// such characters (beyond ASCII, or two letters) lets its pair through whatever follows.
const PAIR_ROW = new Uint16Array(128 * 128);
// A row per pair, at most one per pair of the two sets (row 0: none).
const THIRD_KINDS = new Uint8Array((REPORTER_FIRST_PAIRS.size + LAW_PAIRS.size + 1) * 128);
let pairRows = 0;
// Indexed loops and no per-spelling array: this runs at every start-up, in V8's interpreter.
function addFirstThree(spelling: string, kind: number): void {
  let first = -1;
  let second = -1;
  for (let i = 0; i < spelling.length; i++) {
    const c = straightApostrophe(spelling.charCodeAt(i));
    if (c === SPACE) continue;
    if (c >= 128) break;
    if (first < 0) first = c;
    else if (second < 0) second = c;
    else {
      THIRD_KINDS[pairRow(first, second) + c] |= kind;
      return;
    }
  }
  // Fewer than three such characters: every third one (a pair beyond ASCII is pairKinds' to answer).
  if (second < 0) return;
  const row = pairRow(first, second);
  for (let c = 0; c < 128; c++) THIRD_KINDS[row + c] |= kind;
}
/** Where the row of the pair `first`, `second` begins in THIRD_KINDS, numbered when first met. */
function pairRow(first: number, second: number): number {
  const pair = first * 128 + second;
  if (PAIR_ROW[pair] === 0) PAIR_ROW[pair] = ++pairRows;
  return PAIR_ROW[pair] * 128;
}
for (let s = 0; s < REPORTER_FIRST_SPELLINGS.length; s++) addFirstThree(REPORTER_FIRST_SPELLINGS[s], REPORTER_FIRST_PAIR);
for (let s = 0; s < LAW_SPELLINGS.length; s++) addFirstThree(LAW_SPELLINGS[s], LAW_PAIR);

/**
 * Which kinds of spelling (REPORTER_FIRST_PAIR: 1, LAW_PAIR: 2) may begin at the capital `i`, by
 * its first three characters; the prefix filter and the walks then decide. Never 0 where a
 * spelling begins (tokenize.test.ts holds it to every spelling, spaced as the tries allow).
 */
export function capitalKinds(text: string, i: number): number {
  const first = text.charCodeAt(i);
  let k = afterSpaces(text, i + 1, 2);
  let second = text.charCodeAt(k);
  if (second === 0x2019) second = 39;
  // Beyond ASCII, or the end of the text (NaN): by the pair alone, as before the table.
  if (!(second < 128)) return pairKinds(first, second);
  const row = PAIR_ROW[first * 128 + second];
  if (row === 0) return 0;
  k = afterSpaces(text, k + 1, 2);
  const third = straightApostrophe(text.charCodeAt(k));
  return third < 128 ? THIRD_KINDS[row * 128 + third] : ASCII_PAIR_KINDS[first * 128 + second];
}

/**
 * Citations that start with the capitalised word at `i`: reporter-first editions and every
 * law series (statutes.ts has the common codes; laws.ts all of reporters-db's), of the kinds
 * `capital` (capitalKinds, not 0) lets through. Returns where the scan goes on.
 */
function capitalAt(text: string, i: number, tokens: Token[], capital: number): number {
  const kinds = CAPITAL_PREFIXES.mayBeginAt(text, i, capital);
  if (kinds & REPORTER_FIRST_PAIR) {
    const token = reporterFirstAt(text, i);
    if (token) tokens.push(token);
  }
  if (kinds & LAW_PAIR) {
    const law = lawMatchAt(text, i, true);
    if (law) {
      if (!foundAlready(tokens, law.start, law.end)) tokens.push({ kind: 'statute', start: law.start, end: law.end, statute: statuteOf(law), generic: true });
      return law.end - 1;
    }
  }
  return i;
}

/**
 * Whether `tokens` (found, not yet final) holds an extractor's token from `start` to `end` or
 * further, as `42 U.S.C. § 1983` is found at `42` by statutes.ts before its law is found at
 * `U`: a generic law token of those words would never be kept (the earlier, then longer, then
 * hand-written token wins, and what begins inside a kept token is dropped), so it is not made.
 * Only the tokens from `start` on, last found first, are looked at.
 */
function foundAlready(tokens: Token[], start: number, end: number): boolean {
  for (let t = tokens.length - 1; t >= 0 && tokens[t].start >= start; t--) {
    const token = tokens[t];
    if (token.start === start && token.end >= end && token.generic !== true) return true;
  }
  return false;
}

// --- Id., supra, statutes ----------------------------------------------------------------------

export const DEFAULT_EXTRACTORS: Extractor[] = [
  {
    // `Id.`, `id. at 5`, `Ibid.`; a glued footnote number (`Id.12`) is left outside.
    kind: 'id',
    regex: new RegExp(String.raw`(?<![\w.])(?:[Ii]d\.|[Ii]bid(?:\.|(?![\w])))(?:,? {1,3}(?:at {1,3})?(${PIN_LIST}))?`, 'g'),
    build: (m) => ({ kind: 'id', start: m.index, end: m.index + m[0].length, pin: m[1] }),
  },
  {
    // `supra`, `supra, at 593`, `supra note 4, at 12`; the name before it is read in find.ts.
    kind: 'supra',
    regex: new RegExp(String.raw`(?<![\w])supra(?![\w])(?:,? {0,3}(?:note {1,2}\d{1,3},? {0,3})?at {1,3}(${PIN_LIST}))?`, 'g'),
    build: (m) => ({ kind: 'supra', start: m.index, end: m.index + m[0].length, pin: m[1] }),
  },
  ...STATUTE_PATTERNS.map(
    (p): Extractor => ({
      kind: 'statute',
      regex: p.regex,
      build: (m) => {
        const statute = p.build(m);
        return statute ? { kind: 'statute', start: m.index, end: statute.end ?? m.index + m[0].length, statute } : null;
      },
    }),
  ),
];

// Where a default anchor can begin. Every DEFAULT_EXTRACTORS pattern starts, after a
// lookbehind that excludes at least a preceding word character (and, except `supra`, a
// period), with a volume or year of 1-4 digits followed by 1-3 spaces and a capital or digit
// (or `-` and a capital: `2009-Ohio-1234`), or with one of the literals `Id.`, `Ibid`,
// `supra`, `Cal.`, `Tex.`, `N. Y`, `C. P`, `CPLR`, `Fla.`. nextAnchorStart finds those
// positions, together with the volumes of case citations (up to five digits before a
// reporter) and the first two letters of every reporter-first or law spelling (`T.C. Memo.`,
// `Mass. Gen. Laws`); trying there only the extractors that can start with that character
// (sticky, at that position) finds exactly the matches the per-extractor global scans find —
// a global regex's next match is its leftmost match from lastIndex, and every such start is
// a candidate — in one pass over the text instead of one per extractor.
//
// This is plain code rather than one regex: every candidate begins a word, and the cleaning
// pass, which reads every character anyway, lists the word starts whose first character
// fits (cleanTextAndFindWords), so findCitations never scans the text again for them;
// nextAnchorStart is the same test as a scan, for callers without that list. (A regex
// alternation of ~30 branches behind `\b`, tried at every position of the text, took about
// a sixth of the engine's time.) tokenize.test.ts checks both against that regex.

/** The first two letters (spaces skipped) of the reporter-first and law spellings, as `first << 16 | second`. */
export const SPELLING_PAIRS: ReadonlySet<number> = new Set([...REPORTER_FIRST_PAIRS, ...LAW_PAIRS]);

// Per UTF-16 code unit: whether it is a word character (the regex `\w`), and whether a
// candidate may begin with it — the table the cleaning pass lists word starts by (wordTable),
// so that both agree on where a word begins. The first characters are the digits, the first
// letters of `Id.`, `Ibid`, `supra`, `Cal.`, `Tex.`, `N. Y`, `C. P`, `CPLR`, `Fla.`, and
// those of the spellings. (A spelling that began with anything but a word character could
// never start a word, and wordTable leaves such a character out; the data has none, all
// begin with a capital, and tokenize.test.ts keeps it so.)
const WORD_CHAR = 1;
const MAY_BEGIN = 2;
let spellingFirsts = '';
for (const pair of SPELLING_PAIRS) spellingFirsts += String.fromCharCode(pair >>> 16);
const CHAR_CLASS = wordTable(`0123456789IisCTNF_-${spellingFirsts}`);
/**
 * Whether the first two letters `first`, `second` (spaces skipped) begin a reporter-first or
 * law spelling: pairKinds(first, second) !== 0, written out because it runs at every
 * capitalised word nextAnchorStart passes.
 */
function beginsSpelling(first: number, second: number): boolean {
  return first < 128 && second < 128 ? ASCII_PAIR_KINDS[first * 128 + second] !== 0 : SPELLING_PAIRS.has((first << 16) | second);
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const OPEN_PAREN_CODE = 40;

/**
 * Whether `text` holds `literal` at `p`: as startsWith, written out because it runs at
 * thousands of word starts and a call into the builtin costs more than the comparison.
 */
function hasAt(text: string, p: number, literal: string): boolean {
  for (let k = 0; k < literal.length; k++) if (text.charCodeAt(p + k) !== literal.charCodeAt(k)) return false;
  return true;
}

/**
 * The candidate test for the number at `p`, whose digits end at `j`: at most five digits, then
 * 1-3 spaces and a capital, digit or `(`, or a dash and a capital (or a volume's suffix, or
 * Louisiana's form: `2009-1359 (La.App. ...`). Where what follows the number begins
 * (afterNumber) when it passes, else -1.
 */
function afterCandidateNumber(text: string, p: number, j: number): number {
  if (j - p > 5) return -1;
  const k = afterNumber(text, j);
  if (k < 0) return -1;
  const next = text.charCodeAt(k);
  if (text.charCodeAt(j) === DASH) return isUpper(next) || (isDigit(next) && (afterSuffix(text, k) >= 0 || louisianaShape(text, p, j) !== null)) ? k : -1;
  return isUpper(next) || isDigit(next) || next === OPEN_PAREN_CODE ? k : -1;
}

/** Whether a candidate begins at `p`, the start of a word whose first character is `first`. */
function anchorMayStartAt(text: string, p: number, first: number): boolean {
  if (isDigit(first)) return afterCandidateNumber(text, p, afterDigits(text, p + 1)) >= 0;
  if (first === UNDERSCORE || first === DASH) return blankStart(text, p, first) >= 0;
  return beginsSpelling(first, text.charCodeAt(afterSpaces(text, p + 1, 2))) || literalAt(text, p, first);
}

const UNDERSCORE = 95;

/**
 * Where the reporter of a citation with a blank volume (`___ U.S. ___`, `— U.S. —`, `----
 * L. Ed. 2d ----`) may begin, for the blank starting at `p` (its character `first`): after the
 * run of `_` or `-`, 1-3 spaces and a capital; else -1. A single dash (an em dash, cleaned)
 * counts only after a comma (`Hurst v. Florida, — U.S. —`), since `- U.S. -` may be prose.
 */
function blankStart(text: string, p: number, first: number): number {
  if (text.charCodeAt(p - 1) === first) return -1;
  let q = p + 1;
  while (text.charCodeAt(q) === first) q++;
  if (first === DASH && q === p + 1) {
    let b = p;
    while (b > p - 3 && text.charCodeAt(b - 1) === SPACE) b--;
    if (text.charCodeAt(b - 1) !== COMMA) return -1;
  }
  const r = afterSpaces(text, q, 3);
  return r > q && isUpper(text.charCodeAt(r)) ? r : -1;
}

/**
 * A citation whose volume and page are blank (`Hurst v. Florida, — U.S. —, 136 S. Ct. 616`;
 * `Foo v. Bar, ___ U.S. ___ (2024)`): a decision not yet in the reporter's bound volumes,
 * checked by its name. Pushed onto `tokens` when the blank at `p` begins one.
 */
function blankCitationAt(text: string, p: number, first: number, tokens: Token[]): void {
  const k = blankStart(text, p, first);
  if (k < 0) return;
  const hits = walkSpellings(text, k);
  for (let h = hits.count - 1; h >= 0; h--) {
    if (hits.journals[h]) continue;
    const end = hits.ends[h];
    const r = afterSpaces(text, end, 3);
    const blank = text.charCodeAt(r);
    if (r === end || (blank !== UNDERSCORE && blank !== DASH)) continue;
    let e = r;
    while (text.charCodeAt(e) === blank) e++;
    if (isAlnum(text.charCodeAt(e))) continue;
    let editions: number[] | null = null;
    for (const edition of hits.editions[h]) if (takesStandard(edition)) (editions ??= []).push(edition);
    if (!editions) continue;
    tokens.push({ kind: 'case', start: p, end: e, volume: '___', reporter: text.slice(k, end), page: '___', editions });
    return;
  }
}

/**
 * Whether one of the literals a default extractor's match begins with (`Id.`, `Ibid`,
 * `supra`, `Cal.`, `Tex.`, `N. Y`, `C. P`, `CPLR`, `Fla.`) is at `p`, whose character is `first`.
 * The second character is compared first, in place: it tells most words apart (`in`, `is`,
 * `The`, `Court`), and this runs at every capital and every `i` and `s` listed.
 */
function literalAt(text: string, p: number, first: number): boolean {
  const second = text.charCodeAt(p + 1);
  switch (first) {
    case 73: // I
    case 105: // i
      return (second === 100 /* d */ && text.charCodeAt(p + 2) === DOT) || (second === 98 /* b */ && hasAt(text, p + 2, 'id'));
    case 115: // s
      return second === 117 /* u */ && hasAt(text, p + 2, 'pra');
    case 67: // C: `Cal.`, `CPLR`, `C.` and, after at most two spaces, `P`
      return (second === 97 /* a */ && hasAt(text, p + 2, 'l.')) || (second === 80 /* P */ && hasAt(text, p + 2, 'LR')) || (second === DOT && text.charCodeAt(afterSpaces(text, p + 2, 2)) === 80);
    case 84: // T
      return second === 101 /* e */ && hasAt(text, p + 2, 'x.');
    case 78: // N: `N.` and, after at most two spaces, `Y`
      return second === DOT && text.charCodeAt(afterSpaces(text, p + 2, 2)) === 89;
    case 70: // F
      return second === 108 /* l */ && hasAt(text, p + 2, 'a.');
  }
  return false;
}

/** The first characters of the words a candidate may begin (for cleanTextAndFindWords). */
export const ANCHOR_FIRST_CHARS = [...Array(128).keys()].filter((c) => CHAR_CLASS[c] & MAY_BEGIN).map((c) => String.fromCharCode(c)).join('');

/**
 * The first position at or after `from` where a default anchor, a case volume or a
 * reporter-first or law spelling may begin (see above), or -1.
 */
export function nextAnchorStart(text: string, from: number): number {
  const n = text.length;
  // Bit 0: whether the previous character is a word character.
  let previousIsWord = from > 0 ? CHAR_CLASS[text.charCodeAt(from - 1)] & WORD_CHAR : 0;
  for (let i = from; i < n; i++) {
    const cls = CHAR_CLASS[text.charCodeAt(i)];
    // MAY_BEGIN counts only where a word begins: masked off after a word character. Written
    // without branches: word boundaries come every few characters, too irregularly for the
    // processor to predict, and this loop runs over every character of the text.
    const begins = cls & ~(previousIsWord << 1);
    previousIsWord = cls & WORD_CHAR;
    if (begins & MAY_BEGIN && anchorMayStartAt(text, i, text.charCodeAt(i))) return i;
  }
  return -1;
}

const DOT = 46;
const LOWER_S = 115;

/**
 * The literals literalAt looks for (a default extractor's match begins with one): only their
 * first two characters are read here, for FIRST_TWO.
 */
const LITERALS = ['Id.', 'Ibid', 'id.', 'ibid', 'supra', 'Cal.', 'CPLR', 'C.', 'Tex.', 'N.', 'Fla.'];

/**
 * By a word's first two characters (`first * 128 + second`, both ASCII): 1 when a candidate
 * may begin there — any number, blank (`_`, `-`) or capital followed by a space (the tries and
 * capitalKinds skip spaces), a pair that begins a reporter-first or law spelling, the first two
 * of a literal — else 0. A third of the dense text's listed words (`in`, `is`, `See`, `City`,
 * `Airline`) fail it, and the stream turns them away without a call to anchorsAt.
 */
const FIRST_TWO = new Uint8Array(128 * 128);
for (let first = 0; first < 128; first++) {
  if (!(CHAR_CLASS[first] & MAY_BEGIN)) continue;
  const any = isDigit(first) || first === UNDERSCORE || first === DASH;
  for (let second = 0; second < 128; second++) {
    const pair = first * 128 + second;
    if (any || second === SPACE || ASCII_PAIR_KINDS[pair] !== 0 || PAIR_ROW[pair] !== 0) FIRST_TWO[pair] = 1;
  }
}
for (const literal of LITERALS) FIRST_TWO[literal.charCodeAt(0) * 128 + literal.charCodeAt(1)] = 1;

/**
 * Whether anchorsAt is to be called at the word start `p`, whose character `first` may begin a
 * candidate (MAY_BEGIN): not after a period (`U.S.`, `S. Ct.`: inside an abbreviation, where
 * only `supra` may begin one, as in `n.supra`), and only when its first two characters may
 * begin one (FIRST_TWO; a second character beyond ASCII, or none, is left to anchorsAt).
 */
function mayAnchorAt(text: string, p: number, first: number): boolean {
  if (first !== LOWER_S && text.charCodeAt(p - 1) === DOT) return false;
  const second = text.charCodeAt(p + 1);
  return !(second < 128) || FIRST_TWO[first * 128 + second] !== 0;
}

// The characters each default extractor's match can begin with (same order as DEFAULT_EXTRACTORS).
const DIGITS = '0123456789';
const DEFAULT_FIRST: Record<string, string> = {
  usc: DIGITS, cfr: DIGITS, fedreg: DIGITS, ilcs: DIGITS,
  'state-code': 'CT', 'ny-law': 'N', cplr: 'NC', 'fla-stat': 'F',
};
const FIRST_CHARS = ['Ii', 's', ...STATUTE_PATTERNS.map((p) => DEFAULT_FIRST[p.name])];

/**
 * What the default extractors that begin with a number need of it: at most `digits` digits,
 * a year (`19xx`, `20xx`) when `year`, and then, after 1-3 spaces, one of `next` — or, when
 * `next` is '-', a dash right after the number (`2009-Ohio-1234`).
 */
interface NumberShape {
  digits: number;
  year: boolean;
  next: string;
}
const DEFAULT_NUMBER_SHAPES: Record<string, NumberShape> = {
  usc: { digits: 2, year: false, next: 'U' },
  cfr: { digits: 2, year: false, next: 'C' },
  fedreg: { digits: 3, year: false, next: 'F' },
  ilcs: { digits: 3, year: false, next: 'I' },
};
const NUMBER_SHAPES: (NumberShape | null)[] = [
  null,
  null,
  ...STATUTE_PATTERNS.map((p) => DEFAULT_NUMBER_SHAPES[p.name] ?? null),
];

// The one-pass scan is only valid for the regexes its tables describe (checked once here,
// and on every call that the caller has not swapped one).
const DEFAULT_REGEXES: RegExp[] =
  FIRST_CHARS.length === DEFAULT_EXTRACTORS.length && FIRST_CHARS.every((f, e) => f && (f !== DIGITS || NUMBER_SHAPES[e]))
    ? DEFAULT_EXTRACTORS.map((x) => x.regex)
    : [];

/**
 * The extractors to try at a candidate, by character code (ASCII: every first character and
 * `next` is; an array indexed by code, where a Map lookup at every candidate cost more).
 */
type ByCode = (number[] | undefined)[];
interface Dispatch {
  /** Sticky copies of the extractors' regexes. */
  sticky: RegExp[];
  /** char code → indexes of the extractors a match starting with it may come from (letters). */
  byChar: ByCode;
  /** For a number: char code after it (see NumberShape) → extractors that may match there. */
  byNext: ByCode;
}
let dispatch: Dispatch | null = null;

function addTo(byCode: ByCode, chars: string, e: number): void {
  for (let k = 0; k < chars.length; k++) {
    const c = chars.charCodeAt(k);
    const list = byCode[c];
    if (list) list.push(e);
    else byCode[c] = [e];
  }
}

/** The extractors listed under `c` (none for a code beyond ASCII, or the end of the text). */
const listed = (byCode: ByCode, c: number) => (c < 128 ? byCode[c] : undefined);

function defaultDispatch(): Dispatch {
  if (dispatch) return dispatch;
  const byChar: ByCode = new Array<number[] | undefined>(128).fill(undefined);
  const byNext: ByCode = new Array<number[] | undefined>(128).fill(undefined);
  FIRST_CHARS.forEach((chars, e) => {
    if (chars === DIGITS) addTo(byNext, (NUMBER_SHAPES[e] as NumberShape).next, e);
    else addTo(byChar, chars, e);
  });
  const sticky = DEFAULT_EXTRACTORS.map((x) => new RegExp(x.regex.source, `${x.regex.flags.replace('g', '')}y`));
  return (dispatch = { sticky, byChar, byNext });
}


/** tokenize's unsorted tokens for DEFAULT_EXTRACTORS, in one scan of the text (see TokenStream for the word starts' list). */
function scanDefault(text: string, tokens: Token[]): void {
  const dispatch = defaultDispatch();
  // Per extractor, where its global scan would resume (its lastIndex).
  const resume = new Array<number>(dispatch.sticky.length).fill(0);
  for (let p = nextAnchorStart(text, 0); p >= 0; p = nextAnchorStart(text, p + 1)) {
    const first = text.charCodeAt(p);
    if (mayAnchorAt(text, p, first)) anchorsAt(text, p, first, tokens, dispatch, resume);
  }
}

/** The order of tokens: by start, the longer first, a hand-written statute before a generic one. */
const byPosition = (a: Token, b: Token) => a.start - b.start || b.end - a.end || Number(a.generic ?? false) - Number(b.generic ?? false);

/**
 * Sorts `tokens` in place by byPosition, stably, as `sort` would: by insertion, since a
 * stream's step finds them nearly in order. On citation-dense text every step has some out
 * of place (765 of 58,879 tokens: a hand-written statute found after the generic law of the
 * same words, which it goes before), and `sort` copied each step's few hundred tokens and
 * compared several times as many pairs. Tokens are found word start after word start, each
 * beginning at its word or at the number just before it (a law, laws.ts), so one out of place
 * moves back only past the few found at that word or number: the insertions stay linear.
 */
function sortNearlySorted(tokens: Token[]): void {
  for (let t = 1; t < tokens.length; t++) {
    const token = tokens[t];
    if (byPosition(tokens[t - 1], token) <= 0) continue;
    let i = t;
    for (; i > 0 && byPosition(tokens[i - 1], token) > 0; i--) tokens[i] = tokens[i - 1];
    tokens[i] = token;
  }
}

/** Tokens in text order, handed out one at a time (find.ts), and the anchor index of those handed out. */
export interface TokenSource {
  /** Token `i` in text order, or undefined past the last. */
  get(i: number): Token | undefined;
  /** The anchors: every token up to the last one asked for, at least. */
  readonly anchors: AnchorIndex;
}

const SPACE_CODE = 32;
const COMMA_CODE = 44;
/**
 * Word starts read per step of a TokenStream: about 40 KB of a brief, a real opinion in one
 * or two steps. (Steps of 128, a kilobyte and a half, cost 3-4% of a pass over real opinions:
 * the tokenizer's and the citation builder's code taking turns that often.)
 */
const STEP = 4096;

/**
 * tokenize's tokens for DEFAULT_EXTRACTORS, found as they are asked for: the word starts are
 * read a step at a time, and the tokens that no later word start can precede are sorted, rid
 * of overlaps and handed on. A token found at a word start begins there, or at the number
 * before it (a law written `42 U.S.C.` is found at its `U`: laws.ts reads back over at most
 * three spaces or commas and the digits), so none begins before the run of spaces, commas and
 * digits that ends at the next word start to read: the tokens before it are final, and in the
 * order and with the overlaps the whole list sorted at once gives. A token is thus used soon
 * after it is made, and dies young: held in a list for the whole text until every citation
 * was built, the tokens were copied by the young-generation collector and promoted, about a
 * third of what it copied on citation-dense text.
 */
export class TokenStream implements TokenSource {
  readonly anchors = new AnchorIndex();
  private readonly dispatch = defaultDispatch();
  // Per extractor, where its global scan would resume (its lastIndex).
  private readonly resume: number[];
  /** The next word start to read. */
  private k = 0;
  /** Found, not yet final (in the order found). */
  private pending: Token[] = [];
  /** Final tokens from index `first` on (those before are dropped once handed out). */
  private final: Token[] = [];
  private first = 0;
  private lastEnd = -1;

  /** `step`: word starts read at a time (the tests read one or two, to stop at every place). */
  constructor(
    private readonly text: string,
    private readonly words: WordStarts,
    private readonly markers: MarkerCandidates | null,
    private readonly stepSize = STEP,
  ) {
    this.resume = new Array<number>(this.dispatch.sticky.length).fill(0);
  }

  get(i: number): Token | undefined {
    while (i >= this.first + this.final.length && this.k <= this.words.count) this.step();
    // What was handed out before the one asked for is not asked again (find.ts reads each
    // token and the next): let it go.
    if (i - this.first > 1024) {
      this.final = this.final.slice(i - 1 - this.first);
      this.first = i - 1;
    }
    return this.final[i - this.first];
  }

  /** Reads the next word starts (`stepSize` of them) and makes final the tokens that are. */
  private step(): void {
    const { text, words, markers, dispatch, resume } = this;
    const { offsets, count } = words;
    const pending = this.pending;
    const end = Math.min(count, this.k + this.stepSize);
    // A local index: the field would be read and written at every word.
    let k = this.k;
    for (; k < end; k++) {
      const p = offsets[k];
      const first = text.charCodeAt(p);
      if (CHAR_CLASS[first] & MAY_BEGIN && mayAnchorAt(text, p, first)) anchorsAt(text, p, first, pending, dispatch, resume);
      // The reference markers that end with these numbers, while the text around them is at hand.
      if (markers !== null && mayBeMarkerWord(first)) markers.addAt(text, p);
    }
    this.k = k;
    let bound = Infinity;
    if (this.k < count) {
      bound = offsets[this.k];
      for (let c = text.charCodeAt(bound - 1); bound > 0 && (c === SPACE_CODE || c === COMMA_CODE || isDigit(c)); c = text.charCodeAt(bound - 1)) bound--;
    } else {
      // Every word start read: all are final.
      this.k = count + 1;
      if (markers !== null) markers.complete = true;
    }
    if (pending.length === 0) return;
    // Sorted whole, the list begins with the tokens before `bound`, in the order sorting them
    // alone gives (the sort keeps the order found among equals); the rest stay in it. (Two
    // new lists a step, and the list of the rest grown again from nothing, cost more.)
    sortNearlySorted(pending);
    let ready = 0;
    while (ready < pending.length && pending[ready].start < bound) ready++;
    for (let t = 0; t < ready; t++) {
      const token = pending[t];
      if (token.start < this.lastEnd) continue;
      this.final.push(token);
      this.anchors.add(token);
      this.lastEnd = token.end;
    }
    if (ready > 0) {
      pending.copyWithin(0, ready);
      pending.length -= ready;
    }
  }
}

/**
 * The tokens that begin at the word start `p`, whose character is `first`, pushed onto
 * `tokens` (called where mayAnchorAt lets through): nothing where no candidate begins (anchorMayStartAt). The candidate test is made
 * here, on the way, rather than before the call: a number's digits and the spaces after them
 * are read once for the test, the volume and the extractors (three times when the test came
 * first), and a capital's literal (`Cal.`, `Tex.`) is looked for once.
 */
function anchorsAt(text: string, p: number, first: number, tokens: Token[], { sticky, byChar, byNext }: Dispatch, resume: number[]): void {
  let list: number[] | undefined;
  let digits = 0;
  let year = false;
  if (isDigit(first)) {
    // The candidate test, whose reading of the number is then used for the volume and the extractors.
    const j = afterDigits(text, p + 1);
    const k = afterCandidateNumber(text, p, j);
    if (k < 0) return;
    const next = text.charCodeAt(j) === DASH ? DASH : text.charCodeAt(k);
    volumeAt(text, p, j, k, tokens);
    // The number's length, whether it is a year, and what follows it (the extractors').
    digits = j - p;
    year = digits === 4 && ((first === 49 && text.charCodeAt(p + 1) === 57) || (first === 50 && text.charCodeAt(p + 1) === 48));
    list = listed(byNext, next);
  } else if (first === UNDERSCORE || first === DASH) {
    blankCitationAt(text, p, first, tokens);
    return;
  } else {
    // A capitalised word is read further (capitalAt) when its first three characters begin a
    // reporter-first or law spelling (`Code`, `U.S.C.`). The extractors that begin with a
    // letter each need their literal at `p`, so without one none is run.
    if (isUpper(first)) {
      const kinds = capitalKinds(text, p);
      if (kinds !== 0) capitalAt(text, p, tokens, kinds);
    }
    if (!literalAt(text, p, first)) return;
    list = listed(byChar, first);
  }
  if (!list) return;
  for (let k = 0; k < list.length; k++) {
    const e = list[k];
    if (resume[e] > p) continue;
    if (digits > 0) {
      const shape = NUMBER_SHAPES[e] as NumberShape;
      if (digits > shape.digits || (shape.year && !year)) continue;
    }
    const x = sticky[e];
    x.lastIndex = p;
    const m = x.exec(text);
    if (m === null) continue;
    if (m[0].length === 0) {
      resume[e] = p + 1;
      continue;
    }
    const end = p + m[0].length;
    resume[e] = end;
    const token = DEFAULT_EXTRACTORS[e].build(m);
    if (!token) continue;
    tokens.push(token);
    if (token.end < end) resume[e] = token.end;
  }
}

/**
 * All anchors in `text` (already cleaned), sorted by position, overlaps removed (the
 * earlier, then longer, anchor wins). `words`: where the words of `text` that begin with
 * one of ANCHOR_FIRST_CHARS begin (at least those), when the caller has them
 * (cleanTextAndFindWords); the text is then not scanned again. `markers`: filled, with the
 * default extractors and `words` listing MARKER_FIRST_CHARS too, with the reference markers
 * that end with those words (references.ts), which findReferences then reads instead of the words.
 */
export function tokenize(text: string, extractors: Extractor[] = DEFAULT_EXTRACTORS, words: WordStarts | null = null, markers: MarkerCandidates | null = null): Token[] {
  const tokens: Token[] = [];
  // The one-pass scan knows the default extractors' first characters; any other list (or a
  // default list changed by a caller) is scanned extractor by extractor.
  if (extractors === DEFAULT_EXTRACTORS && extractors.length === DEFAULT_REGEXES.length && extractors.every((x, e) => x.regex === DEFAULT_REGEXES[e])) {
    if (words) {
      // As findCitations reads them (the same tokens as the scan below, sorted).
      const stream = new TokenStream(text, words, markers);
      for (let token = stream.get(0), i = 1; token !== undefined; token = stream.get(i++)) tokens.push(token);
      return tokens;
    }
    scanDefault(text, tokens);
  } else {
    scanReporters(text, tokens);
    for (const extractor of extractors) {
      const re = extractor.regex;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(text)) !== null) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const token = extractor.build(m);
        if (!token) continue;
        tokens.push(token);
        // A token may end before its match (statutes.ts trims `§ 1983 and 28`); resume there
        // so the next citation (`28 U.S.C. ...`) can still be matched.
        if (token.end < re.lastIndex) re.lastIndex = token.end;
      }
    }
  }
  // Stable: tokens with the same span keep extractor order (scanDefault emits them so too).
  tokens.sort(byPosition);
  const kept: Token[] = [];
  let lastEnd = -1;
  for (const t of tokens) {
    if (t.start >= lastEnd) {
      kept.push(t);
      lastEnd = t.end;
    }
  }
  return kept;
}
