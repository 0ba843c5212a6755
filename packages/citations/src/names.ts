/**
 * Case names: read backwards from a citation to find `Plaintiff v. Defendant, `.
 *
 * Names have no closed grammar, so this is a word-by-word walk with explicit stopping
 * rules, bounded to a short window before the citation (never the whole text):
 * - a name word is capitalised, a number, an abbreviation, or a connector inside a name
 *   (`of`, `the`, `and`, `&`, `ex rel.`, `de`);
 * - the walk stops at a signal (`See`, `Cf.`, `e.g.,`), at a lowercase word (`held in`),
 *   at punctuation ending a clause (`;`, `(`, `)`, `:`), and at a full stop that ends a
 *   sentence rather than an abbreviation (`judgment.`, `Court.` — but not `Corp.`, `U.S.`);
 * - `In re`, `Ex parte`, `Matter of`, `Estate of` names have no `v.`.
 */

export interface CaseName {
  caseName: string;
  plaintiff: string | null;
  defendant: string | null;
  /** Offset where the name starts. */
  start: number;
}

const WINDOW = 240;
const MAX_PARTY_WORDS = 10;

/** Lowercase words allowed inside a party name, never at its start. */
const CONNECTORS = new Set(['of', 'the', 'and', '&', 'for', 'de', 'del', 'la', 'le', 'du', 'von', 'van', 'der', 'ex', 'rel.', 'et', 'al.', 'y', 'da', 'di', 'des', 'on', 'behalf']);

/** Capitalised words that begin a clause, not a name. */
const STOP_WORDS = new Set([
  'See', 'Cf.', 'But', 'Accord', 'Compare', 'Contra', 'Also', 'Although', 'As', 'Because', 'Since',
  'While', 'When', 'Where', 'Whereas', 'Under', 'After', 'Before', 'Thus', 'Here', 'There', 'In',
  'Id.', 'E.g.,', 'E.g.', 'Moreover', 'Further', 'Furthermore', 'Similarly', 'Accordingly', 'However',
  'Indeed', 'Likewise', 'Nevertheless', 'Therefore', 'Hence', 'Following', 'Citing', 'Quoting',
  'And', 'Or', 'Then', 'Unlike', 'Like', 'Per', 'Supra', 'Following', 'Applying', 'Relying',
]);

/** Abbreviations that end with a period inside names (so the period does not end a sentence). */
const ABBREVIATIONS = new Set([
  'corp.', 'inc.', 'co.', 'ltd.', 'bros.', 'assocs.', 'indus.', 'servs.', 'pharms.', 'elecs.', 'elec.',
  'mgmt.', 'sys.', 'fin.', 'ins.', 'mut.', 'univ.', 'hosp.', 'prods.', 'techs.', 'tech.', 'ams.', 'auth.',
  'cnty.', 'twp.', 'transp.', 'corr.', 'dist.', 'envtl.', 'sec.', 'exch.', 'tel.', 'bd.', 'educ.', 'comm.',
  'dev.', 'fed.', 'gen.', 'grp.', 'hous.', 'inv.', 'invs.', 'mfg.', 'mktg.', 'med.', 'nw.', 'pac.', 'prop.',
  'ry.', 'sav.', 'sch.', 'soc.', 'st.', 'sw.', 'se.', 'ne.', 'atl.', 'am.', 'cal.', 'fla.', 'ill.', 'tex.',
  'mass.', 'mich.', 'penn.', 'wash.', 'okla.', 'ariz.', 'colo.', 'conn.', 'minn.', 'tenn.', 'cmty.', 'ctr.',
  'dep\'t', 'admin.', 'adm\'r', 'chem.', 'cont\'l', 'enters.', 'equip.', 'ent.', 'eng\'g', 'gov\'t', 'int\'l',
  'nat\'l', 'lab.', 'ass\'n', 'mortg.', 'motors.', 'mem\'l', 'ret.', 'agric.', 'aero.', 'broad.', 'bus.',
  'cas.', 'coal.', 'coll.', 'constr.', 'distrib.', 'div.', 'econ.', 'emp.', 'emps.', 'fid.', 'found.',
  'guar.', 'info.', 'inst.', 'liab.', 'litig.', 'mach.', 'maint.', 'mfrs.', 'mkts.', 'mun.', 'nav.', 'org.',
  'params.', 'pers.', 'pub.', 'reg\'l', 'rest.', 'res.', 'sols.', 'sup.', 'ct.', 'util.', 'u.s.a.', 'jr.', 'sr.',
  'no.', 'v.', 'vs.', 'mr.', 'ms.', 'dr.', 'ave.', 'ry.', 'r.r.', 'ind.', 'ga.', 'pa.', 'ky.', 'mo.', 'va.',
]);

/** Entity suffixes that may follow a comma inside a name (`Liberty Lobby, Inc.`). */
const ENTITY_SUFFIX = /^(?:Inc\.?|Ltd\.?|L\.?L\.?C\.?|LLC|L\.?P\.?|LLP|Co\.?|Corp\.?|N\.A\.|S\.A\.|P\.C\.|PLC|plc|et)$/;

interface Word {
  text: string;
  start: number;
}

/**
 * Words read backwards from `pos`, lazily: `at(0)` is the word just before `pos`, `at(1)`
 * the one before it, and so on, never reading before `floor`. The cleaned text has only
 * spaces as whitespace (clean.ts), so a word is a run of non-spaces. Lazy, because most
 * walks stop after two or three words and citations are dense in briefs.
 */
class BackwardWords {
  private readonly words: Word[] = [];
  private pos: number;
  constructor(private readonly text: string, end: number, private readonly floor: number) {
    this.pos = end;
  }
  at(k: number): Word | null {
    while (this.words.length <= k) {
      let e = this.pos;
      while (e > this.floor && this.text.charCodeAt(e - 1) === 32) e--;
      if (e <= this.floor) return null;
      let s = e;
      while (s > this.floor && this.text.charCodeAt(s - 1) !== 32) s--;
      // A word cut by the window's edge is not a word.
      if (s === this.floor && this.floor > 0) return null;
      this.words.push({ text: this.text.slice(s, e), start: s });
      this.pos = s;
    }
    return this.words[k];
  }
}

export function isAbbreviation(word: string): boolean {
  // Asked about the same words over and over (`Corp.`, `U.S.`, `Court.`): remembered, bounded.
  let known = abbreviations.get(word);
  if (known === undefined) {
    const lower = word.toLowerCase();
    // `U.S.`, `N.Y.`, `R.R.`, `Ass'n`, `Dep't.`, or a short capitalised abbreviation (`Atl.`).
    known = ABBREVIATIONS.has(lower) || /^(?:[A-Za-z]\.){2,}$/.test(word) || word.includes("'") || /^[A-Z][a-z]{0,3}\.$/.test(word);
    if (abbreviations.size >= MAX_REMEMBERED) abbreviations.clear();
    abbreviations.set(word, known);
  }
  return known;
}
const abbreviations = new Map<string, boolean>();
const MAX_REMEMBERED = 8192;

type Verdict = 'name' | 'connector' | 'stop';

const QUOTE = 34;
const AMPERSAND = 38;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const COMMA = 44;
const PERIOD = 46;
const COLON = 58;
const SEMICOLON = 59;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const SPACE = 32;
const BANG = 33;
const QUESTION = 63;

/** Classifies one word met while walking backwards; `next` is the word after it. */
function classify(word: string, next: string | null): Verdict {
  const first = word.charCodeAt(0);
  // Lowercase words end a name unless they are connectors (`of`, `ex rel.`) — checked first
  // because they are the common case in prose.
  if (first >= 97 && first <= 122) {
    if (CONNECTORS.has(word)) return 'connector';
    return /^(?:d'|l'|mc|de)[A-Z]/.test(word) ? 'name' : 'stop';
  }
  // `(See`, `"Twombly`, `[A]`; `Corp.)`, `Twombly]`, `held;`, `note:`, `Act"`.
  if (first === QUOTE || first === OPEN_PAREN || first === OPEN_BRACKET) return 'stop';
  const last = word.charCodeAt(word.length - 1);
  if (last === CLOSE_PAREN || last === CLOSE_BRACKET || last === SEMICOLON || last === COLON || last === QUOTE) return 'stop';
  if (STOP_WORDS.has(word)) return 'stop';
  if (word === 'E.g.' || word === 'E.g.,' || word === 'I.e.' || word === 'I.e.,') return 'stop';
  const upperOrDigit = (first >= 65 && first <= 90) || (first >= 48 && first <= 57);
  if (last === COMMA) {
    // A comma inside a name only before an entity suffix: `Liberty Lobby, Inc.`.
    return next && ENTITY_SUFFIX.test(next) && upperOrDigit ? 'name' : 'stop';
  }
  if (last === PERIOD && !isAbbreviation(word)) return 'stop';
  if (CONNECTORS.has(word)) return 'connector';
  if (upperOrDigit || first === AMPERSAND) return 'name';
  return 'stop';
}

/**
 * Walks back over name words from `words.at(k)` (inclusive, at most `limit` words);
 * returns the index of the name's first word, or k - 1 when there is none.
 */
function walkBack(words: BackwardWords, k: number, limit: number): number {
  let first = k - 1;
  for (let j = k, count = 0; count < limit; j++, count++) {
    const w = words.at(j);
    if (!w) break;
    const before = words.at(j + 1);
    if (w.text === 're' && before && /^In$/i.test(before.text)) return j + 1;
    if (w.text === 'parte' && before && /^Ex$/i.test(before.text)) return j + 1;
    const after = j > 0 ? (words.at(j - 1)?.text ?? null) : null;
    if (classify(w.text, after) === 'stop') break;
    first = j;
  }
  // A name never starts with a connector (`of Education`).
  while (first >= k && CONNECTORS.has((words.at(first) as Word).text)) first--;
  return first;
}

const isV = (w: string) => w === 'v.' || w === 'vs.' || w === 'v';
/** Whitespace runs → one space (`\s+`); names rarely have any but single spaces, so check first. */
function squashSpaces(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c < 0xa0) continue;
    if (c === 32 ? isJsSpace(s.charCodeAt(i + 1)) : isJsSpace(c)) return s.replace(/\s+/g, ' ');
  }
  return s;
}

/** Whether `c` is a char code `\s` matches. */
function isJsSpace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/**
 * The case name ending just before `end` (the citation's first character), or null. The
 * name must be followed by a comma (`Twombly, 550 U.S.`). Without a `v.`, only `In re`-style
 * names are accepted, unless `allowSingle` (short forms: `Twombly, 550 U.S. at 556`).
 * @example findCaseName('See Bell Atlantic Corp. v. Twombly, 550 U.S. 544', 36)
 *   // { caseName: 'Bell Atlantic Corp. v. Twombly', plaintiff: 'Bell Atlantic Corp.', defendant: 'Twombly', start: 4 }
 */
export function findCaseName(text: string, end: number, options: { allowSingle?: boolean } = {}): CaseName | null {
  let stop = end;
  while (stop > 0 && text.charCodeAt(stop - 1) === 32) stop--;
  if (text[stop - 1] !== ',') return null;
  stop--;
  const words = new BackwardWords(text, stop, Math.max(0, stop - WINDOW));
  if (!words.at(0)) return null;

  // Defendant: name words back to `v.`.
  let vAt = -1;
  for (let j = 0; j <= MAX_PARTY_WORDS; j++) {
    const w = words.at(j);
    if (!w) break;
    if (isV(w.text) && j > 0) {
      vAt = j;
      break;
    }
    if (classify(w.text, j > 0 ? (words.at(j - 1) as Word).text : null) === 'stop') break;
  }

  if (vAt > 0) {
    const pFirst = walkBack(words, vAt + 1, MAX_PARTY_WORDS);
    if (pFirst >= vAt + 1) {
      const pStart = (words.at(pFirst) as Word).start;
      const lastP = words.at(vAt + 1) as Word;
      return {
        caseName: squashSpaces(text.slice(pStart, stop)),
        plaintiff: squashSpaces(text.slice(pStart, lastP.start + lastP.text.length)),
        defendant: squashSpaces(text.slice((words.at(vAt - 1) as Word).start, stop)),
        start: pStart,
      };
    }
  }

  // No `v.`: `In re Smith`, `Ex parte Young`, `Estate of X`, or (short forms) `Twombly`.
  const first = walkBack(words, 0, options.allowSingle ? 4 : MAX_PARTY_WORDS);
  if (first < 0) return null;
  const start = (words.at(first) as Word).start;
  const name = squashSpaces(text.slice(start, stop));
  if (options.allowSingle || /^(?:In re|Ex parte|Matter of|In the Matter of|Estate of|Application of|Petition of)\b/i.test(name)) {
    return { caseName: name, plaintiff: null, defendant: null, start };
  }
  return null;
}

/**
 * The name written before `supra`: `Daubert, supra` → Daubert. `end` is where `supra` starts.
 */
export function findSupraName(text: string, end: number): CaseName | null {
  return findCaseName(text, end, { allowSingle: true });
}

/**
 * Whether the character at `p` ends a sentence: `.`, `?` or `!` followed by a space and a
 * capital (or quote/paren), where a period is not the end of an abbreviation (`Corp.`,
 * `U.S.`, `v.`). Used for a citation's context; cheap, local, and deliberately conservative.
 */
export function isSentenceEnd(text: string, p: number): boolean {
  const ch = text.charCodeAt(p);
  if (ch !== PERIOD && ch !== QUESTION && ch !== BANG) return false;
  if (text.charCodeAt(p + 1) !== SPACE) return false;
  let q = p + 1;
  while (q < text.length && q < p + 4 && text.charCodeAt(q) === SPACE) q++;
  // A capital, a quote or an opening parenthesis begins the next sentence.
  const next = text.charCodeAt(q);
  if (!((next >= 65 && next <= 90) || next === QUOTE || next === OPEN_PAREN)) return false;
  if (ch !== PERIOD) return true;
  // `2007).`, `556.`: a period after a parenthesis or a number ends the sentence.
  const before = p > 0 ? text.charCodeAt(p - 1) : NaN;
  if (before === CLOSE_PAREN || (before >= 48 && before <= 57)) return true;
  let w = p;
  while (w > 0 && p - w < 40 && text.charCodeAt(w - 1) !== SPACE) w--;
  const word = text.slice(w, p + 1);
  if (word === 'Id.' || word === 'id.') return true;
  return !isAbbreviation(word);
}
