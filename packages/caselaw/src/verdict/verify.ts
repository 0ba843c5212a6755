/**
 * The verdict, citation by citation (ARCHITECTURE.md, "A verdict, citation by citation"):
 * plausibility first (no lookup), then the case-law providers in order, then short forms
 * take the verdict of the citation they refer to. Only an authoritative provider may call a
 * citation "not found"; anything else leaves it unverified and says why, because a lawyer who
 * is wrongly told a real case is fabricated stops trusting the tool.
 */
import type { Verdict } from '@citecheck/proto';
import { findReporter } from '../engine';
import type { Citation } from '../engine';
import { compareCaseNames } from '../names';
import type { NameComparison } from '../names';
import { citationKey } from '../provider';
import type { CaseCluster, CaseLawProvider, LookupCoverage, LookupRequest, LookupResult, PageRange, PinCheck } from '../provider';
import { courtLabel } from './court-names';
import { checkPlausibility } from './plausibility';
import type { PlausibilityProblem } from './plausibility';

/** A name comparison scoring at least this says "the same case" (see names/compare.ts). */
export const NAME_MATCH_THRESHOLD = 0.8;

export const MESSAGES = {
  notFound: 'Possible hallucination - citation not found',
  notFoundSuggestion: 'Check formatting',
  listed: 'Statutes and regulations are listed, not verified',
  exactMatch: 'Exact citation and case name match',
} as const;

export interface VerifyProgress {
  completed: number;
  total: number;
  currentCitation: string;
  validCount: number;
  invalidCount: number;
}

export interface VerifyOptions {
  /** The present, for "year in the future" (injected so verdicts are reproducible). */
  now?: Date;
  onProgress?: (p: VerifyProgress) => void;
  /** Compares the cited name with the database's (full, and short when it has one); names/ by default. */
  compareNames?: (cited: string, found: string, foundShort?: string | null) => NameComparison;
  /** Addresses sent to the providers per round; progress is reported after each (default 25). */
  chunkSize?: number;
}

export interface VerifyResult {
  /** One verdict per input citation, in input order. */
  verdicts: Verdict[];
  /** Calls made to case-law sources (SPEC's processingStats.courtListenerCalls). */
  caseLawCalls: number;
}

type CompareNames = NonNullable<VerifyOptions['compareNames']>;

/** What the providers said about one address, gathered across the chain. */
interface Outcome {
  answer: Extract<LookupResult, { status: 'found' | 'contained-in' }> | null;
  /** What the answer came from, in a lawyer's words. */
  answeredBy: string | null;
  /** Providers that did not have it, with what they said they hold and what they are. */
  misses: { provider: CaseLawProvider; coverage?: LookupCoverage; source: string }[];
  unknownReporterBy: string[];
  errors: string[];
}

/**
 * Verdicts for every citation of a document.
 * @example
 *   const { verdicts } = await verify(findCitations(text), [LocalCitationIndex.open()], { now: new Date() });
 */
export async function verify(citations: Citation[], providers: CaseLawProvider[], options: VerifyOptions = {}): Promise<VerifyResult> {
  const now = options.now ?? new Date();
  const compareNames = options.compareNames ?? compareCaseNames;
  const chunkSize = Math.max(1, options.chunkSize ?? 25);
  const callsBefore = providers.map((p) => p.calls ?? 0);

  const verdicts: (Verdict | null)[] = citations.map(() => null);
  let validCount = 0;
  let invalidCount = 0;
  let completed = 0;
  const settle = (i: number, v: Verdict): void => {
    verdicts[i] = v;
    if (v.isValid === true) validCount++;
    if (v.isValid === false) invalidCount++;
    completed++;
    options.onProgress?.({ completed, total: citations.length, currentCitation: citations[i].text, validCount, invalidCount });
  };

  // 1. Verdicts that need no lookup; the rest grouped by address (one lookup per address).
  const byAddress = new Map<string, { request: LookupRequest; indexes: number[] }>();
  const shortForms: number[] = [];
  /** The page range of the case a full citation was found to be, for its short forms' pins. */
  const pagesOf = new Map<number, PageRange>();
  const doubts = new Map<number, PlausibilityProblem[]>();
  citations.forEach((c, i) => {
    if (c.type !== 'case') return settle(i, listedVerdict());
    if (c.form !== 'full') return void shortForms.push(i);
    if (c.volume === null || !c.reporter || !c.page || !/^\d/.test(c.page)) {
      return settle(i, pending('This citation has no page number yet (slip opinion or blank page), so it cannot be looked up', 'Check it again once the case is paginated'));
    }
    const problems = checkPlausibility(c, now);
    // An address that cannot exist needs no lookup; a doubtful year or court does: a case
    // found at that address under the cited name is real, whatever the parenthetical says.
    if (problems.some((p) => p.certain)) return settle(i, implausibleVerdict(problems));
    doubts.set(i, problems);
    const key = citationKey({ volume: c.volume, reporter: c.reporter, page: c.page });
    const group = byAddress.get(key);
    if (group) group.indexes.push(i);
    else byAddress.set(key, { request: { id: key, volume: c.volume, reporter: c.reporter, page: c.page, pin: c.pinCite }, indexes: [i] });
  });

  // 2. Lookups, a chunk at a time so a throttled provider still shows progress.
  const groups = [...byAddress.values()];
  for (let start = 0; start < groups.length; start += chunkSize) {
    const chunk = groups.slice(start, start + chunkSize);
    const outcomes = await lookupChain(chunk.map((g) => g.request), providers);
    chunk.forEach((g, k) => {
      const answer = outcomes[k].answer;
      const pages = answer?.status === 'found' && answer.clusters.length === 1 ? answer.clusters[0].pages : null;
      for (const i of g.indexes) {
        settle(i, lookupVerdict(citations[i], outcomes[k], providers, doubts.get(i) ?? [], compareNames));
        if (pages) pagesOf.set(i, pages);
      }
    });
  }

  // 3. Short forms take the verdict of the full citation they refer to.
  const fullByNormalized = new Map<string, number>();
  citations.forEach((c, i) => {
    if (c.form === 'full' && c.normalized && !fullByNormalized.has(c.normalized)) fullByNormalized.set(c.normalized, i);
  });
  for (const i of shortForms) {
    const c = citations[i];
    const target = c.antecedent ? fullByNormalized.get(c.antecedent) : undefined;
    const v = target !== undefined ? verdicts[target] : null;
    const pages = target !== undefined && v?.isValid === true ? pagesOf.get(target) : undefined;
    if (v) settle(i, shortFormVerdict(v, c.antecedent!, pinPastShortForm(c, pages)));
    else settle(i, pending('Short form whose full citation was not found in the document', 'Cite the case in full once before using a short form'));
  }

  const caseLawCalls = providers.reduce((n, p, k) => n + ((p.calls ?? 0) - callsBefore[k]), 0);
  return { verdicts: verdicts as Verdict[], caseLawCalls };
}

/** The verdict for one citation on its own (a recheck). Short forms need their document: use verify(). */
export async function verifyCitation(citation: Citation, providers: CaseLawProvider[], options: VerifyOptions = {}): Promise<Verdict> {
  return (await verify([citation], providers, options)).verdicts[0];
}

/** Asks each provider in turn about the addresses no earlier provider has found. */
async function lookupChain(requests: LookupRequest[], providers: CaseLawProvider[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = requests.map(() => ({ answer: null, answeredBy: null, misses: [], unknownReporterBy: [], errors: [] }));
  for (const provider of providers) {
    const open = requests.map((r, k) => ({ r, k })).filter(({ k }) => outcomes[k].answer === null);
    if (open.length === 0) break;
    let results: LookupResult[];
    try {
      results = await provider.lookup(open.map(({ r }) => r));
    } catch (err) {
      results = open.map(({ r }) => ({ id: r.id, status: 'error' as const, message: (err as Error).message }));
    }
    open.forEach(({ k }, j) => {
      const res = results[j];
      const o = outcomes[k];
      const source = sourceForLawyer(res?.source ?? provider.name);
      if (!res) o.errors.push(`${provider.name}: no answer`);
      else if (res.status === 'found' || res.status === 'contained-in') {
        o.answer = res;
        o.answeredBy = source;
      } else if (res.status === 'not-found') o.misses.push({ provider, coverage: res.coverage, source });
      // The local index says when it does not hold a volume or series completely.
      // Its reason reads "not in the local data: …"; the verdict says that part itself, and for a
      // source that is not a complete database it has its own words.
      else if (res.status === 'not-covered') {
        // A whole series no source holds completely (Westlaw, public-domain numbers) has the
        // verdict's own explanation, the same whichever source was asked.
        const wholeSeries = /never holds every/.test(res.reason);
        const description = provider.authoritative && !wholeSeries ? res.reason.replace(/^not in the local data\s*[:(]\s*/i, '').replace(/\)$/, '') : undefined;
        o.misses.push({ provider, coverage: { covered: false, description }, source });
      }
      else if (res.status === 'unknown-reporter') o.unknownReporterBy.push(provider.name);
      else o.errors.push(`${provider.name}: ${res.message}`);
    });
  }
  return outcomes;
}

function lookupVerdict(c: Citation, o: Outcome, providers: CaseLawProvider[], doubts: PlausibilityProblem[], compareNames: CompareNames): Verdict {
  if (o.answer?.status === 'contained-in') return { ...containedInVerdict(c, o.answer, compareNames), checkedAgainst: o.answeredBy };
  if (o.answer?.status === 'found') return { ...foundVerdict(c, o.answer.clusters, compareNames, o.answer.pin ?? null), checkedAgainst: o.answeredBy };
  // Nothing at this address. The citation as written contradicts a reporter fact: say which.
  const missedBy = [...new Set(o.misses.map((m) => m.source))].join(' and ') || null;
  if (doubts.length) return { ...implausibleVerdict(doubts), checkedAgainst: missedBy };
  const ruledOutBy = o.misses.find((m) => m.provider.authoritative && covers(m.coverage, c));
  if (ruledOutBy) {
    return { isValid: false, confidence: 90, validationDetails: { message: MESSAGES.notFound, suggestion: MESSAGES.notFoundSuggestion }, courtListenerData: null, checkedAgainst: ruledOutBy.source };
  }
  return { ...unverifiedVerdict(c, o, providers), checkedAgainst: missedBy };
}

/**
 * No case starts at the cited page, but one starting earlier in the volume may run through it.
 * With the case's page range the placement is certain and the message says which page of which
 * case it is; without one the nearest earlier case is only the likely host, and the message says
 * so rather than state a guess as a fact.
 */
function containedInVerdict(c: Citation, answer: Extract<LookupResult, { status: 'contained-in' }>, compareNames: CompareNames): Verdict {
  const host = answer.cluster;
  const sameCase = c.caseName && host.caseName ? compareNames(c.caseName, host.caseName, host.caseNameShort).verdict === 'same' : false;
  const cited = c.volume !== null && c.reporter ? `${c.volume} ${c.reporter} ${c.page}` : `page ${c.page}`;
  const approximate = answer.approximate !== false || !host.pages;
  const firstPage = host.pages?.firstPage ?? host.citation.split(' ').pop();
  let details: { message: string; suggestion: string };
  if (sameCase) {
    details = approximate
      ? { message: `${host.caseName} is real, but it starts at ${host.citation}: page ${c.page} is not its first page and is probably inside it (its last page is not known here)`, suggestion: `Cite the first page: ${host.citation}` }
      : { message: `${host.caseName} is real, but it starts at ${host.citation}: page ${c.page} is inside it (pages ${host.pages!.firstPage}-${host.pages!.lastPage}), not its first page`, suggestion: `Cite the first page: ${host.citation}` };
  } else {
    details = approximate
      ? {
          message: `This page probably falls inside ${describe(host)}: no case begins at ${cited}, and that is the nearest case before it (its last page is not known here, so the placement is approximate)`,
          suggestion: 'No case starts at this page; check the citation',
        }
      : { message: `This page falls inside ${describe(host)}: ${cited} is page ${c.page} of that case, which begins at page ${firstPage}`, suggestion: 'No case starts at this page; check the citation' };
  }
  return { isValid: false, confidence: approximate ? 85 : 90, validationDetails: details, courtListenerData: clData(host) };
}

/**
 * Whether a source that did not find the citation holds the whole series and volume, so that
 * its miss means the citation does not exist. The source says so when it knows; otherwise an
 * authoritative source is trusted for printed reporters only. Westlaw and Lexis numbers and
 * public-domain citations reach CourtListener's data only when a court or a contributor
 * supplied them, so no source of that data can rule one out.
 */
function covers(coverage: LookupCoverage | undefined, c: Citation): boolean {
  if (coverage) return coverage.covered;
  const entry = c.reporter ? findReporter(c.reporter) : null;
  if (!entry || entry.kind === 'wl-lexis' || entry.kind === 'neutral') return false;
  // A volume past the last one we know of a series still being published is newer than our
  // data may be: a brand-new case must not be called fabricated because a snapshot predates it.
  if (entry.end === null && entry.maxVolume !== null && c.volume !== null && c.volume > entry.maxVolume) return false;
  return true;
}

/** What the data holds of a series it may lack, in a lawyer's words. */
function seriesGap(c: Citation): { gap: string; suggestion: string } {
  const entry = c.reporter ? findReporter(c.reporter) : null;
  if (entry?.kind === 'wl-lexis') {
    const service = entry.canonical === 'WL' ? 'Westlaw' : 'Lexis';
    return { gap: `${service} numbers are not part of the case-law data CiteCheck checks against`, suggestion: `Check this citation on ${service}` };
  }
  if (entry?.kind === 'neutral') {
    return { gap: `the case-law data CiteCheck checks against has only some ${entry.canonical} public-domain citations`, suggestion: "Check this citation on the court's website" };
  }
  return { gap: `the case-law data CiteCheck checks against may not have every case of ${c.volume} ${c.reporter}`, suggestion: 'Check this citation against the reporter' };
}

function unverifiedVerdict(c: Citation, o: Outcome, providers: CaseLawProvider[]): Verdict {
  const why: string[] = [];
  const series = seriesGap(c);
  let suggestion: string | null = null;
  if (o.misses.length) {
    // The local SQLite index names itself `local case-law index` or `demo case-law index`.
    const local = o.misses.some((m) => /index/i.test(m.provider.name));
    const gaps = [
      ...new Set(
        o.misses.map((m) =>
          m.coverage?.description ??
          (m.provider.authoritative ? series.gap : /demo/i.test(m.provider.name) ? 'only a small sample of well-known cases is loaded' : 'only part of the case law is loaded'),
        ),
      ),
    ];
    why.push(`${local ? 'not in the local data' : `not in ${o.misses.map((m) => m.provider.name).join(' or ')}`} (${gaps.join('; ')})`);
    suggestion = series.suggestion;
  }
  // Said the same way whichever source it was: the lawyer needs the fact, not our plumbing.
  if (o.unknownReporterBy.length) why.push(`the case-law data CiteCheck checks against does not include the reporter ${c.reporter}`);
  if (o.errors.length) {
    why.unshift(`the case-law lookup failed (${o.errors.join('; ')})`);
    if (providers.some((p) => p.authoritative)) suggestion = 'Recheck this citation later';
  }
  if (providers.length === 0) why.unshift('no case-law database is available');
  if (why.length === 0) why.push('no case-law source answered for this citation');
  return pending(`Unverified: ${why.join('; ')}`, suggestion ?? series.suggestion);
}

function implausibleVerdict(problems: PlausibilityProblem[]): Verdict {
  return {
    isValid: false,
    confidence: 95,
    validationDetails: { message: `Implausible citation: ${problems.map((p) => p.message).join('; ')}`, suggestion: 'Check the reporter, volume, court and year against the original source' },
    courtListenerData: null,
  };
}

function foundVerdict(c: Citation, clusters: CaseCluster[], compareNames: CompareNames, pin: PinCheck | null): Verdict {
  const byName = (k: CaseCluster): NameComparison | null => (c.caseName && k.caseName ? compareNames(c.caseName, k.caseName, k.caseNameShort) : null);
  let found = clusters[0];
  if (clusters.length > 1) {
    // Several cases under one address: the cited name may pick one; otherwise list them rather than guess.
    const named = clusters.filter((k) => byName(k)?.verdict === 'same');
    if (named.length !== 1) return pending(`Several cases share this citation: ${clusters.map(describe).join('; ')}`, 'Check which of these cases is meant');
    found = named[0];
  }
  const name = byName(found);
  if (name?.verdict === 'different') {
    return {
      isValid: false,
      confidence: Math.round(90 + 10 * Math.max(0, 0.45 - name.score) / 0.45),
      validationDetails: {
        message: `Citation points to a different case: the brief names ${c.caseName}, but the case at this citation is ${describe(found)}`,
        suggestion: `The case at ${found.citation} is ${found.caseName}; check the case name and the citation`,
      },
      courtListenerData: clData(found),
    };
  }
  if (name?.verdict === 'partial') {
    // One party matches and the other does not: a changed caption or another case of the same party. A check, not an accusation.
    return {
      isValid: null,
      confidence: 50,
      validationDetails: {
        message: `Check the case name: the brief names ${c.caseName}, and the case at this citation is ${describe(found)}; only one party matches`,
        suggestion: 'Check the case name and the citation against the original source',
      },
      courtListenerData: clData(found),
    };
  }
  const yearGap = c.year !== null && found.year !== null ? Math.abs(c.year - found.year) : null;
  const courtAgrees = c.court && found.court ? c.court === found.court : null;
  const notes: string[] = [];
  if (yearGap) notes.push(`check the year: decided ${found.year}, cited as ${c.year}`);
  if (courtAgrees === false) {
    const cited = courtLabel(c.court);
    notes.push(`check the court: decided by ${courtName(found)}${cited ? `, cited as ${cited}` : ', cited to another court'}`);
  }
  // A pin past the case's last page cannot point into it: the pin is wrong, or the case is.
  const pinPast = pinBeyondLastPage(c, found, pin);
  if (pinPast) notes.push(`check the pin cite: the case ends at page ${pinPast.lastPage}, so page ${pinPast.pin} is not in it`);
  const named = name !== null && name.verdict === 'same';

  if (!named && (courtAgrees === false || (yearGap !== null && yearGap > 1))) {
    // No name to confirm the address, and the year or court says another case was meant: a
    // warning, never a fabrication verdict.
    return pending(`The case at this citation is ${describe(found)}; ${notes.join('; ')}`, 'Check which case is meant against the original source');
  }
  // Weighted agreement: the name counts most; year (within one) and court confirm it. A bare
  // address, with no name to compare, is good evidence but not proof of the intended case.
  const parts: [number, number][] = [named ? [0.6, name.score] : [0.5, 0.9]];
  if (yearGap !== null) parts.push([0.2, yearGap === 0 ? 1 : yearGap === 1 ? 0.85 : 0.2]);
  if (courtAgrees !== null) parts.push([0.2, courtAgrees ? 1 : 0.3]);
  if (pinPast) parts.push([0.2, 0.3]);
  const confidence = Math.round((100 * parts.reduce((s, [w, v]) => s + w * v, 0)) / parts.reduce((s, [w]) => s + w, 0));
  const base = named ? (notes.length ? 'Citation and case name match' : MESSAGES.exactMatch) : `Citation found: ${describe(found)}`;
  return {
    isValid: true,
    confidence,
    validationDetails: { message: notes.length ? `${base}, but ${notes.join('; ')}` : base },
    courtListenerData: clData(found),
  };
}

/**
 * A source as a lawyer reads it. The demo data is a sample, which is what a lawyer needs to
 * know; "not authoritative" is our rule for what a miss there may conclude, not a fact about
 * any case.
 * @example sourceForLawyer('demo data, not authoritative') // 'demo data (a small sample of well-known cases)'
 */
export function sourceForLawyer(source: string): string {
  if (/^demo data\b/i.test(source)) return 'demo data (a small sample of well-known cases)';
  if (source === 'CourtListener') return 'CourtListener API';
  return source.replace(/,\s*not authoritative\b/i, '');
}

/**
 * The citation's own pin against the case's last page. One lookup serves every citation of an
 * address, so the source's pin check is used only when it was made for this citation's pin.
 */
function pinBeyondLastPage(c: Citation, found: CaseCluster, checked: PinCheck | null): { pin: string; lastPage: number } | null {
  const pin = c.pinCite?.trim() ?? '';
  const n = /^(\d+)/.exec(pin);
  if (!n) return null;
  if (found.pages) return Number(n[1]) > found.pages.lastPage ? { pin: n[1], lastPage: found.pages.lastPage } : null;
  return checked?.beyondLastPage && checked.pin === pin ? { pin: n[1], lastPage: checked.lastPage } : null;
}

/** The deciding court's name: the source's full name, else ours, else its citation form. */
function courtName(k: CaseCluster): string {
  return k.courtName ?? courtLabel(k.court) ?? k.courtCitation ?? 'another court';
}

/** `Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)`; the Supreme Court's name is implied by U.S. */
export function describe(k: CaseCluster): string {
  // Citation style wants the court's abbreviation (`11th Cir.`); without it, none rather than an id.
  const court = k.court === 'scotus' ? null : k.courtCitation;
  const paren = [court, k.year].filter((x) => x !== null && x !== undefined).join(' ');
  return `${k.caseName || 'an unnamed case'}, ${k.citation}${paren ? ` (${paren})` : ''}`;
}

function clData(k: CaseCluster): Verdict['courtListenerData'] {
  return { caseName: k.caseName || null, court: k.courtName ?? k.courtCitation ?? k.court, year: k.year, absolute_url: k.absoluteUrl };
}

function pending(message: string, suggestion?: string): Verdict {
  return { isValid: null, confidence: 0, validationDetails: suggestion ? { message, suggestion } : { message }, courtListenerData: null };
}

function listedVerdict(): Verdict {
  return { isValid: null, confidence: 0, validationDetails: { message: MESSAGES.listed }, courtListenerData: null };
}

function shortFormVerdict(full: Verdict, antecedent: string, pinWarning: string | null): Verdict {
  const d = full.validationDetails;
  const message = `Refers to ${antecedent}. ${typeof d === 'string' ? d : d.message}${pinWarning ? `; ${pinWarning}` : ''}`;
  const details = typeof d === 'string' ? { message } : { ...d, message };
  return { ...full, validationDetails: details, ...(pinWarning ? { confidence: Math.min(full.confidence, 80) } : {}) };
}

/**
 * A short form's pin (`550 U.S. at 556`, `Id. at 679`) is where a lawyer points into the case,
 * so it is held against the case's last page as a full citation's pin is.
 */
function pinPastShortForm(c: Citation, pages: PageRange | undefined): string | null {
  const n = /^(\d+)/.exec(c.pinCite?.trim() ?? '');
  if (!pages || !n || Number(n[1]) <= pages.lastPage) return null;
  return `check the pin cite: the case ends at page ${pages.lastPage}, so page ${n[1]} is not in it`;
}
