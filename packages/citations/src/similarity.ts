/**
 * Case-name similarity, for the verifier: does the name in the brief match the name in the
 * case-law database? Briefs abbreviate (Bluebook T6: `Atlantic` → `Atl.`), databases often
 * do not, so both names are first normalised to the same short forms, then compared party
 * by party.
 */

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
export function nameTokens(name: string): string[] {
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

/** Dice coefficient over words, with prefix matching. */
function dice(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const used = new Array<boolean>(b.length).fill(false);
  let hits = 0;
  for (const w of a) {
    const j = b.findIndex((x, k) => !used[k] && wordsMatch(w, x));
    if (j >= 0) {
      used[j] = true;
      hits++;
    }
  }
  return (2 * hits) / (a.length + b.length);
}

function parties(name: string): string[] {
  return name.split(/\s+v(?:s)?\.?\s+/i).slice(0, 2);
}

/**
 * Similarity of two case names in [0, 1], after normalising legal abbreviations.
 * When both names have two parties, each party is compared with its counterpart and the
 * scores averaged; otherwise all words are compared together.
 * @example caseNameSimilarity('Bell Atlantic Corp. v. Twombly', 'Bell Atl. Corp. v. Twombly') // 1
 * @example caseNameSimilarity('Varghese v. China Southern Airlines', 'Twombly v. Bell')      // 0
 */
export function caseNameSimilarity(a: string, b: string): number {
  if (!a || !b) return 0;
  const pa = parties(a);
  const pb = parties(b);
  if (pa.length === 2 && pb.length === 2) {
    return (dice(nameTokens(pa[0]), nameTokens(pb[0])) + dice(nameTokens(pa[1]), nameTokens(pb[1]))) / 2;
  }
  return dice(nameTokens(a), nameTokens(b));
}

/**
 * Whether a short name (`Twombly`, `Daubert`, `Liberty Lobby`) names one of the parties of a
 * full case name: every word of the short name appears in the full one.
 */
export function shortNameMatches(short: string | string[], full: string | string[]): boolean {
  const s = typeof short === 'string' ? nameTokens(short) : short;
  const f = typeof full === 'string' ? nameTokens(full) : full;
  return s.length > 0 && s.every((w) => f.some((x) => wordsMatch(w, x)));
}
