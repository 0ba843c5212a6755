/**
 * Words that end with a period without ending a sentence (`Corp.`, `U.S.`, `Ass'n`), for the
 * name reader (case-name.ts: `Coll.` inside `Houston Cmty. Coll. Sys.` is not a sentence end)
 * and for a citation's context (the sentence around it).
 */

import { isLetterCode } from './chars';
import { parseRecords } from './generated-data';
import { caseNameAbbreviations } from './generated/names';

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
// And every abbreviation of a word in case names that the Bluebook lists (reporters-db's
// case_name_abbreviations.json: `Const.`, `Cent.`, `Cty.`, `Bhd.`…).
{
  const listed = parseRecords<string>(caseNameAbbreviations);
  for (let k = 0; k < listed.length; k++) if (listed[k].endsWith('.')) ABBREVIATIONS.add(listed[k].toLowerCase());
}


/** `/^(?:[A-Za-z]\.){2,}$/`: `U.S.`, `N.Y.`, `R.R.` */
export function lettersWithPeriods(word: string): boolean {
  if (word.length < 4 || word.length % 2 !== 0) return false;
  for (let k = 0; k < word.length; k += 2) if (!isLetterCode(word.charCodeAt(k)) || word.charCodeAt(k + 1) !== PERIOD) return false;
  return true;
}

/** `/^[A-Z][a-z]{0,3}\.$/`: a short capitalised abbreviation (`Atl.`, `Co.`). */
export function shortCapitalised(word: string): boolean {
  const n = word.length;
  if (n < 2 || n > 5 || word.charCodeAt(n - 1) !== PERIOD) return false;
  const first = word.charCodeAt(0);
  if (!(first >= 65 && first <= 90)) return false;
  for (let k = 1; k < n - 1; k++) {
    const c = word.charCodeAt(k);
    if (!(c >= 97 && c <= 122)) return false;
  }
  return true;
}

// ABBREVIATIONS of ASCII characters by length and first character (`length << 7 | code`), so
// that a word of the text is looked up without making a lowercase string of it. An array, not
// a Map: the sentence walks ask at every period followed by a capital (`F. Supp.`, `v. Arizona`),
// and a Map's lookup of a number costs several times an array's read.
let longestAbbreviation = 0;
for (const a of ABBREVIATIONS) if (a.length > longestAbbreviation) longestAbbreviation = a.length;
// Filled with undefined first, so that V8 keeps it a plain array (set out of order from empty,
// it would be kept as a dictionary, looked up as a Map is).
const ABBREVIATIONS_BY_SHAPE: (string[] | undefined)[] = new Array<string[] | undefined>((longestAbbreviation + 1) << 7).fill(undefined);
for (const a of ABBREVIATIONS) {
  if (a.charCodeAt(0) >= 128) continue;
  const key = (a.length << 7) | a.charCodeAt(0);
  const list = ABBREVIATIONS_BY_SHAPE[key];
  if (list) list.push(a);
  else ABBREVIATIONS_BY_SHAPE[key] = [a];
}

/** The ASCII code `c` lowercased. */
const lower = (c: number) => (c >= 65 && c <= 90 ? c | 32 : c);

/**
 * isAbbreviation of the word [from, to) of `text`, without making a string of it when it is
 * ASCII (the sentence walks ask at every period followed by a capital).
 */
export function isAbbreviationAt(text: string, from: number, to: number): boolean {
  let ascii = true;
  let apostrophe = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c >= 128) ascii = false;
    else if (c === 39) apostrophe = true;
  }
  if (!ascii) return isAbbreviation(text.slice(from, to));
  if (apostrophe) return true;
  const n = to - from;
  const listed = n <= longestAbbreviation ? ABBREVIATIONS_BY_SHAPE[(n << 7) | lower(text.charCodeAt(from))] : undefined;
  if (listed) {
    for (const a of listed) {
      let same = true;
      for (let k = 1; k < n && same; k++) same = lower(text.charCodeAt(from + k)) === a.charCodeAt(k);
      if (same) return true;
    }
  }
  return lettersWithPeriodsAt(text, from, to) || shortCapitalisedAt(text, from, to);
}

/** lettersWithPeriods of [from, to) of `text`. */
function lettersWithPeriodsAt(text: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < 4 || n % 2 !== 0) return false;
  for (let k = from; k < to; k += 2) if (!isLetterCode(text.charCodeAt(k)) || text.charCodeAt(k + 1) !== PERIOD) return false;
  return true;
}

/** shortCapitalised of [from, to) of `text`. */
function shortCapitalisedAt(text: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < 2 || n > 5 || text.charCodeAt(to - 1) !== PERIOD) return false;
  const first = text.charCodeAt(from);
  if (!(first >= 65 && first <= 90)) return false;
  for (let k = from + 1; k < to - 1; k++) {
    const c = text.charCodeAt(k);
    if (!(c >= 97 && c <= 122)) return false;
  }
  return true;
}

/** Whether a word ending in a period is an abbreviation (`Corp.`, `U.S.`, `Dep't.`, `Atl.`). */
export function isAbbreviation(word: string): boolean {
  // `U.S.`, `N.Y.`, `R.R.`, `Ass'n`, `Dep't.`, or a short capitalised abbreviation (`Atl.`).
  return ABBREVIATIONS.has(word.toLowerCase()) || lettersWithPeriods(word) || word.includes("'") || shortCapitalised(word);
}

const QUOTE = 34;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const PERIOD = 46;
const SPACE = 32;
const BANG = 33;
const QUESTION = 63;

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
  // `Id.` ends a sentence; any other abbreviation does not.
  if (p + 1 - w === 3 && (text.charCodeAt(w) | 32) === 105 /* I or i */ && text.charCodeAt(w + 1) === 100 /* d */) return true;
  return !isAbbreviationAt(text, w, p + 1);
}
