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
import type { CaseCluster, CaseLawProvider, LookupCoverage, LookupRequest, LookupResult } from '../provider';
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
  /** Providers that did not have it, with what they said they hold. */
  misses: { provider: CaseLawProvider; coverage?: LookupCoverage }[];
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
      for (const i of g.indexes) settle(i, lookupVerdict(citations[i], outcomes[k], providers, doubts.get(i) ?? [], compareNames));
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
    if (v) settle(i, shortFormVerdict(v, c.antecedent!));
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
  const outcomes: Outcome[] = requests.map(() => ({ answer: null, misses: [], unknownReporterBy: [], errors: [] }));
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
      if (!res) o.errors.push(`${provider.name}: no answer`);
      else if (res.status === 'found' || res.status === 'contained-in') o.answer = res;
      else if (res.status === 'not-found') o.misses.push({ provider, coverage: res.coverage });
      // The local index says when it does not hold a volume or series completely.
      // Its reason reads "not in the local data: …"; the verdict says that part itself, and for a
      // source that is not a complete database it has its own words.
      else if (res.status === 'not-covered') {
        // A whole series no source holds completely (Westlaw, public-domain numbers) has the
        // verdict's own explanation, the same whichever source was asked.
        const wholeSeries = /never holds every/.test(res.reason);
        const description = provider.authoritative && !wholeSeries ? res.reason.replace(/^not in the local data\s*[:(]\s*/i, '').replace(/\)$/, '') : undefined;
        o.misses.push({ provider, coverage: { covered: false, description } });
      }
      else if (res.status === 'unknown-reporter') o.unknownReporterBy.push(provider.name);
      else o.errors.push(`${provider.name}: ${res.message}`);
    });
  }
  return outcomes;
}

function lookupVerdict(c: Citation, o: Outcome, providers: CaseLawProvider[], doubts: PlausibilityProblem[], compareNames: CompareNames): Verdict {
  if (o.answer?.status === 'contained-in') {
    const host = o.answer.cluster;
    const sameCase = c.caseName && host.caseName ? compareNames(c.caseName, host.caseName, host.caseNameShort).verdict === 'same' : false;
    return {
      isValid: false,
      confidence: 90,
      validationDetails: sameCase
        ? { message: `${host.caseName} is real, but it starts at ${host.citation}: page ${c.page} is inside it, not its first page`, suggestion: `Cite the first page: ${host.citation}` }
        : { message: `This page falls inside ${describe(host)}`, suggestion: 'No case starts at this page; check the citation' },
      courtListenerData: clData(host),
    };
  }
  if (o.answer?.status === 'found') return foundVerdict(c, o.answer.clusters, compareNames);
  // Nothing at this address. The citation as written contradicts a reporter fact: say which.
  if (doubts.length) return implausibleVerdict(doubts);
  if (o.misses.some((m) => m.provider.authoritative && covers(m.coverage, c))) {
    return { isValid: false, confidence: 90, validationDetails: { message: MESSAGES.notFound, suggestion: MESSAGES.notFoundSuggestion }, courtListenerData: null };
  }
  return unverifiedVerdict(c, o, providers);
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

function foundVerdict(c: Citation, clusters: CaseCluster[], compareNames: CompareNames): Verdict {
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
  const confidence = Math.round((100 * parts.reduce((s, [w, v]) => s + w * v, 0)) / parts.reduce((s, [w]) => s + w, 0));
  const base = named ? (notes.length ? 'Citation and case name match' : MESSAGES.exactMatch) : `Citation found: ${describe(found)}`;
  return {
    isValid: true,
    confidence,
    validationDetails: { message: notes.length ? `${base}, but ${notes.join('; ')}` : base },
    courtListenerData: clData(found),
  };
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

function shortFormVerdict(full: Verdict, antecedent: string): Verdict {
  const d = full.validationDetails;
  const details = typeof d === 'string' ? { message: `Refers to ${antecedent}. ${d}` } : { ...d, message: `Refers to ${antecedent}. ${d.message}` };
  return { ...full, validationDetails: details };
}
