/**
 * Stage 2, tokenize: find the anchors every citation hangs on, in one linear pass over
 * the cleaned text (one pass per extractor for a caller's own extractor list).
 *
 * eyecite splits the whole text into words and matches each word against its reporter
 * table; we instead let V8's regex engine scan for anchors directly — a volume followed by
 * a catalogue abbreviation (one compiled alternation), `Id.`, `supra`, a code name — and
 * leave everything around the anchor (names, pin cites, parentheticals) to local parsing in
 * find.ts. Each pattern begins with a literal or a bounded digit run and uses bounded
 * quantifiers only, so no input can make it backtrack over the whole text. With the default
 * extractors, one cheap scan (ANCHOR_START) finds the places where any anchor may begin and
 * each extractor is tried, sticky, only where its first characters fit (scanDefault).
 *
 * Extractors are data (`Extractor[]`) and `tokenize` takes them as a parameter with a
 * default, like eyecite's swappable tokenizers.
 */
import { findReporter } from './catalogue';
import { STATUTE_PATTERNS, type StatuteMatch } from './statutes';

export type TokenKind = 'case' | 'short' | 'neutral' | 'wl' | 'lexis' | 'id' | 'supra' | 'statute';

export interface Token {
  kind: TokenKind;
  /** Span of the anchor in the text (the name before a short form is added later). */
  start: number;
  end: number;
  volume?: string;
  /** The reporter as written (`F. 3d`); find.ts maps it to the catalogue. */
  reporter?: string;
  page?: string;
  /** Pin cite written inside the anchor (`at 556`, `Id. at 5`). */
  pin?: string;
  /** Neutral citations: the district in `IL App (1st)`. */
  district?: string;
  statute?: StatuteMatch;
}

export interface Extractor {
  kind: TokenKind;
  regex: RegExp;
  build(m: RegExpExecArray): Token | null;
}

// A pin: `556`, `556-57`, `*3`, `570 n.14`.
const PIN = String.raw`\*{0,2}\d{1,5}(?:-\d{1,5})?(?: {0,2}nn?\. {0,2}\d{1,3})?`;
const LEFT = String.raw`(?<![\w.,$§/-])`;
// The shape of a reporter abbreviation: up to six pieces (`F.` `Supp.` `2d`, `N.` `Y.` `S.`
// `3d`, `AD` `3d`, `F.` `App'x`), each a capitalised word or a series suffix, with up to
// three spaces between (OCR: `F. 3d`, `U. S.`; line breaks are spaces after cleaning).
// Matching a shape and then looking it up in the catalogue, rather than compiling every
// spelling into one alternation, keeps the regex small (fast to compile: cold start) and
// makes the catalogue the only source of truth. Each piece is atomic — `(?=(x))\N` — so an
// all-capitals run like `ILCS` cannot be re-split into pieces on backtracking.
const piece = (g: number) => `(?=([A-Z][A-Za-z']{0,10}|\\d(?:d|nd|rd|th)(?![a-z])))\\${g}\\.?`;
const REPORTER_SHAPE = String.raw`${piece(3)}(?: {0,3}${piece(4)}){0,5}`;
const CASE_KINDS = new Set(['federal', 'state', 'regional', 'specialty']);

const span = (m: RegExpExecArray) => ({ start: m.index, end: m.index + m[0].length });

export const DEFAULT_EXTRACTORS: Extractor[] = [
  {
    // `550 U.S. 544`, `347 U. S. 483`, `___ F.4th ___` is not possible (volume required) but
    // `594 U.S. ___` is; `550 U.S. at 556` and `550 U.S., at 556` are short forms.
    kind: 'case',
    regex: new RegExp(
      String.raw`${LEFT}(\d{1,4}) {1,3}(${REPORTER_SHAPE})(?: {0,3},? {0,3}(at) {1,3}(${PIN})| {0,3}(\d{1,5}|_{2,}|-{3,}))(?![\w])`,
      'g',
    ),
    build: (m) => {
      // Shapes that are not case reporters (`ILCS`, `WL`, `ND`, `Title`) are left to other extractors.
      const entry = findReporter(m[2]);
      if (!entry || !CASE_KINDS.has(entry.kind)) return null;
      return m[5]
        ? { kind: 'short', ...span(m), volume: m[1], reporter: m[2], pin: m[6] }
        : { kind: 'case', ...span(m), volume: m[1], reporter: m[2], page: m[7] };
    },
  },
  {
    // Public-domain citations: `2014 ND 95`, `2013 IL App (1st) 111279-U`.
    kind: 'neutral',
    regex: /(?<![\w.])((?:19|20)\d\d) {1,3}(IL App|IL|ND App|ND|OK CIV APP|OK|UT App|UT|WI App|WI|ME|MT|SD|WY|VT|COA|CO|Ark\.)(?: {0,3}\((\d(?:st|nd|rd|th))\))? {1,3}(\d{1,7}(?:-U|-B)?)(?![\w-])/g,
    build: (m) => ({ kind: 'neutral', ...span(m), volume: m[1], reporter: m[2], district: m[3], page: m[4] }),
  },
  {
    // `2009-Ohio-1234`, `2001-NMSC-019`.
    kind: 'neutral',
    regex: /(?<![\w.-])((?:19|20)\d\d)-(Ohio|NMSC|NMCA)-(\d{1,6})(?![\w-])/g,
    build: (m) => ({ kind: 'neutral', ...span(m), volume: m[1], reporter: m[2], page: m[3] }),
  },
  {
    // `2019 WL 4639462`
    kind: 'wl',
    regex: /(?<![\w.])((?:19|20)\d\d) {1,3}WL {1,3}(\d{3,9})(?![\w])/g,
    build: (m) => ({ kind: 'wl', ...span(m), volume: m[1], reporter: 'WL', page: m[2] }),
  },
  {
    // `2019 U.S. Dist. LEXIS 12345`, `2004 N.Y. Misc. LEXIS 77`
    kind: 'lexis',
    regex: /(?<![\w.])((?:19|20)\d\d) {1,3}((?:[A-Z][A-Za-z.']{0,12} {0,2}){0,4})LEXIS {1,3}(\d{1,7})(?![\w])/g,
    build: (m) => ({ kind: 'lexis', ...span(m), volume: m[1], reporter: `${m[2].replace(/ +/g, ' ').trim()} LEXIS`.trim(), page: m[3] }),
  },
  {
    // `Id.`, `id. at 5`, `Ibid.`; a glued footnote number (`Id.12`) is left outside.
    kind: 'id',
    regex: new RegExp(String.raw`(?<![\w.])(?:[Ii]d\.|[Ii]bid(?:\.|(?![\w])))(?: {0,3},? {0,3}at {1,3}(${PIN}))?`, 'g'),
    build: (m) => ({ kind: 'id', ...span(m), pin: m[1] }),
  },
  {
    // `supra`, `supra, at 593`, `supra note 4, at 12`; the name before it is read in find.ts.
    kind: 'supra',
    regex: new RegExp(String.raw`(?<![\w])supra(?![\w])(?:,? {0,3}(?:note {1,2}\d{1,3},? {0,3})?at {1,3}(${PIN}))?`, 'g'),
    build: (m) => ({ kind: 'supra', ...span(m), pin: m[1] }),
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
// `supra`, `Cal.`, `Tex.`, `N. Y`, `C. P`, `CPLR`, `Fla.`. ANCHOR_START finds those
// positions (the preceding period is checked by hand: a lookbehind makes the scan slower);
// trying there only the extractors that can start with that character (sticky, at that
// position) finds exactly the matches the per-extractor global scans find — a global
// regex's next match is its leftmost match from lastIndex, and every such start is a
// candidate — in one pass over the text instead of one per extractor.
const ANCHOR_START = /\b(?:\d{1,4}(?: {1,3}[A-Z0-9]|-[A-Z])|[Ii](?:d\.|bid)|supra|Cal\.|Tex\.|N\. {0,2}Y|C\. {0,2}P|CPLR|Fla\.)/g;
const DOT = 46;
const LOWER_S = 115;

// The characters each default extractor's match can begin with (same order as DEFAULT_EXTRACTORS).
const DIGITS = '0123456789';
const CAPITALS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DEFAULT_FIRST: Record<string, string> = {
  usc: DIGITS, cfr: DIGITS, fedreg: DIGITS, ilcs: DIGITS,
  'state-code': 'CT', 'ny-law': 'N', cplr: 'NC', 'fla-stat': 'F',
};
const FIRST_CHARS = [DIGITS, DIGITS, DIGITS, DIGITS, DIGITS, 'Ii', 's', ...STATUTE_PATTERNS.map((p) => DEFAULT_FIRST[p.name])];

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
  { digits: 4, year: false, next: CAPITALS + DIGITS }, // volume reporter
  { digits: 4, year: true, next: 'ACIMNOSUVW' }, // `2014 ND 95`: the first letters of the codes
  { digits: 4, year: true, next: '-' }, // `2009-Ohio-1234`
  { digits: 4, year: true, next: 'W' }, // WL
  { digits: 4, year: true, next: CAPITALS }, // LEXIS
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

interface Dispatch {
  /** Sticky copies of the extractors' regexes. */
  sticky: RegExp[];
  /** char code → indexes of the extractors a match starting with it may come from (letters). */
  byChar: Map<number, number[]>;
  /** For a number: char code after it (see NumberShape) → extractors that may match there. */
  byNext: Map<number, number[]>;
}
let dispatch: Dispatch | null = null;

function addTo(map: Map<number, number[]>, chars: string, e: number): void {
  for (let k = 0; k < chars.length; k++) {
    const c = chars.charCodeAt(k);
    const list = map.get(c);
    if (list) list.push(e);
    else map.set(c, [e]);
  }
}

function defaultDispatch(): Dispatch {
  if (dispatch) return dispatch;
  const byChar = new Map<number, number[]>();
  const byNext = new Map<number, number[]>();
  FIRST_CHARS.forEach((chars, e) => {
    if (chars === DIGITS) addTo(byNext, (NUMBER_SHAPES[e] as NumberShape).next, e);
    else addTo(byChar, chars, e);
  });
  const sticky = DEFAULT_EXTRACTORS.map((x) => new RegExp(x.regex.source, `${x.regex.flags.replace('g', '')}y`));
  return (dispatch = { sticky, byChar, byNext });
}

const SPACE = 32;
const DASH = 45;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** tokenize's unsorted tokens for DEFAULT_EXTRACTORS, in one scan of the text. */
function scanDefault(text: string, tokens: Token[]): void {
  const { sticky, byChar, byNext } = defaultDispatch();
  // Per extractor, where its global scan would resume (its lastIndex).
  const resume = new Array<number>(sticky.length).fill(0);
  const re = ANCHOR_START;
  re.lastIndex = 0;
  let cand: RegExpExecArray | null;
  while ((cand = re.exec(text)) !== null) {
    const p = cand.index;
    re.lastIndex = p + 1;
    const first = text.charCodeAt(p);
    if (first !== LOWER_S && text.charCodeAt(p - 1) === DOT) continue;
    let list: number[] | undefined;
    let digits = 0;
    let year = false;
    if (isDigit(first)) {
      // The number's length, whether it is a year, and what follows it.
      let j = p + 1;
      while (isDigit(text.charCodeAt(j))) j++;
      digits = j - p;
      year = digits === 4 && ((first === 49 && text.charCodeAt(p + 1) === 57) || (first === 50 && text.charCodeAt(p + 1) === 48));
      let next = text.charCodeAt(j);
      if (next === SPACE) {
        let q = j + 1;
        while (q < j + 3 && text.charCodeAt(q) === SPACE) q++;
        next = text.charCodeAt(q);
      } else if (next !== DASH) continue;
      list = byNext.get(next);
    } else list = byChar.get(first);
    if (!list) continue;
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
}

/**
 * All anchors in `text` (already cleaned), sorted by position, overlaps removed (the
 * earlier, then longer, anchor wins).
 */
export function tokenize(text: string, extractors: Extractor[] = DEFAULT_EXTRACTORS): Token[] {
  const tokens: Token[] = [];
  // The one-pass scan knows the default extractors' first characters; any other list (or a
  // default list changed by a caller) is scanned extractor by extractor.
  if (extractors === DEFAULT_EXTRACTORS && extractors.length === DEFAULT_REGEXES.length && extractors.every((x, e) => x.regex === DEFAULT_REGEXES[e])) scanDefault(text, tokens);
  else {
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
  tokens.sort((a, b) => a.start - b.start || b.end - a.end);
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
