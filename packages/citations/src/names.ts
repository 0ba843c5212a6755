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

/** Whitespace-separated words of text[from, to), with offsets. */
function wordsIn(text: string, from: number, to: number): Word[] {
  const words: Word[] = [];
  const re = /\S+/g;
  const slice = text.slice(from, to);
  let m: RegExpExecArray | null;
  while ((m = re.exec(slice)) !== null) words.push({ text: m[0], start: from + m.index });
  return words;
}

function isAbbreviation(word: string): boolean {
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return true;
  // `U.S.`, `N.Y.`, `R.R.`, `Ass'n`, `Dep't.`, or a short capitalised abbreviation (`Atl.`).
  return /^(?:[A-Za-z]\.){2,}$/.test(word) || /'/.test(word) || /^[A-Z][a-z]{0,3}\.$/.test(word);
}

type Verdict = 'name' | 'connector' | 'stop';

/** Classifies one word met while walking backwards. */
function classify(word: string, next: string | null): Verdict {
  if (/^[("“\[]|[)\];:"”]$/.test(word)) return 'stop';
  if (STOP_WORDS.has(word)) return 'stop';
  if (/^e\.g\.,?$|^i\.e\.,?$/.test(word)) return 'stop';
  if (word.endsWith(',')) {
    // A comma inside a name only before an entity suffix: `Liberty Lobby, Inc.`.
    return next && ENTITY_SUFFIX.test(next) && /^[A-Z0-9]/.test(word) ? 'name' : 'stop';
  }
  if (word.endsWith('.') && !isAbbreviation(word)) return 'stop';
  if (CONNECTORS.has(word)) return 'connector';
  if (/^[A-Z0-9&]/.test(word) || /^(?:d'|l'|mc|de)[A-Z]/.test(word)) return 'name';
  return 'stop';
}

/** Walks back over name words from index i (inclusive); returns the index of the first word. */
function walkBack(words: Word[], i: number, limit: number): number {
  let first = i + 1;
  let count = 0;
  for (let j = i; j >= 0 && count < limit; j--) {
    const w = words[j].text;
    if (w === 're' && j > 0 && /^In$/i.test(words[j - 1].text)) {
      first = j - 1;
      break;
    }
    if (w === 'parte' && j > 0 && /^Ex$/i.test(words[j - 1].text)) {
      first = j - 1;
      break;
    }
    const verdict = classify(w, j + 1 < words.length ? words[j + 1].text : null);
    if (verdict === 'stop') break;
    first = j;
    count++;
  }
  // A name never starts with a connector (`of Education`) or ends with a comma.
  while (first <= i && CONNECTORS.has(words[first].text)) first++;
  return first;
}

const isV = (w: string) => w === 'v.' || w === 'vs.' || w === 'v';

/**
 * The case name ending just before `end` (the citation's first character), or null.
 * `requireComma`: full citations separate name and volume with a comma; the short form
 * `Twombly, 550 U.S. at 556` does too.
 * @example findCaseName('See Bell Atlantic Corp. v. Twombly, 550 U.S. 544', 36)
 *   // { caseName: 'Bell Atlantic Corp. v. Twombly', plaintiff: 'Bell Atlantic Corp.', defendant: 'Twombly', start: 4 }
 */
export function findCaseName(text: string, end: number, options: { allowSingle?: boolean } = {}): CaseName | null {
  let stop = end;
  while (stop > 0 && text[stop - 1] === ' ') stop--;
  if (text[stop - 1] !== ',') return null;
  stop--;
  const words = wordsIn(text, Math.max(0, stop - WINDOW), stop);
  // The first word may be cut by the window; drop it.
  if (stop - WINDOW > 0) words.shift();
  if (words.length === 0) return null;
  const last = words.length - 1;

  // Defendant: name words back to `v.`.
  let j = last;
  let vAt = -1;
  for (let n = 0; j >= 0 && n <= MAX_PARTY_WORDS; j--, n++) {
    const w = words[j].text;
    if (isV(w) && j < last) {
      vAt = j;
      break;
    }
    if (classify(w, j + 1 < words.length ? words[j + 1].text : null) === 'stop') break;
  }

  if (vAt > 0) {
    const pFirst = walkBack(words, vAt - 1, MAX_PARTY_WORDS);
    if (pFirst <= vAt - 1) {
      const plaintiff = text.slice(words[pFirst].start, words[vAt - 1].start + words[vAt - 1].text.length);
      const defendant = text.slice(words[vAt + 1].start, stop);
      return {
        caseName: text.slice(words[pFirst].start, stop).replace(/\s+/g, ' '),
        plaintiff: plaintiff.replace(/\s+/g, ' '),
        defendant: defendant.replace(/\s+/g, ' '),
        start: words[pFirst].start,
      };
    }
  }

  // No `v.`: `In re Smith`, `Ex parte Young`, `Estate of X`, or (short forms) `Twombly`.
  const first = walkBack(words, last, options.allowSingle ? 4 : MAX_PARTY_WORDS);
  if (first > last) return null;
  const name = text.slice(words[first].start, stop).replace(/\s+/g, ' ');
  if (options.allowSingle || /^(?:In re|Ex parte|Matter of|In the Matter of|Estate of|Application of|Petition of)\b/i.test(name)) {
    return { caseName: name, plaintiff: null, defendant: null, start: words[first].start };
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
  const ch = text[p];
  if (ch !== '.' && ch !== '?' && ch !== '!') return false;
  if (text[p + 1] !== ' ') return false;
  let q = p + 1;
  while (q < text.length && q < p + 4 && text[q] === ' ') q++;
  if (!/[A-Z"(]/.test(text[q] ?? '')) return false;
  if (ch !== '.') return true;
  let w = p;
  while (w > 0 && p - w < 40 && text[w - 1] !== ' ') w--;
  const word = text.slice(w, p + 1);
  if (/[)\d]\.$/.test(word) || word === 'Id.' || word === 'id.') return true;
  return !isAbbreviation(word);
}
