/**
 * The verdict, citation by citation (ARCHITECTURE.md, "A verdict, citation by citation"):
 * plausibility first (no lookup), then the case-law providers in order, then short forms
 * take the verdict of the citation they refer to. Only an authoritative provider may call a
 * citation "not found"; anything else leaves it unverified and says why, because a lawyer who
 * is wrongly told a real case is fabricated stops trusting the tool.
 */
import type { Verdict } from '@citecheck/proto';
import { caseNameSimilarity } from '../engine';
import type { Citation } from '../engine';
import { citationKey } from '../provider';
import type { CaseCluster, CaseLawProvider, LookupRequest, LookupResult } from '../provider';
import { checkPlausibility } from './plausibility';

/** Below this the cited name is another case (calibrated with the engine's similarity). */
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
  /** Case-name similarity in [0, 1]; the engine's by default. */
  similarity?: (a: string, b: string) => number;
  /** Addresses sent to the providers per round; progress is reported after each (default 25). */
  chunkSize?: number;
}

export interface VerifyResult {
  /** One verdict per input citation, in input order. */
  verdicts: Verdict[];
  /** Calls made to case-law sources (SPEC's processingStats.courtListenerCalls). */
  caseLawCalls: number;
}

/** What the providers said about one address, gathered across the chain. */
interface Outcome {
  answer: Extract<LookupResult, { status: 'found' | 'contained-in' }> | null;
  /** Authoritative providers that said "no such citation". */
  notFoundBy: string[];
  /** Non-authoritative providers that did not have it. */
  notCoveredBy: string[];
  /** Why an authoritative source could not decide (a volume or series its data does not hold completely). */
  notCoveredWhy: string[];
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
  const similarity = options.similarity ?? caseNameSimilarity;
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
  citations.forEach((c, i) => {
    if (c.type !== 'case') return settle(i, listedVerdict());
    if (c.form !== 'full') return void shortForms.push(i);
    if (c.volume === null || !c.reporter || !c.page || !/^\d/.test(c.page)) {
      return settle(i, pending('This citation has no page number yet (slip opinion or blank page), so it cannot be looked up', 'Check it again once the case is paginated'));
    }
    const problems = checkPlausibility(c, now);
    if (problems.length) {
      return settle(i, {
        isValid: false,
        confidence: 95,
        validationDetails: { message: `Implausible citation: ${problems.map((p) => p.message).join('; ')}`, suggestion: 'Check the reporter, volume, court and year against the original source' },
        courtListenerData: null,
      });
    }
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
      for (const i of g.indexes) settle(i, lookupVerdict(citations[i], outcomes[k], providers, similarity));
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
  const outcomes: Outcome[] = requests.map(() => ({ answer: null, notFoundBy: [], notCoveredBy: [], notCoveredWhy: [], unknownReporterBy: [], errors: [] }));
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
      else if (res.status === 'not-found') (provider.authoritative ? o.notFoundBy : o.notCoveredBy).push(provider.name);
      else if (res.status === 'not-covered') (provider.authoritative ? o.notCoveredWhy : o.notCoveredBy).push(provider.authoritative ? res.reason : provider.name);
      else if (res.status === 'unknown-reporter') o.unknownReporterBy.push(provider.name);
      else o.errors.push(`${provider.name}: ${res.message}`);
    });
  }
  return outcomes;
}

function lookupVerdict(c: Citation, o: Outcome, providers: CaseLawProvider[], similarity: (a: string, b: string) => number): Verdict {
  if (o.answer?.status === 'contained-in') {
    const host = o.answer.cluster;
    const sameCase = c.caseName && host.caseName ? nameScore(c.caseName, host, similarity) >= NAME_MATCH_THRESHOLD : false;
    return {
      isValid: false,
      confidence: 90,
      validationDetails: sameCase
        ? { message: `${host.caseName} is real, but it starts at ${host.citation}: page ${c.page} is inside it, not its first page`, suggestion: `Cite the first page: ${host.citation}` }
        : { message: `This page falls inside ${describe(host)}`, suggestion: 'No case starts at this page; check the citation' },
      courtListenerData: clData(host),
    };
  }
  if (o.answer?.status === 'found') return foundVerdict(c, o.answer.clusters, similarity);
  if (o.notFoundBy.length) {
    return { isValid: false, confidence: 90, validationDetails: { message: MESSAGES.notFound, suggestion: MESSAGES.notFoundSuggestion }, courtListenerData: null };
  }
  // Nobody who could say "it does not exist" has said so: unverified, and why.
  const why: string[] = [];
  if (o.errors.length) why.push(`the case-law lookup failed (${o.errors.join('; ')})`);
  if (o.unknownReporterBy.length) why.push(`${o.unknownReporterBy.join(' and ')} cannot search the reporter ${c.reporter}`);
  why.push(...o.notCoveredWhy);
  if (o.notCoveredBy.length) why.push(`the ${o.notCoveredBy.join(' and the ')} does not cover it (it is not a complete case-law database)`);
  if (!providers.some((p) => p.authoritative)) why.push('no authoritative case-law database is configured');
  if (providers.length === 0) why.unshift('no case-law database is configured');
  const message = `Unverified: ${why.join('; ')}`;
  const suggestion = o.errors.length && providers.some((p) => p.authoritative)
    ? 'Recheck this citation later'
    : 'To verify it, connect CourtListener (set COURTLISTENER_TOKEN) or import the full index (citecheck caselaw import <files or folder> --authoritative)';
  return pending(message, suggestion);
}

function foundVerdict(c: Citation, clusters: CaseCluster[], similarity: (a: string, b: string) => number): Verdict {
  if (clusters.length > 1) {
    // Several cases under one address: listing them beats guessing which one was meant.
    return pending(`Several cases share this citation: ${clusters.map(describe).join('; ')}`, 'Check which of these cases is meant');
  }
  const found = clusters[0];
  const name = c.caseName && found.caseName ? nameScore(c.caseName, found, similarity) : null;
  if (name !== null && name < NAME_MATCH_THRESHOLD) {
    return {
      isValid: false,
      confidence: Math.round(90 + 10 * (NAME_MATCH_THRESHOLD - name) / NAME_MATCH_THRESHOLD),
      validationDetails: { message: `Citation points to a different case: ${describe(found)}`, suggestion: `The case at ${found.citation} is ${found.caseName}; check the case name and the citation` },
      courtListenerData: clData(found),
    };
  }
  const yearGap = c.year !== null && found.year !== null ? Math.abs(c.year - found.year) : null;
  const courtAgrees = c.court && found.court ? c.court === found.court : null;
  const notes: string[] = [];
  if (yearGap !== null && yearGap > 1) notes.push(`the cited year ${c.year} differs from the decision year ${found.year}`);
  else if (yearGap === 1) notes.push(`the cited year ${c.year} is one off the decision year ${found.year}`);
  if (courtAgrees === false) notes.push(`the cited court (${c.court}) differs from ${found.courtCitation ?? found.court}`);

  if (name === null && (courtAgrees === false || (yearGap !== null && yearGap > 1))) {
    // A bare address has nothing but year and court to confirm it is the intended case.
    return {
      isValid: false,
      confidence: 80,
      validationDetails: { message: `The case at this citation is ${describe(found)}, but ${notes.join(' and ')}`, suggestion: 'Check the citation against the original source' },
      courtListenerData: clData(found),
    };
  }
  // Weighted agreement: the name counts most; year (within one) and court confirm it. A bare
  // address, with no name to compare, is good evidence but not proof of the intended case.
  const parts: [number, number][] = [name !== null ? [0.6, name] : [0.5, 0.9]];
  if (yearGap !== null) parts.push([0.2, yearGap === 0 ? 1 : yearGap === 1 ? 0.85 : 0.2]);
  if (courtAgrees !== null) parts.push([0.2, courtAgrees ? 1 : 0.3]);
  const confidence = Math.round((100 * parts.reduce((s, [w, v]) => s + w * v, 0)) / parts.reduce((s, [w]) => s + w, 0));
  const base = name !== null ? (notes.length ? 'Citation and case name match' : MESSAGES.exactMatch) : `Citation found: ${describe(found)}`;
  return {
    isValid: true,
    confidence,
    validationDetails: { message: notes.length ? `${base}, but ${notes.join(' and ')}` : base },
    courtListenerData: clData(found),
  };
}

/**
 * A cited name against a case: its full name, its short name when the brief used one, or
 * party by party when one party is cited by its initials (`Chevron U.S.A. Inc. v. NRDC`),
 * which word-based similarity cannot see.
 */
function nameScore(cited: string, found: CaseCluster, similarity: (a: string, b: string) => number): number {
  let best = similarity(cited, found.caseName);
  if (found.caseNameShort) best = Math.max(best, similarity(cited, found.caseNameShort));
  const a = parties(cited);
  const b = parties(found.caseName);
  if (best < NAME_MATCH_THRESHOLD && a && b) {
    const sameParty = (x: string, y: string): boolean => similarity(x, y) >= 0.9;
    if ((sameParty(a[0], b[0]) && isInitialsOf(a[1], b[1])) || (sameParty(a[1], b[1]) && isInitialsOf(a[0], b[0]))) best = 0.9;
  }
  return best;
}

function parties(name: string): [string, string] | null {
  const m = /^(.+?)\s+v(?:s)?\.?\s+(.+)$/.exec(name.trim());
  return m ? [m[1], m[2]] : null;
}

const MINOR_WORDS = new Set(['of', 'the', 'and', 'for', 'in', 'on', 'inc', 'co', 'corp', 'ltd', 'llc', 'lp', 'l', 'p']);

/** `NRDC` is the initials of `Natural Resources Defense Council, Inc.`; `EEOC` of `Equal Employment Opportunity Commission`. */
function isInitialsOf(short: string, full: string): boolean {
  const letters = short.replace(/[.\s]/g, '');
  if (!/^[A-Z]{2,8}$/.test(letters)) return false;
  const initials = full
    .split(/[\s,.&-]+/)
    .filter((w) => w && !MINOR_WORDS.has(w.toLowerCase()))
    .map((w) => w[0].toUpperCase())
    .join('');
  return initials === letters;
}

/** `Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)`; the Supreme Court's name is implied by U.S. */
export function describe(k: CaseCluster): string {
  const court = k.court === 'scotus' ? null : k.courtCitation ?? k.court;
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
