/**
 * Stage 4, resolve: link each short form to the full citation it refers to, from the text
 * alone, as eyecite's default resolver does (no database), and as conservatively: a short
 * form that could mean two cases is left unresolved, because a wrong antecedent would hand
 * it another case's verdict.
 * - `550 U.S. at 556` → the one earlier full citation in the same volume and reporter whose
 *   first page is not after the pin; among several, the one whose party the written name
 *   (`Twombly, 550 U.S. at 556`) matches, if exactly one does;
 * - `Id.` / `Ibid.` → whatever was cited just before (a case, or a statute), unless that
 *   failed to resolve, has no page (`1 U.S. ___`), or the pin cannot be inside it (before its
 *   first page, more than 150 pages after, or not a page: `Id. at ¶ 100`);
 * - `Daubert, supra, at 593` → the one earlier case whose party names `Daubert`.
 * A resolved short form inherits the antecedent's name, year and court (its own written
 * name, if any, is kept), and id/supra forms its volume, reporter and first page.
 */
import { allDigits } from './chars';
import type { Citation } from './types';

function inherit(c: Citation, from: Citation): void {
  c.antecedent = from.normalized;
  c.type = from.type;
  c.caseName = c.caseName ?? from.caseName;
  c.plaintiff = from.plaintiff;
  c.defendant = from.defendant;
  c.year = from.year;
  c.court = from.court ?? c.court;
  if (c.form !== 'short') {
    c.volume = from.volume;
    c.reporter = from.reporter;
    c.page = from.page;
    c.section = from.section;
  } else if (c.volume === from.volume && c.reporter === from.reporter) {
    // `543 U.S. at 410` → the case's first page; a parallel written in full after it
    // (`125 S. Ct. 834`, resolved to the group's `543 U.S. 405`) keeps the page it has.
    c.page = from.page;
  }
}

const NAMED_WITHOUT_V = /^(?:In re|Ex parte|Matter of|In the Matter of|Estate of|Application of|Petition of)\b/i;

const pageNumber = (p: string | null) => (p && allDigits(p) ? Number(p) : NaN);

// eyecite's bound on an opinion's length: `1 U.S. 1. Id. at 200` cannot be the same case.
const MAX_OPINION_PAGES = 150;

/**
 * How many of the cases a short form or supra could mean are weighed: the latest cited. A
 * document cites far fewer cases of one volume, or of one name, than this; a text made to cite
 * thousands (an attack) would otherwise cost a look at every one for every short form.
 */
const RECENT = 32;
const NONE: readonly Citation[] = [];

/** `parseInt(pin.replace(/^\*+/, ''), 10)`: the page a pin begins with, its stars (`*3`) passed over. */
export function pinNumber(pin: string): number {
  let k = 0;
  while (pin.charCodeAt(k) === 42) k++;
  return parseInt(k === 0 ? pin : pin.slice(k), 10);
}

/** Whether `Id. at <pin>` can point into `full` (eyecite's check, star pages of database cites allowed). */
function pinFits(full: Citation, pin: string | null): boolean {
  if (full.type === 'case' && full.page !== null && /^_+$/.test(full.page)) return false;
  if (!pin) return true;
  const page = pageNumber(full.page);
  if (Number.isNaN(page)) return true;
  // `Id. at *3` after `2019 WL 4639462`: a screen page of a database citation.
  if (/^\*/.test(pin)) return true;
  const m = /^(\d+)/.exec(pin);
  if (!m) return false;
  const at = Number(m[1]);
  return at >= page && at <= page + MAX_OPINION_PAGES;
}

/**
 * Returns copies of `citations` (in order) with `antecedent` set on short forms that could
 * be resolved; unresolved ones keep `antecedent: null`.
 * @example resolveShortForms(findCitations('Twombly, 550 U.S. 544 (2007). Id. at 556.', { resolve: false }))[1].antecedent
 *   // '550 U.S. 544'
 */
export function resolveShortForms(citations: Citation[]): Citation[] {
  const out = citations.map((c) => ({ ...c, parallels: [...c.parallels] }));
  resolveInPlace(out);
  return out;
}

/** As resolveShortForms, but updating the given citations (findCitations owns its array). */
export function resolveInPlace(out: Citation[]): void {
  const fullCases: Citation[] = [];
  // The citation an `Id.` would point to: the last one cited (a full one, or what a short form resolved to).
  let last: Citation | null = null;

  // Later members of a parallel group → the group's first citation, which stands for it.
  const primaryOf = new Map<Citation, Citation>();
  // Full citations by reporter and volume, for short forms (two Maps, not one keyed by a
  // string made for each citation); and name words, computed once.
  const byVolume = new Map<string | null, Map<number | null, Citation[]>>();
  // Names repeat (every short form of a case carries it): words and lowercase by name.
  const tokensOf = new Map<string, string[]>();
  const nameWords = (c: Citation) => {
    const name = c.caseName ?? '';
    let t = tokensOf.get(name);
    if (!t) tokensOf.set(name, (t = nameTokens(name)));
    return t;
  };
  // The words of a name as written, lowercased (the index of names by word).
  const wordsLowerOf = new Map<string, Set<string>>();
  const nameWordsLower = (c: Citation) => {
    const name = c.caseName ?? '';
    let words = wordsLowerOf.get(name);
    if (words === undefined) wordsLowerOf.set(name, (words = new Set(name.toLowerCase().split(/[\s.,']+/))));
    return words;
  };
  const seen = new Map<string, Citation>();
  // Full case citations by the words (4+ letters) of their names, for supra and short names.
  const casesWithWord = new Map<string, Citation[]>();
  // By case (see caseOf) and name, its citations listed in byVolume (one per volume, reporter,
  // first page and name); fullCases has one per name. (By name as well as case: a case cited
  // again and again under several names is looked up by the name at hand, not read through.)
  // With each case, the name asked last and its list: a case is mostly cited again under the
  // name it was cited by last, and comparing that name costs less than hashing the new string
  // the citation holds (a fresh one for each) to look it up.
  const listedFor = new Map<Citation, { byName: Map<string | null, Citation[]>; lastName: string | null; lastList: Citation[] | undefined }>();
  let indexedUpTo = 0;

  // A parallel group, or the same citation written twice, is one case.
  const caseOf = (f: Citation) => primaryOf.get(f) ?? seen.get(f.normalized as string) ?? f;
  /** The one case the citations in `list` stand for, or null when none or several. */
  const onlyOne = (list: Citation[]): Citation | null => {
    let found: Citation | null = null;
    for (const f of list) {
      const k = caseOf(f);
      if (found === null) found = k;
      else if (k !== found) return null;
    }
    return found;
  };
  /** The cases in `list` (null: every full case cited so far) whose party names `name`, as written in `c`. */
  // The longest word of a short name, lowercased, by name.
  const probeOf = new Map<string, string>();
  const named = (c: Citation, list: Citation[] | null, name: string) => {
    const words = nameWords(c);
    let probe = probeOf.get(name);
    if (probe === undefined) probeOf.set(name, (probe = (name.split(/[\s.,']+/).sort((a, b) => b.length - a.length)[0] ?? '').toLowerCase()));
    // Only cases whose name holds the short name's longest word can match (most cannot).
    // Index the names of the cases cited since the last look (only when a name is looked up).
    for (; indexedUpTo < fullCases.length; indexedUpTo++) {
      const f = fullCases[indexedUpTo];
      for (const w of nameWordsLower(f)) {
        if (w.length < 4) continue;
        const list = casesWithWord.get(w);
        if (list) list.push(f);
        else casesWithWord.set(w, [f]);
      }
    }
    // The pool: `list`, else the latest cases cited holding the probe (or of all, for a short probe).
    const pool = list ?? (probe.length >= 4 ? (casesWithWord.get(probe) ?? NONE) : fullCases);
    const matches: Citation[] = [];
    for (let k = list ? 0 : Math.max(0, pool.length - RECENT); k < pool.length; k++) {
      const f = pool[k];
      if (list && probe.length >= 4 && !nameWordsLower(f).has(probe)) continue;
      if (f.caseName && shortNameMatches(words, nameWords(f))) matches.push(f);
    }
    return matches;
  };

  for (const c of out) {
    // A citation with a blank volume (`___ U.S. ___`) names no case by its numbers: each is
    // its own, checked by its name, never the antecedent of a short form or of an `Id.`.
    if (c.form === 'full' && c.type === 'case' && c.volume === null && c.page === '___') {
      last = null;
      continue;
    }
    // The first full case citation written as this one, if any: looked up once, for both uses below.
    const earlier = c.form === 'full' && c.type === 'case' ? seen.get(c.normalized as string) : undefined;
    if (c.form === 'full' && c.type === 'case' && c.plaintiff === null && !NAMED_WITHOUT_V.test(c.caseName ?? '')) {
      // The same citation again without a full name (`Martinez, 2019 WL 4639462, at *3`) is a
      // short form; not when the name written is another case's: an address cited under two
      // names is judged under each (one of them is wrong).
      if (earlier && (!c.caseName || sharesAWord(nameWords(c), nameWords(primaryOf.get(earlier) ?? earlier)))) {
        c.form = 'short';
        inherit(c, primaryOf.get(earlier) ?? earlier);
        last = primaryOf.get(earlier) ?? earlier;
        continue;
      }
    }
    if (c.form === 'full') {
      if (c.type === 'case') {
        if (earlier === undefined) seen.set(c.normalized as string, c);
        // In a parallel group the first citation stands for the group.
        const primary = last !== null && last.type === 'case' && last.parallels.includes(c.normalized as string) && c.parallels.includes(last.normalized as string) ? (primaryOf.get(last) ?? last) : null;
        if (primary) primaryOf.set(c, primary);
        else last = c;
        // What a short form or supra can learn from a full citation is its case, first page
        // and name: one that repeats all three of an earlier one (a case cited again and
        // again) is not listed again, so that the lookups stay short in long documents.
        // caseOf(c), from what is known here: c was not a key of primaryOf before. The
        // primary's own case: in a group cited a second time, the primary is the second
        // group's first citation, which is the case first cited so.
        const theCase = primary !== null ? caseOf(primary) : (earlier ?? c);
        let listing = listedFor.get(theCase);
        if (!listing) listedFor.set(theCase, (listing = { byName: new Map(), lastName: null, lastList: undefined }));
        let listed = listing.lastList !== undefined && c.caseName === listing.lastName ? listing.lastList : listing.byName.get(c.caseName);
        // (Loops rather than callbacks: this runs for every full citation.)
        let repeated = false;
        if (listed) for (const f of listed) if (f.volume === c.volume && f.reporter === c.reporter && f.page === c.page) repeated = true;
        if (!repeated) {
          if (!listed) fullCases.push(c);
          if (listed) listed.push(c);
          else listing.byName.set(c.caseName, (listed = [c]));
          let volumes = byVolume.get(c.reporter);
          if (!volumes) byVolume.set(c.reporter, (volumes = new Map()));
          const list = volumes.get(c.volume);
          if (list) list.push(c);
          else volumes.set(c.volume, [c]);
        }
        listing.lastName = c.caseName;
        listing.lastList = listed;
      } else {
        last = c;
      }
      continue;
    }

    let target: Citation | null = null;
    if (c.form === 'short') {
      const pin = pinNumber(c.pinCite ?? '');
      const candidates: Citation[] = [];
      const listed = byVolume.get(c.reporter)?.get(c.volume) ?? [];
      for (let k = Math.max(0, listed.length - RECENT); k < listed.length; k++) {
        const f = listed[k];
        const first = pageNumber(f.page);
        if (Number.isNaN(first) || Number.isNaN(pin) || pin >= first) candidates.push(f);
      }
      target = onlyOne(candidates) ?? (c.caseName ? onlyOne(named(c, candidates, c.caseName)) : null);
    } else if (c.form === 'id') {
      target = last !== null && pinFits(last, c.pinCite) ? last : null;
    } else if (c.form === 'supra' && c.caseName) {
      target = onlyOne(named(c, null, c.caseName));
    }

    if (target) {
      // `Miranda, supra` found the group's L. Ed. cite last; it stands for `384 U.S. 436`.
      if (c.form === 'supra') target = primaryOf.get(target) ?? target;
      inherit(c, target);
      last = target;
    } else {
      // An unresolvable short form breaks the chain: a following `Id.` cannot be trusted.
      last = null;
    }
  }
}

// Name words for matching a short form to its full citation within one document. (Comparing a
// cited name with a case-law database's is the verifier's job: @citecheck/caselaw, names/.)

/** Bluebook-style abbreviations and their spelled-out forms → one comparison key. */
const WORD_FORMS: Record<string, string[]> = {
  corp: ['corporation', 'corp'], co: ['company', 'co', 'cos', 'companies'], inc: ['incorporated', 'inc'],
  ltd: ['limited', 'ltd'], llc: ['llc', 'l.l.c'], assn: ['association', "ass'n", 'assn'],
  dept: ['department', "dep't", 'dept'], intl: ['international', "int'l", 'intl'], natl: ['national', "nat'l", 'natl'],
  pharm: ['pharmaceuticals', 'pharmaceutical', 'pharms', 'pharm'], rr: ['railroad', 'r.r', 'rr', 'railway', 'ry'],
  elec: ['electric', 'electrical', 'elec', 'electronics', 'elecs'], indus: ['industries', 'industry', 'indus'],
  sys: ['systems', 'system', 'sys'], servs: ['services', 'service', 'servs', 'serv'], mfg: ['manufacturing', 'mfg'],
  atl: ['atlantic', 'atl'], bd: ['board', 'bd'], educ: ['education', 'educ'], govt: ['government', "gov't", 'govt'],
  univ: ['university', 'univ'], hosp: ['hospital', 'hosp'], ins: ['insurance', 'ins'], mut: ['mutual', 'mut'],
  fin: ['financial', 'finance', 'fin'], sec: ['securities', 'security', 'sec'], comm: ['commission', "comm'n", 'commn', 'committee', 'comm'],
  tel: ['telephone', 'tel'], transp: ['transportation', 'transp'], cnty: ['county', 'cnty'], us: ['united states', 'u.s', 'us', 'usa', 'u.s.a'],
  am: ['america', 'american', 'am'], auth: ['authority', 'auth'], dist: ['district', 'dist'], envtl: ['environmental', 'envtl'],
  prods: ['products', 'prods'], techs: ['technologies', 'technology', 'techs', 'tech'], mgmt: ['management', 'mgmt'],
  assocs: ['associates', 'assocs'], bros: ['brothers', 'bros'], ctr: ['center', 'ctr'], cmty: ['community', 'cmty'],
  pac: ['pacific', 'pac'], so: ['southern', 'so'], n: ['northern', 'north'], s: ['south'], e: ['eastern', 'east'], w: ['western', 'west'],
  gen: ['general', 'gen'], med: ['medical', 'med'], motor: ['motors', 'motor'], airlines: ['airlines', 'airline', 'air lines'],
};
const FORM_OF = new Map<string, string>();
for (const [k, forms] of Object.entries(WORD_FORMS)) for (const f of forms) FORM_OF.set(f, k);

/** Words that carry no identity: entity suffixes, articles, `et al.`, procedural prefixes. */
const NOISE = new Set(['the', 'of', 'and', 'a', 'an', 'et', 'al', 'in', 're', 'ex', 'rel', 'parte', 'matter', 'inc', 'corp', 'co', 'ltd', 'llc', 'lp', 'llp', 'plc', 'na', 'sa']);

/** Normalised words of one party name. */
function nameTokens(name: string): string[] {
  const s = name
    .toLowerCase()
    .replace(/[\u2019`]/g, "'")
    .replace(/\bunited states of america\b|\bunited states\b/g, 'us')
    .replace(/\bu\.\s?s\.(\s?a\.)?/g, 'us')
    .replace(/\bair lines\b/g, 'airlines')
    .replace(/&/g, ' and ');
  const out: string[] = [];
  for (const raw of s.split(/[\s,;:()"/-]+/)) {
    const w = raw.replace(/\.$/, '');
    if (!w) continue;
    const key = FORM_OF.get(w) ?? FORM_OF.get(w.replace(/\./g, '')) ?? w.replace(/[.']/g, '');
    if (key && !NOISE.has(key)) out.push(key);
  }
  if (out.length === 0) {
    // A name made only of noise words (`In re Inc.`) still compares on what it has.
    return s.split(/\s+/).map((w) => w.replace(/[.']/g, '')).filter(Boolean);
  }
  return out;
}

/** Two words match when equal, or when one is a 3+ letter prefix of the other (`Atl` / `Atlantic`). */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short);
}

/** Whether a name as read shares any word with another (`Later: Martinez` and `Martinez v. Delta Airlines, Inc.`). */
function sharesAWord(a: string[], b: string[]): boolean {
  return a.length === 0 || a.some((w) => b.some((x) => wordsMatch(w, x)));
}

/**
 * Whether a short name (`Twombly`, `Daubert`, `Liberty Lobby`) names one of the parties of a
 * full case name: every word of the short name appears in the full one.
 */
function shortNameMatches(short: string | string[], full: string | string[]): boolean {
  const s = typeof short === 'string' ? nameTokens(short) : short;
  const f = typeof full === 'string' ? nameTokens(full) : full;
  return s.length > 0 && s.every((w) => f.some((x) => wordsMatch(w, x)));
}
