/**
 * Court parentheticals → CourtListener court ids: `(11th Cir. 2019)` → ca11,
 * `(S.D.N.Y. Sept. 30, 2019)` → nysd, `(Cal. Ct. App. 2010)` → calctapp.
 *
 * The table is courts-db's (`src/generated/courts.ts`): a court is found as eyecite finds
 * it, by its citation string with spaces and punctuation ignored (`Pa.Super.` = `Pa. Super.`),
 * exactly, or else as the start of one. The rules below catch what courts-db does not spell
 * (`Bankr. S.D.N.Y.`, `Tex. App.—Houston [14th Dist.]`, `N.Y. App. Div. 2d Dep't`).
 *
 * Federal district ids are built rather than listed: CourtListener spells them as the
 * state's postal code plus the district letter (`nysd`, `cand`, `txsd`), `d` for a single
 * district (`mad`, `njd`, `dcd`), and the same with `b` for bankruptcy courts (`nysb`).
 */

import { isDigitCode } from './chars';
import { courtKey as bare } from './court-key';
import { parseRecords } from './generated-data';
import { lastWhere } from './last-where';
import { courtCitations, courts as courtRecords } from './generated/courts';

interface CourtRecord {
  id: string;
  name: string;
  citationString: string;
  start: number | null;
  end: number | null;
}

interface CitationTable {
  byCitation: Map<string, string>;
  /** The keys in code-unit order, and each one's place in the table (courts-db's order): on first use. */
  sorted: { keys: string[]; tableOrder: Map<string, number> } | null;
}
let citationTable: CitationTable | null = null;
/**
 * courts-db's citation strings by key (src/court-key.ts), on first use. The keys are
 * generated: a brief's first parenthetical reads about 60 KB of them, not every court's record.
 */
function courtCitationTable(): CitationTable {
  if (citationTable) return citationTable;
  return (citationTable = { byCitation: new Map(parseRecords<[string, string]>(courtCitations)), sorted: null });
}

/** The keys sorted, for a court written as the start of a citation string (rarely asked: not at start-up). */
function sortedTable(table: CitationTable): { keys: string[]; tableOrder: Map<string, number> } {
  if (table.sorted) return table.sorted;
  const keys = [...table.byCitation.keys()];
  const tableOrder = new Map(keys.map((k, i) => [k, i]));
  return (table.sorted = { keys: keys.sort(), tableOrder });
}

let byId: Map<string, CourtRecord> | null = null;
/** courts-db's records by court id, on first use (names and years: the verifier asks). */
function courtsById(): Map<string, CourtRecord> {
  if (byId) return byId;
  byId = new Map();
  for (const c of parseRecords<CourtRecord>(courtRecords())) byId.set(c.id, c);
  return byId;
}

/** courts-db's record for a court id (name, citation string, years), or null. */
export function courtRecord(id: string): CourtRecord | null {
  return courtsById().get(id) ?? null;
}

/**
 * The court's name for a CourtListener court id, as a lawyer reads it, or null.
 * @example courtName('ca2') // 'Court of Appeals for the Second Circuit'
 */
export function courtName(id: string): string | null {
  return courtsById().get(id)?.name ?? null;
}

/** Bluebook state abbreviation → [postal code, CourtListener id of the state's high court]. */
const STATES: Record<string, [string, string]> = {
  'Ala.': ['al', 'ala'], 'Alaska': ['ak', 'alaska'], 'Ariz.': ['az', 'ariz'], 'Ark.': ['ar', 'ark'],
  'Cal.': ['ca', 'cal'], 'Colo.': ['co', 'colo'], 'Conn.': ['ct', 'conn'], 'Del.': ['de', 'del'],
  'D.C.': ['dc', 'dc'], 'Fla.': ['fl', 'fla'], 'Ga.': ['ga', 'ga'], 'Haw.': ['hi', 'haw'],
  'Idaho': ['id', 'idaho'], 'Ill.': ['il', 'ill'], 'Ind.': ['in', 'ind'], 'Iowa': ['ia', 'iowa'],
  'Kan.': ['ks', 'kan'], 'Ky.': ['ky', 'ky'], 'La.': ['la', 'la'], 'Me.': ['me', 'me'],
  'Md.': ['md', 'md'], 'Mass.': ['ma', 'mass'], 'Mich.': ['mi', 'mich'], 'Minn.': ['mn', 'minn'],
  'Miss.': ['ms', 'miss'], 'Mo.': ['mo', 'mo'], 'Mont.': ['mt', 'mont'], 'Neb.': ['ne', 'neb'],
  'Nev.': ['nv', 'nev'], 'N.H.': ['nh', 'nh'], 'N.J.': ['nj', 'nj'], 'N.M.': ['nm', 'nm'],
  'N.Y.': ['ny', 'ny'], 'N.C.': ['nc', 'nc'], 'N.D.': ['nd', 'nd'], 'Ohio': ['oh', 'ohio'],
  'Okla.': ['ok', 'okla'], 'Or.': ['or', 'or'], 'Pa.': ['pa', 'pa'], 'R.I.': ['ri', 'ri'],
  'S.C.': ['sc', 'sc'], 'S.D.': ['sd', 'sd'], 'Tenn.': ['tn', 'tenn'], 'Tex.': ['tx', 'tex'],
  'Utah': ['ut', 'utah'], 'Vt.': ['vt', 'vt'], 'Va.': ['va', 'va'], 'Wash.': ['wa', 'wash'],
  'W. Va.': ['wv', 'wva'], 'Wis.': ['wi', 'wis'], 'Wyo.': ['wy', 'wyo'], 'P.R.': ['pr', 'pr'],
  'Guam': ['gu', 'gu'], 'V.I.': ['vi', 'vi'],
};

/**
 * Where the Bluebook's abbreviation of a court is courts-db's citation string of another, the
 * Bluebook's reading: courts-db gives `D.C.` as the citation string of the District of Columbia
 * Criminal Court (a court of the 1800s, `dccrimct`, no dates), while `(D.C. 2014)` in a brief
 * is the District of Columbia Court of Appeals, D.C.'s highest court (Bluebook table T1), whose
 * courts-db string is `D.C. Ct. App.`. Keyed as the citation table is keyed (src/court-key.ts).
 */
export const BLUEBOOK_OVER_COURTS_DB: ReadonlyMap<string, string> = new Map([['dc', 'dc']]);

/** Spacing is not significant in court abbreviations (`S.D.N.Y.` = `S. D. N. Y.`). */
const key = (s: string) => s.replace(/\s+/g, '').toLowerCase();

const STATE_BY_KEY = new Map(Object.entries(STATES).map(([abbr, ids]) => [key(abbr), ids]));

/** Named courts other than the state high courts and federal district courts. */
const NAMED: Record<string, string> = {
  'U.S.': 'scotus', 'D.C. Cir.': 'cadc', 'Fed. Cir.': 'cafc', 'Fed. Cl.': 'uscfc', 'Ct. Cl.': 'cc',
  'Cl. Ct.': 'cc', 'T.C.': 'tax', 'Vet. App.': 'cavc', 'C.A.A.F.': 'armfor', 'Ct. Int\'l Trade': 'cit',
  'J.P.M.L.': 'jpml', 'B.A.P. 9th Cir.': 'bap9', '9th Cir. BAP': 'bap9', 'B.A.P. 1st Cir.': 'bap1',
  'Cal. Ct. App.': 'calctapp', 'Cal. App.': 'calctapp', 'Ill. App. Ct.': 'illappct', 'Ill. App.': 'illappct',
  'N.Y. App. Div.': 'nyappdiv', 'App. Div.': 'nyappdiv', 'N.Y. Sup. Ct.': 'nysupct', 'Sup. Ct.': 'nysupct',
  'N.Y. Civ. Ct.': 'nycivct', 'N.Y. Fam. Ct.': 'nyfamct', 'N.Y. Sur. Ct.': 'nysurct', 'N.Y. Ct. Cl.': 'nyclaimsct',
  'Tex. App.': 'texapp', 'Tex. Crim. App.': 'texcrimapp', 'Fla. Dist. Ct. App.': 'fladistctapp',
  'Pa. Super. Ct.': 'pasuperct', 'Pa. Super.': 'pasuperct', 'Pa. Commw. Ct.': 'pacommwct',
  'Ohio Ct. App.': 'ohioctapp', 'Ga. Ct. App.': 'gactapp', 'N.C. Ct. App.': 'ncctapp',
  'Mich. Ct. App.': 'michctapp', 'N.J. Super. Ct. App. Div.': 'njsuperctappdiv', 'N.J. Super. Ct.': 'njsuperctappdiv',
  'Mass. App. Ct.': 'massappct', 'Del. Ch.': 'delch', 'Del. Super. Ct.': 'delsuperct',
};
const NAMED_BY_KEY = new Map(Object.entries(NAMED).map(([abbr, id]) => [key(abbr), id]));

const MONTH = String.raw`(?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?`;
const DATE = new RegExp(String.raw`,?\s*${MONTH}\s*\d{0,2},?\s*$`);
// Parts of a court parenthetical that are not the court: `en banc`, `per curiam`, `mem.`.
const NOISE = /\b(?:en banc|per curiam|mem\.|table|unpublished|plurality opinion)\b/gi;

/** `/^(?:1[6-9]|20)\d\d$/`: a year of the parenthetical's pattern. */
export function isYear(s: string): boolean {
  return isYearAt(s, 0);
}

/** isYear of the four characters of `s` at `p`. */
export function isYearAt(s: string, p: number): boolean {
  if (!(isDigitCode(s.charCodeAt(p)) && isDigitCode(s.charCodeAt(p + 1)) && isDigitCode(s.charCodeAt(p + 2)) && isDigitCode(s.charCodeAt(p + 3)))) return false;
  const century = (s.charCodeAt(p) - 48) * 10 + (s.charCodeAt(p + 1) - 48);
  return century >= 16 && century <= 20;
}

/**
 * The year and court id in a citation parenthetical, or null when it is not one.
 * @example parseCourtParenthetical('11th Cir. 2019') // { court: 'ca11', year: 2019 }
 * @example parseCourtParenthetical('holding that ...') // null
 */
export function parseCourtParenthetical(inner: string): { court: string | null; year: number; courtText: string } | null {
  // Court parentheticals are short; explanatory ones (`holding that ...`) often are not.
  if (inner.length > 150) return null;
  // The commonest, a year alone (`(2007)`), as the reading below would read it.
  if (inner.length === 4 && isYear(inner)) return { court: null, year: Number(inner), courtText: '' };
  // The next commonest, a court and a year (`(S.D.N.Y. 2018)`), read by plain code.
  const courtText = plainCourtBeforeYear(inner);
  if (courtText !== null) return { court: courtId(courtText), year: Number(inner.slice(inner.length - 4)), courtText };
  const m = /^(.{0,90}?)\b(1[6-9]\d\d|20\d\d)\b(.{0,60})$/.exec(inner.trim());
  if (!m) return null;
  // What follows the year may be subsequent history (`, pet. denied`), never more words of the court.
  // A year may be a range (`1993-94`, `2005-06`): the first year is the one that counts.
  if (m[3] && !/^(?:-\d{2}(?!\d))?\s*(?:[,;)\]].*)?$/.test(m[3])) return null;
  let before = m[1].replace(DATE, '').replace(NOISE, '').replace(/\s*\[[^\]]*\]/g, '');
  // `Tex. App.—Houston [14th Dist.]`: the court is what precedes the dash.
  before = before.replace(/\s*-\s*[A-Z][\w .]*$/, '').replace(/[\s,]+$/, '').trim();
  // A parenthetical whose text before the year reads like prose is explanatory, not a court.
  if (/\b[a-z]{4,}\b/.test(before.replace(/\b(?:banc|curiam|dist|div|dept)\b/gi, ''))) return null;
  return { court: before ? courtId(before) : null, year: Number(m[2]), courtText: before };
}

// The months DATE removes, by their first three letters (`Jan`, `Sept`, `June`): the plain
// reading leaves alone any text that holds one.
const MONTH_STARTS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Their first letters, so that most capitals are passed with one lookup.
const MONTH_FIRSTS = new Uint8Array(128);
for (const month of MONTH_STARTS) MONTH_FIRSTS[month.charCodeAt(0)] = 1;
// Words the regexes remove (NOISE) or keep out of their prose test (`banc`, `curiam`).
const NOISE_WORDS = ['mem', 'table', 'banc', 'curiam', 'unpublished', 'plurality'];

/** Whether `s` holds `literal` at `p`. */
function holdsAt(s: string, p: number, literal: string): boolean {
  for (let k = 0; k < literal.length; k++) if (s.charCodeAt(p + k) !== literal.charCodeAt(k)) return false;
  return true;
}

/** Whether the letters [from, to) of `s` are one of NOISE_WORDS, in any case. */
function isNoiseWord(s: string, from: number, to: number): boolean {
  for (const word of NOISE_WORDS) {
    if (word.length !== to - from) continue;
    let same = true;
    for (let k = 0; k < word.length && same; k++) same = (s.charCodeAt(from + k) | 32) === word.charCodeAt(k);
    if (same) return true;
  }
  return false;
}

/** Whether a month's first three letters (MONTH_STARTS) are at `p`. */
function monthAt(s: string, p: number): boolean {
  if (MONTH_FIRSTS[s.charCodeAt(p)] !== 1) return false;
  for (const month of MONTH_STARTS) if (holdsAt(s, p, month)) return true;
  return false;
}

/**
 * For a court parenthetical written as a plain abbreviation, one space and a year (`S.D.N.Y.
 * 2018`, `2d Cir. 2004`, `Tex. 2015`), the court as parseCourtParenthetical's regexes read it:
 * the text before the space; else null (the regexes read it). Plain: letters, digits, `.`,
 * `&` and `'` in words parted by single spaces, at most 89 characters, no run of four digits
 * (a year, which the regex would take first), no month's first letters (a date, which they
 * remove), no word they remove (`mem.`, `en banc`, `table`) and no run of four lowercase
 * letters (prose to them, or a word they remove). The regexes remove nothing else from such
 * text but the space before the year, and do not take it for prose.
 */
export function plainCourtBeforeYear(inner: string): string | null {
  const n = inner.length;
  if (n < 6 || n > 94 || inner.charCodeAt(n - 5) !== 32 || inner.charCodeAt(0) === 32 || inner.charCodeAt(n - 6) === 32) return null;
  if (!isYearAt(inner, n - 4)) return null;
  let digits = 0;
  let lower = 0;
  // The letters of the word being read.
  let letters = 0;
  for (let k = 0; k < n - 5; k++) {
    const c = inner.charCodeAt(k);
    if (c >= 97 && c <= 122) {
      if (++lower >= 4) return null;
      letters++;
      digits = 0;
      continue;
    }
    lower = 0;
    if (c >= 65 && c <= 90) {
      if (monthAt(inner, k)) return null;
      letters++;
      digits = 0;
      continue;
    }
    if (letters >= 3 && isNoiseWord(inner, k - letters, k)) return null;
    letters = 0;
    if (c >= 48 && c <= 57) {
      if (++digits >= 4) return null;
      continue;
    }
    digits = 0;
    if (c === 32 ? inner.charCodeAt(k - 1) === 32 : c !== 46 && c !== 38 && c !== 39) return null;
  }
  if (letters >= 3 && isNoiseWord(inner, n - 5 - letters, n - 5)) return null;
  return inner.slice(0, n - 5);
}

/** Whether `s` has no white space but single spaces between words (`s.replace(/\s+/g, ' ').trim() === s`). */
function singleSpaced(s: string): boolean {
  const n = s.length;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c === 32) {
      if (k === 0 || k === n - 1 || s.charCodeAt(k - 1) === 32) return false;
    } else if (c < 32 || c >= 127) return false;
  }
  return true;
}

/** courtKey (src/court-key.ts) of a string of ASCII characters, by plain code (at three times the regex's speed); null for any other. */
export function asciiCourtKey(s: string): string | null {
  let key = '';
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 95) key += s[k];
    else if (c >= 65 && c <= 90) key += String.fromCharCode(c | 32);
    else if (c >= 128) return null;
  }
  return key;
}

/**
 * CourtListener id for a court abbreviation as written in a parenthetical.
 * @example courtId('S.D.N.Y.') // 'nysd'
 * @example courtId('2d Cir.')  // 'ca2'
 */
export function courtId(abbr: string): string | null {
  let id = COURT_ID_OF.get(abbr);
  if (id === undefined) {
    if (COURT_ID_OF.size >= MAX_REMEMBERED_COURTS) COURT_ID_OF.clear();
    COURT_ID_OF.set(abbr, (id = readCourtId(abbr)));
  }
  return id;
}

// A document names few courts, each again and again (a brief's `(S.D.N.Y. 2018)`, `(2d Cir.
// 2004)`): courtId remembers its answers, one lookup instead of a reading that makes a key
// string and asks two or three tables. Bounded, since texts are any size and any kind.
const COURT_ID_OF = new Map<string, string | null>();
const MAX_REMEMBERED_COURTS = 4096;

/** courtId's reading of a court abbreviation, without the remembered answers. */
function readCourtId(abbr: string): string | null {
  const s = singleSpaced(abbr) ? abbr : abbr.replace(/\s+/g, ' ').trim();
  const table = courtCitationTable();
  const { byCitation } = table;
  const written = asciiCourtKey(s) ?? bare(s);
  const exact = BLUEBOOK_OVER_COURTS_DB.get(written) ?? byCitation.get(written);
  if (exact) return exact;
  const k = key(s);
  const named = NAMED_BY_KEY.get(k);
  if (named) return named;
  const circuit = /^(\d{1,2})(?:st|nd|d|rd|th)cir\.?$/.exec(k);
  if (circuit) return `ca${Number(circuit[1])}`;
  const state = STATE_BY_KEY.get(k);
  if (state) return state[1];
  // `Bankr. S.D.N.Y.`, `S.D.N.Y.`, `D. Mass.`, `D.D.C.`
  const district = /^(bankr\.)?([nsewmc]\.)?d\.(.+)$/.exec(k);
  if (district) {
    const st = STATE_BY_KEY.get(district[3]);
    if (st) return `${st[0]}${district[2] ? district[2][0] : ''}${district[1] ? 'b' : 'd'}`;
  }
  // `Fla. 3d DCA`
  if (/^fla\.\d+(?:st|nd|d|rd|th)dca$/.test(k)) return 'fladistctapp';
  // `N.Y. App. Div. 2d Dep't`
  if (/^n\.y\.app\.div\./.test(k)) return 'nyappdiv';
  // A state's court of appeals not in the table: `Minn. Ct. App.` → minnctapp.
  const ctApp = /^(.+?)ct\.app\.$/.exec(k);
  if (ctApp) {
    const st = STATE_BY_KEY.get(ctApp[1]);
    if (st) return `${st[1]}ctapp`;
  }
  // As eyecite: a court whose citation string begins with what was written (the last such
  // in the table). The keys that begin with it are together in code-unit order.
  const b = asciiCourtKey(s) ?? bare(s);
  if (b.length < 3) return null;
  let prefixed: string | null = null;
  let latest = -1;
  const { keys: sortedKeys, tableOrder } = sortedTable(table);
  for (let k = lastWhere(sortedKeys.length, (i) => sortedKeys[i] < b) + 1; k < sortedKeys.length && sortedKeys[k].startsWith(b); k++) {
    const order = tableOrder.get(sortedKeys[k]) as number;
    if (order > latest) {
      latest = order;
      prefixed = byCitation.get(sortedKeys[k]) as string;
    }
  }
  return prefixed;
}
