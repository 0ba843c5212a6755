/**
 * Is the case a brief names the case the database has at that address?
 *
 * The two names rarely read alike: briefs abbreviate (Bluebook T6/T10), cite a short name
 * (`Iqbal`), drop `et al.` and corporate suffixes, swap the parties on appeal, and scanned
 * briefs carry OCR misreadings (`Igbal`). The database spells names out and lists officials
 * by title. So each side is cut into its parties, each party into words that carry identity,
 * and parties are compared word by word, abbreviation- and OCR-aware.
 *
 * One party matching strongly is enough for the same case, unless the other party clearly
 * names someone else: then the answer is `partial`, which a verdict must not turn into an
 * accusation (officials change: `Lynch v. Dimaya` became `Sessions v. Dimaya`). Only names
 * with no strong party in common are `different`.
 */
import { isKnownWord, wordKey } from './abbreviations';
import { ocrDistance, ocrFold } from './ocr';

export type NameVerdict = 'same' | 'partial' | 'different' | 'unknown';

export interface NameComparison {
  /**
   * `same`: the same case; `different`: another case; `partial`: one party matches and the
   * other does not (check, never accuse); `unknown`: nothing to compare (a name made only of
   * `United States`, `State`, `In re` ...).
   */
  verdict: NameVerdict;
  /** In [0, 1]: at least 0.8 for `same`, 0.5 for `partial` and `unknown`, below 0.5 for `different`. */
  score: number;
}

interface Word {
  /** Comparison key: lower case, abbreviations expanded (`dep't` → `department`). */
  key: string;
  /** The word as written, lower case, periods and apostrophes removed (for OCR comparison). */
  plain: string;
  /** Written as an abbreviation (with a period or an apostrophe inside): `Distrib.`, `Sec'y`. */
  abbreviated: boolean;
  /** The words of one hyphenated name (`Figueroa-Florez`) share a number: together they are one surname. */
  hyphen?: number;
}

/** Numbers the hyphenated names as they are read (module-wide, so two names never share one). */
let hyphenGroups = 0;

interface Party {
  /** The party as written (for initials: `NRDC`). */
  text: string;
  /** One word list per name the party goes by (`Smith d/b/a Smith's Garage` has two). */
  names: Word[][];
  /** False when the party is only a sovereign or a procedural word: it says nothing about which case. */
  identity: boolean;
  /** For a sovereign party: which one (`us`, `ohio`), or `''` for a bare `State` or `People`. */
  sovereign: string | null;
}

/** Words that carry no identity: articles, corporate forms, `et al.`, procedural and role words. */
export const NOISE = new Set(
  `the of and a an for to on by at in et al ux vir inc incorporated corp corporation co company cos companies ltd limited llc
  lc llp lp plc pc pa na sa ag nv bv gmbh pllc dba aka fka nka re ex parte rel matter petitioner petitioners respondent respondents
  appellant appellants appellee appellees plaintiff plaintiffs defendant defendants individually capacity official his her its their
  as former acting successor others unknown named doe does jr sr ii iii`.split(/\s+/),
);
// `Doe` and `Unknown Named Agents` are kept out: they name nobody in particular, and two
// different `Doe v. ...` cases at one address must not match on `Doe`.

/** Common words in party names: a match on these alone does not say "same party". */
export const GENERIC = new Set(
  `air airline bank insurance america united national international general first new county city board education department district
  school hospital university state federal service system product industry railroad railway association commission authority trust
  group holding holdings partner partners fund center community management technology finance security mutual life health medical
  home capital development property energy oil gas power electric telephone communication motor transportation north south east west
  pacific atlantic central public police officer sheriff warden secretary commissioner director attorney local union employee us
  government council court committee agency office corrections correction village town township borough municipal bureau division
  life casualty fire marine american global enterprise investment laboratory pharmaceutical chemical manufacturing`.split(/\s+/),
);

/** Parties that are a sovereign and nothing else carry no identity (every second case is `United States v. ...`). */
const SOVEREIGN_HEAD = new Set(['people', 'state', 'commonwealth', 'territory', 'government']);
export const STATES = new Set(
  `alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois indiana iowa kansas
  kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada ohio oklahoma oregon
  pennsylvania tennessee texas utah vermont virginia washington wisconsin wyoming guam`.split(/\s+/),
);
export const TWO_WORD_STATES = new Set(['new hampshire', 'new jersey', 'new mexico', 'new york', 'north carolina', 'north dakota', 'rhode island', 'south carolina', 'south dakota', 'west virginia', 'puerto rico', 'district columbia']);

const SOVEREIGN_NAMES = ['united states', ...STATES, ...TWO_WORD_STATES];
/** Sovereign names by their OCR-folded spelling (`ohio` and `0hio` alike). */
const FOLDED_SOVEREIGNS = new Map(SOVEREIGN_NAMES.map((n) => [ocrFold(n), n]));

const PROCEDURAL_PREFIX = /^(?:in re|in the matter of|matter of|ex parte|application of|petition of|in the estate of|estate of|in re the marriage of|marriage of|in the interest of|interest of|guardianship of|adoption of|succession of|re)[:,]?\s+/i;
const ALIAS = /\s*,?\s*\b(?:d\/b\/a|dba|a\/k\/a|aka|f\/k\/a|fka|n\/k\/a|nka|t\/a|doing business as|formerly known as|also known as|now known as|trading as)\b\.?\s*/i;

/** The parties of a case name: two for `A v. B`, one for `In re A` or a short name. */
export function partiesOf(name: string): string[] {
  let s = name
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/\bet\s+al\.?|\bet\s+ux\.?|\bet\s+vir\.?/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // A consolidated caption (`A v. B; C v. D`) is known by its first case.
  s = s.split(/\s*;\s*/)[0];
  // `v.` is written in lower case; a capital `V.` between two names is a middle initial
  // (`Rollin v. William V. Frankel & Co.`), so it separates parties only in a name with no
  // lower-case one (`SMITH V. JONES`).
  const separator = /\s+(?:v|vs|versus)\.?\s+/.test(s) ? /\s+(?:v|vs|versus)\.?\s+/ : /\s+(?:v|vs|versus)\.?\s+/i;
  return s
    .split(separator)
    .slice(0, 2)
    .map((p) => p.replace(/^[\s,.]+|[\s,]+$/g, ''))
    .filter(Boolean);
}

/** Bluebook T10 abbreviations of more than one word (one-word ones follow the general abbreviation rule: `Cal.`). */
const PLACES: [RegExp, string][] = [
  [/\bn\.\s?y\.(?=\s|,|$)/g, 'new york'], [/\bn\.\s?j\.(?=\s|,|$)/g, 'new jersey'], [/\bn\.\s?h\.(?=\s|,|$)/g, 'new hampshire'],
  [/\bn\.\s?m\.(?=\s|,|$)/g, 'new mexico'], [/\bn\.\s?c\.(?=\s|,|$)/g, 'north carolina'], [/\bn\.\s?d\.(?=\s|,|$)/g, 'north dakota'],
  [/\bs\.\s?c\.(?=\s|,|$)/g, 'south carolina'], [/\bs\.\s?d\.(?=\s|,|$)/g, 'south dakota'], [/\br\.\s?i\.(?=\s|,|$)/g, 'rhode island'],
  [/\bw\.\s?va\.(?=\s|,|$)/g, 'west virginia'], [/\bd\.\s?c\.(?=\s|,|$)/g, 'district columbia'], [/\bp\.\s?r\.(?=\s|,|$)/g, 'puerto rico'],
];

function wordsOf(text: string): Word[] {
  // Accents come and go between a brief and a database (`Hernández`, `Hernandez`).
  let t = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  for (const [re, place] of PLACES) t = t.replace(re, ` ${place} `);
  t = t.replace(/\br\.\s?r\.(?=\s|,|$)/g, ' railroad ').replace(/\bs\.\s?s\.(?=\s|,|$)/g, ' steamship ');
  const s = t
    // Initials run together (`W.J. Howey`) are the same initials spaced (`W. J. Howey`).
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1. ')
    .replace(/&/g, ' and ')
    .replace(/\bunited states of america\b|\bunited states\b|\bu\.\s?s\.(?:\s?a\.)?(?=\s|$|,)/g, ' us ')
    .replace(/\busa\b/g, ' us ')
    .replace(/\bair lines\b/g, 'airlines')
    .replace(/\bdistrict of columbia\b/g, 'district columbia');
  const out: Word[] = [];
  for (const chunk of s.split(/[\s,;:()"/]+/)) {
    const parts = chunk.split('-').filter(Boolean);
    const hyphen = parts.length > 1 ? ++hyphenGroups : undefined;
    for (const raw of parts) {
      // A possessive (`Laborers'`, `Smith's`) is the same word; an inner apostrophe is a contraction (`Ass'n`).
      const w = raw.replace(/'s$|'$/, '');
      const abbreviated = /\.$/.test(w) || /\w'\w/.test(w) || (/\./.test(w) && w.length <= 5);
      const plain = w.replace(/[.']/g, '');
      if (!plain) continue;
      const key = wordKey(w.replace(/\./g, ''));
      if (NOISE.has(plain) || NOISE.has(key)) continue;
      out.push(hyphen === undefined ? { key, plain, abbreviated } : { key, plain, abbreviated, hyphen });
    }
  }
  return out;
}

/**
 * The sovereign a party is and nothing else: `us`, a state (`ohio`, `new york`), or `''` for
 * a bare `State` / `People` / `Commonwealth`; null when the party is not a sovereign.
 */
function sovereignOf(words: Word[]): string | null {
  let keys = words.map((w) => w.key);
  let head = false;
  while (keys.length && SOVEREIGN_HEAD.has(keys[0])) {
    keys = keys.slice(1);
    head = true;
  }
  const rest = keys.join(' ');
  if (rest === '') return head ? '' : null;
  if (rest === 'us' || STATES.has(rest) || TWO_WORD_STATES.has(rest)) return rest;
  // A scanned `0hio` or `Unitcd States` is still the sovereign: the same once OCR's look-alikes
  // are folded together (a set lookup, where trying each sovereign's distance cost most of a comparison).
  const plain = words.slice(words.length - keys.length).map((w) => w.plain).join(' ');
  if (plain.length >= 4) {
    const name = FOLDED_SOVEREIGNS.get(ocrFold(plain));
    if (name !== undefined) return name === 'united states' ? 'us' : name;
  }
  return null;
}

function partyOf(text: string): Party {
  let t = text.trim();
  // `United States ex rel. Totten`: the relator is the party that identifies the case.
  const rel = /\bex\s+rel\.?\s+(.+)$/i.exec(t);
  if (rel) t = rel[1];
  for (let k = 0; k < 3 && PROCEDURAL_PREFIX.test(t); k++) t = t.replace(PROCEDURAL_PREFIX, '');
  const names = t.split(ALIAS).map(wordsOf).filter((w) => w.length > 0);
  const sovereigns = names.map(sovereignOf);
  const sovereign = names.length > 0 && sovereigns.every((x) => x !== null) ? (sovereigns[0] as string) : null;
  return { text: t, names, identity: names.length > 0 && sovereign === null, sovereign };
}

/** Whether two words are one: same key, singular/plural, an abbreviation of the other, or an OCR misreading. */
function sameWord(a: Word, b: Word): boolean {
  if (a.key === b.key || a.plain === b.plain) return true;
  if (a.key.replace(/s$/, '') === b.key.replace(/s$/, '')) return true;
  if (isAbbreviationOf(a, b) || isAbbreviationOf(b, a)) return true;
  // Words of one or two letters are mostly initials: no OCR tolerance there, unless a digit
  // shows the scanner misread a letter (`E1` for `El`).
  if (Math.min(a.plain.length, b.plain.length) < 3 && !/\d/.test(a.plain + b.plain)) return false;
  // Lengths more than two apart are more than a misreading or a slip apart (each costs a letter at most).
  if (Math.abs(a.plain.length - b.plain.length) > 2) return false;
  const d = ocrDistance(a.plain, b.plain, 2);
  if (d < 1) return true;
  // One ordinary slip in a long word (`Twombley` for `Twombly`) is a misspelling, not another party.
  return d < 2 && Math.min(a.plain.length, b.plain.length) >= 6;
}

/**
 * Bluebook abbreviations keep the word's first letter and drop letters, never reorder them
 * (`Distrib.` for `Distributing`, `Sec'y` for `Secretary`): a general rule for words the
 * table lacks, applied only to words written as abbreviations.
 */
function isAbbreviationOf(short: Word, long: Word): boolean {
  if (!short.abbreviated || short.plain.length < 2 || short.plain.length >= long.plain.length) return false;
  // A known abbreviation stands for its table word; one of a word that begins the same way too
  // (`Soc.`: Social in the table, Society in `Ohio Historical Soc.`).
  if (isKnownWord(short.plain) && wordKey(short.plain).slice(0, 4) !== long.plain.slice(0, 4)) return false;
  const s = short.plain;
  const l = long.plain;
  if (s[0] !== l[0]) return false;
  let j = 0;
  for (const ch of l) if (j < s.length && ch === s[j]) j++;
  return j === s.length;
}

type PartyMatch = 'strong' | 'compatible' | 'neutral' | 'weak' | 'conflict';

interface WordsMatch {
  status: PartyMatch;
  quality: number;
  /**
   * The match stops inside a hyphenated surname: `Figueroa` or `Florez` alone against
   * `Figueroa-Florez`. It may be the person under a shortened name, or another person of one of
   * the two names: a check, never the same case for certain.
   */
  partOfHyphenated?: boolean;
}

/** Whether some hyphenated name on one side had only some of its words matched. */
function splitsHyphenated(words: Word[], matched: boolean[]): boolean {
  const groups = new Map<number, [number, number]>();
  words.forEach((w, k) => {
    if (w.hyphen === undefined) return;
    const [hit, all] = groups.get(w.hyphen) ?? [0, 0];
    groups.set(w.hyphen, [hit + (matched[k] ? 1 : 0), all + 1]);
  });
  return [...groups.values()].some(([hit, all]) => hit > 0 && hit < all);
}

function compareWords(a: Word[], b: Word[]): WordsMatch {
  const used = new Array<boolean>(b.length).fill(false);
  const usedA = new Array<boolean>(a.length).fill(false);
  let hits = 0;
  let distinctive = false;
  a.forEach((w, i) => {
    const j = b.findIndex((x, k) => !used[k] && sameWord(w, x));
    if (j < 0) return;
    used[j] = true;
    usedA[i] = true;
    hits++;
    if (!GENERIC.has(w.key) && !GENERIC.has(b[j].key)) distinctive = true;
  });
  const dice = (2 * hits) / (a.length + b.length);
  const contained = hits > 0 && hits === Math.min(a.length, b.length);
  const partOfHyphenated = hits > 0 && (splitsHyphenated(a, usedA) || splitsHyphenated(b, used));
  const match = (status: PartyMatch): WordsMatch => (partOfHyphenated ? { status, quality: dice, partOfHyphenated } : { status, quality: dice });
  // Every word on both sides matching (`American Electric Power`) identifies a party even when each word is common.
  if (((contained || dice >= 0.75) && distinctive) || (hits === a.length && hits === b.length && hits >= 2)) return match('strong');
  if (contained) return match('compatible');
  return match(hits > 0 ? 'weak' : 'conflict');
}

/** `NRDC` for `Natural Resources Defense Council`, `EEOC` for `Equal Employment Opportunity Commission`. */
function isInitialsOf(short: string, full: string): boolean {
  const letters = short.replace(/[.\s]/g, '');
  if (!/^[A-Z]{2,8}$/.test(letters)) return false;
  const initials = full
    .split(/[\s,.&/-]+/)
    .filter((w) => w && !/^(?:of|the|and|for|in|on|inc|co|corp|ltd|llc|lp|l|p)$/i.test(w))
    .map((w) => w[0].toUpperCase())
    .join('');
  return initials === letters;
}

const RANK: Record<PartyMatch, number> = { strong: 4, compatible: 3, neutral: 2, weak: 1, conflict: 0 };

function compareParties(a: Party, b: Party): WordsMatch {
  if (a.sovereign !== null || b.sovereign !== null) {
    // A bare `State` or `People` is not a private party: `State v. Williams` is not
    // `Williams v. Folpridor`, whichever State it is.
    // Only a plainly written private name counts: `Com.` (Pennsylvania's `Commonwealth`) or an
    // initial is no such name.
    if ((a.sovereign === '' && b.sovereign === null && isPlainName(b)) || (b.sovereign === '' && a.sovereign === null && isPlainName(a))) return { status: 'conflict', quality: 0 };
    // A bare `State` or `People` may be any State.
    if (a.sovereign === '' || b.sovereign === '' || (!a.identity && a.sovereign === null) || (!b.identity && b.sovereign === null)) return { status: 'neutral', quality: 0 };
    // `Mapp v. Ohio` and `Terry v. Ohio` share only the State: the same sovereign is compatible,
    // never strong. `Mass.` is Massachusetts; `Miller v. Alabama` is not `Miller v. California`,
    // and a sovereign is not a private party (`Massachusetts v. EPA`, `Utility Air Regulatory Group v. EPA`).
    const same = a.sovereign === b.sovereign || a.names.some((x) => b.names.some((y) => compareWords(x, y).quality > 0));
    return same ? { status: 'compatible', quality: 1 } : { status: 'conflict', quality: 0 };
  }
  if (!a.identity || !b.identity) return { status: 'neutral', quality: 0 };
  if (isInitialsOf(a.text, b.text) || isInitialsOf(b.text, a.text)) return { status: 'strong', quality: 0.9 };
  let best: WordsMatch = { status: 'conflict', quality: 0 };
  for (const x of a.names) {
    for (const y of b.names) {
      let m = compareWords(x, y);
      // A person cited by surname alone (`West`) is the person the other side names in full
      // (`Antonio WEST`), however common the word: a common surname is still a name.
      if (m.status === 'compatible' && isSurnameOf(x, y, a, b)) m = { ...m, status: 'strong', quality: 0.8 };
      if (RANK[m.status] > RANK[best.status] || (m.status === best.status && m.quality > best.quality)) best = m;
    }
  }
  return best;
}

/** A party with an identity written out: some word of four letters or more, not abbreviated and not a common word. */
function isPlainName(p: Party): boolean {
  return p.identity && p.names.some((n) => n.some((w) => !w.abbreviated && w.plain.length >= 4 && !GENERIC.has(w.key)));
}

/** One side a single word, the other a person's name (at most three words) ending with it, neither an organization. */
function isSurnameOf(x: Word[], y: Word[], a: Party, b: Party): boolean {
  const [one, full, pa, pb] = x.length === 1 ? [x, y, a, b] : y.length === 1 ? [y, x, b, a] : [null, null, a, b];
  // Corporate and agency words only: a surname that is also a common word (`West`, `North`) still names a person.
  if (!one || !full || full.length > 3 || ORGANIZATION.test(pa.text) || ORGANIZATION.test(pb.text)) return false;
  return full[full.length - 1].key === one[0].key;
}

/** Corporate forms and agency-like words: a party that is an organization, not a person. */
const ORGANIZATION = /\b(?:inc|corp|co|cos|ltd|llc|llp|lp|plc|n\.?a|s\.?a|ag|gmbh|ass'n|association|bank|board|bd|commission|comm'n|department|dep't|dept|authority|airlines?|air lines|railroad|r\.r|railway|ry|insurance|ins|company|corporation|union|council|district|dist|county|city|university|univ|hospital|agency|bureau)\b\.?/i;

function isOrganization(p: Party): boolean {
  return ORGANIZATION.test(p.text) || /^[A-Z]{2,8}$/.test(p.text.replace(/[.\s]/g, '')) || p.names.some((n) => n.length > 0 && n.every((w) => GENERIC.has(w.key)));
}

/**
 * Two parties compared with their counterparts (`x`: first with first, `y`: second with
 * second, or crosswise when `swapped`). One strong match and a clear conflict on the other
 * side is usually another case of the same repeat litigant (`NLRB v. ...`, `Fishman v. Delta`,
 * `Ashcroft v. al-Kidd` at Iqbal's address), and is `different` when:
 * - the matched party is an organization: companies and agencies are sued again and again;
 * - the conflict is between two named sovereigns (`Miller v. California`, `Miller v. Alabama`);
 * - the matched party keeps its side: the usual reason for a changed counterparty at one
 *   address is an official substituted when the case reached a higher court, and there the
 *   private party changes sides too (`Raich v. Ashcroft` → `Gonzales v. Raich`).
 * Otherwise it stays `partial`: a check, never an accusation.
 */
function judgePair(x: WordsMatch, y: WordsMatch, pairs: [Party, Party][], swapped: boolean): NameComparison {
  const statuses = [x.status, y.status];
  const strong = statuses.filter((s) => s === 'strong').length;
  const quality = (x.quality + y.quality) / 2;
  if (strong > 0) {
    const otherIndex = x.status === 'strong' ? 1 : 0;
    const other = statuses[otherIndex];
    if (strong === 2 || other === 'compatible' || other === 'neutral') {
      // One of two surnames of a hyphenated name is a lead, not the case.
      if ((x.status === 'strong' && x.partOfHyphenated) || (y.status === 'strong' && y.partOfHyphenated)) return { verdict: 'partial', score: 0.5 };
      return { verdict: 'same', score: 0.8 + 0.2 * Math.min(1, Math.max(quality, 0.5)) };
    }
    const [matchedA, matchedB] = pairs[1 - otherIndex];
    const [otherA, otherB] = pairs[otherIndex];
    const sovereignConflict = !!otherA.sovereign && !!otherB.sovereign;
    // A party that shares some words (`Miller-El` read as `Miller-E1`) is not a clear conflict.
    const clearConflict = other === 'conflict';
    if (clearConflict && (isOrganization(matchedA) || isOrganization(matchedB) || sovereignConflict || !swapped)) return { verdict: 'different', score: 0.45 * quality };
    return { verdict: 'partial', score: 0.5 };
  }
  // Nothing against it: `unknown`, a little above an even score when some party shares its words
  // (`West v. United States` and a caption `Antonio WEST, Appellant, v. UNITED STATES`).
  if (statuses.every((s) => s === 'neutral' || s === 'compatible')) return { verdict: 'unknown', score: statuses.includes('compatible') ? 0.55 : 0.5 };
  return { verdict: 'different', score: 0.45 * quality };
}

/**
 * A name's parties, parsed once: a brief cites the same cases again and again, every brief on
 * a server meets the same database names, and parsing (the OCR-tolerant test of each word
 * against every sovereign above all) was most of a comparison's cost. Parties are never
 * changed once parsed, so they are shared. Bounded: the oldest entry goes first.
 */
const parsed = new Map<string, Party[]>();
const PARSED_MAX = 5000;

function parsedParties(name: string): Party[] {
  let parties = parsed.get(name);
  if (!parties) {
    parties = partiesOf(name).map(partyOf);
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
    parsed.set(name, parties);
  }
  return parties;
}

const ORDER: Record<NameVerdict, number> = { same: 3, partial: 2, different: 1, unknown: 0 };

function better(a: NameComparison, b: NameComparison): NameComparison {
  // A reading whose parties share words and clash nowhere beats a crosswise reading that clashes:
  // `West v. United States` read against itself crosswise pits West against the United States.
  const agreeing = (x: NameComparison): boolean => x.verdict === 'unknown' && x.score > 0.5;
  if (agreeing(a) && b.verdict === 'different') return a;
  if (agreeing(b) && a.verdict === 'different') return b;
  if (ORDER[a.verdict] !== ORDER[b.verdict]) return ORDER[a.verdict] > ORDER[b.verdict] ? a : b;
  return a.score >= b.score ? a : b;
}

/**
 * The cited name against the database's: full name, and its short name when it has one.
 * @example compareCaseNames('Ashcroft v. Igbal', 'Ashcroft v. Iqbal').verdict               // 'same' (OCR)
 * @example compareCaseNames('Iqbal', 'Ashcroft v. Iqbal').verdict                            // 'same' (short name)
 * @example compareCaseNames('Kaufman v. Alitalia Airlines, Inc.', 'Anderson v. Liberty Lobby, Inc.').verdict // 'different'
 */
export function compareCaseNames(cited: string, found: string, foundShort?: string | null): NameComparison {
  const a = parsedParties(cited);
  const b = parsedParties(found);
  if (a.length === 0 || b.length === 0) return { verdict: 'unknown', score: 0.5 };
  let result: NameComparison;
  if (a.length === 2 && b.length === 2) {
    const straight = judgePair(compareParties(a[0], b[0]), compareParties(a[1], b[1]), [[a[0], b[0]], [a[1], b[1]]], false);
    const crosswise = judgePair(compareParties(a[0], b[1]), compareParties(a[1], b[0]), [[a[0], b[1]], [a[1], b[0]]], true);
    result = better(straight, crosswise);
  } else {
    // A short name (`Iqbal`), or a case with one party (`In re Gault`): it must match one of the other side's parties.
    const [one, many] = a.length === 1 ? [a[0], b] : [b[0], a];
    const matches = many.map((p) => compareParties(one, p));
    const best = matches.reduce((x, y) => (RANK[y.status] > RANK[x.status] || (y.status === x.status && y.quality > x.quality) ? y : x));
    result =
      best.status === 'strong' && best.partOfHyphenated ? { verdict: 'partial', score: 0.5 }
      : best.status === 'strong' ? { verdict: 'same', score: 0.8 + 0.2 * Math.max(best.quality, 0.5) }
      : best.status === 'neutral' || best.status === 'compatible' ? { verdict: 'unknown', score: 0.5 }
      : { verdict: 'different', score: 0.45 * best.quality };
  }
  // The database's short name (`Iqbal`) confirms a cited short name; it cannot judge a full
  // cited name, whose other party it lacks.
  if (a.length === 1 && result.verdict !== 'same' && foundShort && foundShort.trim() && foundShort.trim() !== found.trim()) {
    const viaShort = compareCaseNames(cited, foundShort);
    if (viaShort.verdict === 'same') result = viaShort;
  }
  return result;
}

/**
 * Similarity of two case names in [0, 1]; 0.8 or more means the same case.
 * @example caseNameSimilarity('Bell Atlantic Corp. v. Twombly', 'Bell Atl. Corp. v. Twombly') // ≥ 0.8
 */
export function caseNameSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  return compareCaseNames(a, b).score;
}
