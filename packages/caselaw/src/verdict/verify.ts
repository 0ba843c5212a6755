/**
 * The verdict, citation by citation (ARCHITECTURE.md, "A verdict, citation by citation"):
 * plausibility first (no lookup), then the case-law providers in order, then a name search
 * where the address alone cannot settle it, then short forms take the verdict of the citation
 * they refer to.
 *
 * "Possible hallucination - citation not found" needs evidence, never a missing row alone:
 * CourtListener holds real cases without their citation and lacks some altogether. The
 * evidence is named in the verdict, in a lawyer's words: the Caselaw Access Project's list of
 * the volume, page ranges placing the page inside another case, a volume the reporter had not
 * reached for the cited year, a volume holding other years, or a search by name over every
 * case of the data that finds none in the court's family and years. A case the name search
 * finds is never accused: it is real, wherever it is reported. Without evidence either way the
 * citation stays unverified and the verdict says why, because a lawyer who is wrongly told a
 * real case is fabricated stops trusting the tool.
 */
import type { Verdict } from '@citecheck/proto';
import { canonicalReporter, findReporter, isYearNumbered } from '../engine';
import type { Citation } from '../engine';
import { compareCaseNames } from '../names';
import type { NameComparison } from '../names';
import { citationKey } from '../provider';
import type { CaseCluster, CaseLawProvider, Evidence, LookupCoverage, LookupRequest, LookupResult, NameQuery, NameSearchResult, PageRange, PinCheck } from '../provider';
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
  misses: { provider: CaseLawProvider; coverage?: LookupCoverage; evidence: Evidence[]; gap?: string; source: string }[];
  unknownReporterBy: string[];
  errors: string[];
}

/** What the name search said about one citation, gathered across the providers that can search. */
interface NameOutcome {
  same: CaseCluster[];
  similar: CaseCluster[];
  /** A conclusive search by an authoritative source found nothing: what it searched. */
  absentFrom: string | null;
  /** Why the searches that found nothing prove nothing. */
  why: string[];
  searchedBy: string | null;
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
  /** The pages of the case a full citation was found to be, for its short forms' pins. */
  const pagesOf = new Map<number, { pages: PageRange | null; endsBy: number | null }>();
  const doubts = new Map<number, PlausibilityProblem[]>();
  citations.forEach((c, i) => {
    if (c.type !== 'case') return settle(i, listedVerdict(c));
    if (c.form !== 'full') return void shortForms.push(i);
    const volume = volumeOf(c);
    if (volume === null || !c.reporter || !c.page || !/^\d/.test(c.page)) {
      return settle(i, pending('This citation has no page number yet (slip opinion or blank page), so it cannot be looked up', 'Check it again once the case is paginated'));
    }
    const problems = checkPlausibility(c, now);
    // An address that cannot exist needs no lookup; a doubtful year or court does: a case
    // found at that address under the cited name is real, whatever the parenthetical says.
    if (problems.some((p) => p.certain)) return settle(i, implausibleVerdict(problems));
    doubts.set(i, problems);
    const key = citationKey({ volume, reporter: c.reporter, page: c.page });
    const group = byAddress.get(key);
    if (group) group.indexes.push(i);
    else byAddress.set(key, { request: { id: key, volume, reporter: c.reporter, page: c.page, pin: c.pinCite, year: c.year }, indexes: [i] });
  });

  // 2. Lookups, a chunk at a time so a throttled provider still shows progress; then, for the
  //    citations the address cannot settle, the name search.
  const groups = [...byAddress.values()];
  for (let start = 0; start < groups.length; start += chunkSize) {
    const chunk = groups.slice(start, start + chunkSize);
    const outcomes = await lookupChain(chunk.map((g) => g.request), providers);
    const queries: NameQuery[] = [];
    const queryOf = new Map<number, number>();
    chunk.forEach((g, k) => {
      for (const i of g.indexes) {
        if (!needsNameSearch(citations[i], outcomes[k], compareNames)) continue;
        const c = citations[i];
        queryOf.set(i, queries.length);
        queries.push({ id: String(i), caseName: c.caseName!, year: c.year, court: c.court, reporter: c.reporter, volume: volumeOf(c), page: c.page });
      }
    });
    const names = queries.length ? await searchChain(queries, providers) : [];
    chunk.forEach((g, k) => {
      const answer = outcomes[k].answer;
      const found = answer?.status === 'found' && answer.clusters.length === 1 ? answer.clusters[0] : null;
      for (const i of g.indexes) {
        const q = queryOf.get(i);
        settle(i, lookupVerdict(citations[i], outcomes[k], q === undefined ? null : names[q], providers, doubts.get(i) ?? [], compareNames, now));
        if (found && verdicts[i]?.isValid === true) pagesOf.set(i, { pages: found.pages ?? null, endsBy: found.endsBy ?? null });
      }
    });
  }

  // 3. Short forms take the verdict of the full citation they refer to: the nearest one before
  //    them with that address (a brief may cite one address twice, under two names).
  for (const i of shortForms) {
    const c = citations[i];
    const target = c.antecedent ? antecedentOf(citations, i, c.antecedent) : undefined;
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

/** The full citation a short form refers to: the last one before it with that address (else the first after it). */
function antecedentOf(citations: Citation[], i: number, antecedent: string): number | undefined {
  for (let k = i - 1; k >= 0; k--) if (citations[k].form === 'full' && citations[k].normalized === antecedent) return k;
  const k = citations.findIndex((c) => c.form === 'full' && c.normalized === antecedent);
  return k >= 0 ? k : undefined;
}

/**
 * The volume as the lookup needs it: the engine's number, or a volume written as text that
 * the engine leaves out (`1975-2 Trade Cas. (CCH) ¶ 60,123`: the second volume of 1975).
 */
function volumeOf(c: Citation): number | string | null {
  if (c.volume !== null) return c.volume;
  if (!c.reporter || !c.text) return null;
  // The engine keeps such a volume in the citation's text (`1975-2 Trade Cas. (CCH) ¶ 60,123`)...
  const own = /^(\d{4}-\d{1,2})\s/.exec(c.text);
  if (own) return own[1];
  // ... or, reading an older form, just before it.
  if (!c.context) return null;
  const at = c.context.indexOf(c.text);
  const before = at > 0 ? c.context.slice(Math.max(0, at - 12), at) : '';
  const m = /(\d{4}-\d{1,2})\s+$/.exec(before);
  return m ? m[1] : null;
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
      } else if (res.status === 'not-found') {
        // Evidence only from a source that may rule a citation out at all.
        const evidence = provider.authoritative ? [...(res.evidence ?? [])] : [];
        if (provider.authoritative && res.coverage?.covered) evidence.push({ kind: 'source', text: res.coverage.description ?? `${source} holds every case of that volume` });
        o.misses.push({ provider, coverage: res.coverage, evidence, gap: provider.authoritative ? res.gap : undefined, source });
      }
      // The local index says when it does not hold a volume or series completely.
      // Its reason reads "not in the local data: …"; the verdict says that part itself, and for a
      // source that is not a complete database it has its own words.
      else if (res.status === 'not-covered') {
        // A whole series no source holds completely (Westlaw, public-domain numbers) has the
        // verdict's own explanation, the same whichever source was asked.
        const wholeSeries = /never holds every/.test(res.reason);
        const description = provider.authoritative && !wholeSeries ? res.reason.replace(/^not in the local data\s*[:(]\s*/i, '').replace(/\)$/, '') : undefined;
        o.misses.push({ provider, coverage: { covered: false, description }, evidence: [], source });
      } else if (res.status === 'unknown-reporter') o.unknownReporterBy.push(provider.name);
      else o.errors.push(`${provider.name}: ${res.message}`);
    });
  }
  return outcomes;
}

/**
 * Whether the address alone cannot settle a citation and its name can: a miss, a page that
 * only approximately falls inside another case, or a case of another name at the address
 * (the cited name may be reported elsewhere). A series no source holds (Westlaw numbers) is
 * never searched for absence; a case found there still tells nothing about the number.
 */
function needsNameSearch(c: Citation, o: Outcome, compareNames: CompareNames): boolean {
  if (!c.caseName || !c.reporter) return false;
  if (o.errors.length && !o.answer && !o.misses.length) return false;
  const answer = o.answer;
  if (!answer) return o.misses.length > 0;
  // Inside another case, approximately or for certain: the name search either stands in for the
  // missing evidence or, when the host is certain, says where the cited name is really reported.
  if (answer.status === 'contained-in') return !(answer.cluster.caseName && compareNames(c.caseName, answer.cluster.caseName, answer.cluster.caseNameShort).verdict === 'same');
  return answer.clusters.length === 1 && answer.clusters[0].caseName !== '' && compareNames(c.caseName, answer.clusters[0].caseName, answer.clusters[0].caseNameShort).verdict === 'different';
}

/** Asks every provider that can search by name; merges what they found. */
async function searchChain(queries: NameQuery[], providers: CaseLawProvider[]): Promise<NameOutcome[]> {
  const out: NameOutcome[] = queries.map(() => ({ same: [], similar: [], absentFrom: null, why: [], searchedBy: null }));
  for (const provider of providers) {
    if (!provider.searchByName) continue;
    const open = queries.map((q, k) => ({ q, k })).filter(({ k }) => out[k].same.length === 0);
    if (open.length === 0) break;
    let results: NameSearchResult[];
    try {
      results = await provider.searchByName(open.map(({ q }) => q));
    } catch (err) {
      for (const { k } of open) out[k].why.push(`the search by name failed (${(err as Error).message})`);
      continue;
    }
    open.forEach(({ k }, j) => {
      const r = results[j];
      const o = out[k];
      if (!r) return;
      const source = sourceForLawyer(r.source ?? provider.name);
      if (r.same.length) {
        o.same = r.same;
        o.searchedBy = source;
      } else if (r.similar.length) o.similar.push(...r.similar);
      else if (r.conclusive && provider.authoritative && o.absentFrom === null) {
        o.absentFrom = r.scope;
        o.searchedBy = source;
      } else if (r.why) o.why.push(r.why);
    });
  }
  for (const o of out) if (o.same.length || o.similar.length) o.absentFrom = null;
  return out;
}

function lookupVerdict(c: Citation, o: Outcome, names: NameOutcome | null, providers: CaseLawProvider[], doubts: PlausibilityProblem[], compareNames: CompareNames, now: Date): Verdict {
  const missedBy = [...new Set(o.misses.map((m) => m.source))].join(' and ') || null;
  // Westlaw, Lexis and public-domain numbers: no data holds them all, so no search proves one false.
  const byYear = isYearNumbered(c.reporter ?? '', volumeOf(c), now.getUTCFullYear());
  if (byYear && names) names = { ...names, absentFrom: null, why: [] };
  if (o.answer?.status === 'found') return { ...foundVerdict(c, o.answer.clusters, compareNames, o.answer.pin ?? null, names), checkedAgainst: o.answeredBy };
  if (o.answer?.status === 'contained-in') {
    const answer = o.answer;
    const sameCase = c.caseName && answer.cluster.caseName ? compareNames(c.caseName, answer.cluster.caseName, answer.cluster.caseNameShort).verdict === 'same' : false;
    // Pages a range places for certain, or the cited case itself starting earlier: said as it is.
    if (answer.approximate === false || sameCase) return { ...containedInVerdict(c, answer, sameCase, [], sameCase ? null : reportedElsewhere(c, names)), checkedAgainst: o.answeredBy };
    // The nearest earlier case is only the likely host: the cited one may be missing from the
    // data in between. It stands only with evidence; a case the name search finds stands instead.
    if (names?.same.length) return { ...foundByNameVerdict(c, names.same, byYear), checkedAgainst: names.searchedBy ?? o.answeredBy };
    const evidence = [...(answer.evidence ?? []), ...nameEvidence(c, names)];
    if (evidence.length && !names?.similar.length) return { ...containedInVerdict(c, answer, false, evidence), checkedAgainst: o.answeredBy };
    return { ...unverifiedVerdict(c, o, names, providers, `the nearest case before it is ${describe(answer.cluster)}, but the data lacks some cases and citations`), checkedAgainst: o.answeredBy };
  }
  // Nothing at this address. A case of that name elsewhere, or with no citation, is real.
  if (names?.same.length) return { ...foundByNameVerdict(c, names.same, byYear), checkedAgainst: names.searchedBy ?? missedBy };
  const evidence = [...o.misses.flatMap((m) => m.evidence), ...nameEvidence(c, names)];
  // What the evidence came from (a sample that merely lacked the case is not named).
  const evidenceBy = [...new Set([...o.misses.filter((m) => m.evidence.length).map((m) => m.source), ...(nameEvidence(c, names).length && names?.searchedBy ? [names.searchedBy] : [])])].join(' and ') || missedBy;
  // The citation as written contradicts a reporter fact: say which, with any evidence.
  if (doubts.length && !names?.similar.length) return { ...implausibleVerdict(doubts, evidence), checkedAgainst: evidence.length ? evidenceBy : missedBy };
  if (evidence.length && !names?.similar.length) return { ...notFoundVerdict(evidence), checkedAgainst: evidenceBy };
  return { ...unverifiedVerdict(c, o, names, providers), checkedAgainst: missedBy };
}

/** A conclusive name search that found nothing, as evidence. */
function nameEvidence(c: Citation, names: NameOutcome | null): Evidence[] {
  if (!names?.absentFrom || !c.caseName) return [];
  return [{ kind: 'name-search', text: `no case named ${c.caseName} among ${names.absentFrom}, with or without a citation` }];
}

function notFoundVerdict(evidence: Evidence[]): Verdict {
  return {
    isValid: false,
    confidence: evidence.length > 1 ? 95 : 90,
    validationDetails: { message: `${MESSAGES.notFound}: ${joinEvidence(evidence)}`, suggestion: MESSAGES.notFoundSuggestion },
    courtListenerData: null,
  };
}

function joinEvidence(evidence: Evidence[]): string {
  return [...new Set(evidence.map((e) => e.text))].join('; ');
}

/**
 * The cited case, found by name where the address did not show it: real. Reported at another
 * address of the same reporter, the citation is wrong (say where it is); otherwise the data just
 * lacks this citation for it (say so, and confirm the case). A Westlaw or public-domain number
 * stays for its service or court to confirm: the case is real, the number is not checked.
 */
function foundByNameVerdict(c: Citation, same: CaseCluster[], byYear = false): Verdict {
  const cited = `${volumeOf(c)} ${c.reporter} ${c.page}`;
  const reporter = canonicalReporter(c.reporter ?? '');
  const elsewhere = same.map((k) => ({ k, at: (k.citations ?? []).find((x) => reporterOf(x) === reporter && x !== cited) })).filter((x) => x.at);
  if (same.length === 1 && elsewhere.length === 1) {
    const { k, at } = elsewhere[0];
    return {
      isValid: false,
      confidence: 85,
      validationDetails: { message: `${k.caseName} is reported at ${at}, not ${cited} (${describeWhen(k)})`, suggestion: `Cite it as ${at}` },
      courtListenerData: clData(k),
    };
  }
  const holds = same.length === 1 && same[0].citations?.length ? `; CourtListener holds it as ${same[0].citations.slice(0, 3).join(', ')} but holds no ${c.reporter} citation for it` : `; CourtListener holds no ${c.reporter} citation for it`;
  const list = same.slice(0, 3).map((k) => `${k.caseName} (${describeWhen(k)})`).join('; ');
  if (byYear) {
    const series = seriesGap(c);
    return { isValid: null, confidence: 60, validationDetails: { message: `Found by name: ${list}${holds}, and ${series.gap}`, suggestion: series.suggestion }, courtListenerData: clData(same[0]) };
  }
  return {
    isValid: true,
    confidence: 70,
    validationDetails: { message: `Found by name: ${list}${holds}`, suggestion: `Check the page against the reporter: ${cited} is not in the data` },
    courtListenerData: clData(same[0]),
  };
}

/** `F.3d` of `925 F.3d 1339`. */
function reporterOf(cite: string): string {
  const m = /^\S+ (.+) \S+$/.exec(cite);
  return m ? canonicalReporter(m[1]) : '';
}

/** `Court of Appeals for the Eleventh Circuit, 2019-06-04`, for "found by name". */
function describeWhen(k: CaseCluster): string {
  const court = k.courtName ?? courtLabel(k.court) ?? k.courtCitation ?? k.court;
  return [court, k.dateFiled ?? k.year].filter(Boolean).join(', ');
}

/**
 * No case starts at the cited page, but one starting earlier in the volume runs through it.
 * With the case's page range the placement is certain and the message says which page of which
 * case it is; without one the nearest earlier case is only the likely host, which the message
 * says, with the evidence that the cited case is not there.
 */
/**
 * Where the cited name is really reported, when the name search found exactly one case of that
 * name under another citation (`Mickens v. 10th Jud. Cir. Ct. is reported at 458 F. App'x 839`).
 */
function reportedElsewhere(c: Citation, names: NameOutcome | null): { caseName: string; at: string } | null {
  const cited = `${volumeOf(c)} ${c.reporter} ${c.page}`;
  const real = names?.same.length === 1 ? names.same[0] : null;
  const at = real?.citations?.find((x) => x !== cited) ?? null;
  return real && at ? { caseName: real.caseName, at } : null;
}

function containedInVerdict(c: Citation, answer: Extract<LookupResult, { status: 'contained-in' }>, sameCase: boolean, evidence: Evidence[], elsewhere: { caseName: string; at: string } | null = null): Verdict {
  const host = answer.cluster;
  const cited = volumeOf(c) !== null && c.reporter ? `${volumeOf(c)} ${c.reporter} ${c.page}` : `page ${c.page}`;
  const approximate = answer.approximate !== false || !host.pages;
  const firstPage = host.pages?.firstPage ?? host.citation.split(' ').pop();
  let details: { message: string; suggestion: string };
  if (sameCase) {
    details = approximate
      ? { message: `${host.caseName} is real, but it starts at ${host.citation}: page ${c.page} is not its first page and is probably inside it (its last page is not known here)`, suggestion: `Cite the first page: ${host.citation}` }
      : { message: `${host.caseName} is real, but it starts at ${host.citation}: page ${c.page} is inside it (pages ${host.pages!.firstPage}-${host.pages!.lastPage}), not its first page`, suggestion: `Cite the first page: ${host.citation}` };
  } else {
    const because = evidence.length ? `; ${joinEvidence(evidence)}` : '';
    details = approximate
      ? {
          message: `This page probably falls inside ${describe(host)}: no case begins at ${cited}, and that is the nearest case before it (its last page is not known here, so the placement is approximate)${because}`,
          suggestion: 'No case starts at this page; check the citation',
        }
      : {
          message: `This page falls inside ${describe(host)}: ${cited} is page ${c.page} of that case, which runs from page ${firstPage} to ${host.pages!.lastPage}${host.pages!.from === 'opinion-text' ? ' (as its opinion text numbers its pages)' : ''}${because}${elsewhere ? `; ${elsewhere.caseName} is reported at ${elsewhere.at}, not ${cited}` : ''}`,
          suggestion: elsewhere ? `Cite ${elsewhere.caseName} as ${elsewhere.at}` : 'No case starts at this page; check the citation',
        };
  }
  return { isValid: false, confidence: approximate ? 85 : 90, validationDetails: details, courtListenerData: clData(host) };
}

/** What the data holds of a series it may lack, in a lawyer's words. */
function seriesGap(c: Citation): { gap: string; suggestion: string } {
  const entry = c.reporter ? findReporter(c.reporter) : null;
  if (entry?.kind === 'wl-lexis') {
    const service = entry.canonical === 'WL' ? 'Westlaw' : 'Lexis';
    return { gap: `${service} numbers are not part of the case-law data CiteCheck checks against`, suggestion: `Check this citation on ${service}` };
  }
  if (entry?.kind === 'neutral' || (c.reporter && isYearNumbered(c.reporter, volumeOf(c), new Date().getUTCFullYear()))) {
    return { gap: `the case-law data CiteCheck checks against has only some ${entry?.canonical ?? c.reporter} public-domain citations`, suggestion: "Check this citation on the court's website" };
  }
  return { gap: `the case-law data CiteCheck checks against may not have every case of ${volumeOf(c)} ${c.reporter}`, suggestion: 'Check this citation against the reporter' };
}

function unverifiedVerdict(c: Citation, o: Outcome, names: NameOutcome | null, providers: CaseLawProvider[], nearest?: string): Verdict {
  const why: string[] = [];
  const series = seriesGap(c);
  let suggestion: string | null = null;
  if (o.misses.length) {
    // The local SQLite index names itself `local case-law index` or `demo case-law index`.
    const local = o.misses.some((m) => /index/i.test(m.provider.name));
    const gaps = [
      ...new Set(
        o.misses.map((m) =>
          m.coverage?.description ?? m.gap ??
          (m.provider.authoritative ? series.gap : /demo/i.test(m.provider.name) ? 'only a small sample of well-known cases is loaded' : 'only part of the case law is loaded'),
        ),
      ),
    ];
    why.push(`${local ? 'not in the local data' : `not in ${o.misses.map((m) => m.provider.name).join(' or ')}`} (${gaps.join('; ')})`);
    suggestion = series.suggestion;
  }
  if (nearest) why.push(nearest);
  if (names?.similar.length) {
    why.push(`a case with a similar name is there: ${names.similar.slice(0, 2).map(describe).join('; ')}`);
    suggestion = 'Check the case name and the citation against the original source';
  } else if (names && names.why.length && o.misses.some((m) => m.provider.authoritative)) why.push(`a search by name could not rule it out: ${names.why[0]}`);
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

function implausibleVerdict(problems: PlausibilityProblem[], evidence: Evidence[] = []): Verdict {
  const because = evidence.length ? `; ${joinEvidence(evidence)}` : '';
  return {
    isValid: false,
    confidence: 95,
    validationDetails: { message: `Implausible citation: ${problems.map((p) => p.message).join('; ')}${because}`, suggestion: 'Check the reporter, volume, court and year against the original source' },
    courtListenerData: null,
  };
}

function foundVerdict(c: Citation, clusters: CaseCluster[], compareNames: CompareNames, pin: PinCheck | null, names: NameOutcome | null): Verdict {
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
    // Where the cited name is really reported, when the name search found it (`Miranda v. Arizona is reported at 384 U.S. 436`).
    const cited = `${volumeOf(c)} ${c.reporter} ${c.page}`;
    const real = names?.same.length === 1 ? names.same[0] : null;
    const realAt = real?.citations?.find((x) => x !== cited) ?? null;
    return {
      isValid: false,
      confidence: Math.round(90 + 10 * Math.max(0, 0.45 - name.score) / 0.45),
      validationDetails: {
        message: `Citation points to a different case: the brief names ${c.caseName}, but the case at this citation is ${describe(found)}${real && realAt ? `; ${real.caseName} is reported at ${realAt}, not ${cited}` : ''}`,
        suggestion: real && realAt ? `Cite ${real.caseName} as ${realAt}` : `The case at ${found.citation} is ${found.caseName}; check the case name and the citation`,
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
  const pinPast = pinBeyondEnd(c.pinCite, found, pin);
  if (pinPast) notes.push(pinPast);
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
  // A case CourtListener lacks, known from the Caselaw Access Project's list of the volume.
  const fromCap = found.origin === 'cap' ? ` (listed by the Caselaw Access Project; CourtListener's data lacks ${found.citation})` : '';
  return {
    isValid: true,
    confidence,
    validationDetails: { message: notes.length ? `${base}${fromCap}, but ${notes.join('; ')}` : `${base}${fromCap}` },
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
 * A pin held against where the case ends: its last page when known (the source's check is used
 * only when made for this pin: one lookup serves every citation of an address), else the first
 * page of the next case in the volume, which the case cannot run past. The warning, or null.
 */
function pinBeyondEnd(pinCite: string | null, found: { pages?: PageRange | null; endsBy?: number | null }, checked: PinCheck | null = null): string | null {
  const pin = pinCite?.trim() ?? '';
  const n = /^(\d+)/.exec(pin);
  if (!n) return null;
  const p = Number(n[1]);
  if (found.pages) return p > found.pages.lastPage ? `check the pin cite: the case ends at page ${found.pages.lastPage}, so page ${p} is not in it` : null;
  if (checked?.beyondLastPage && checked.pin === pin) return `check the pin cite: the case ends at page ${checked.lastPage}, so page ${p} is not in it`;
  if (found.endsBy && p > found.endsBy) return `check the pin cite: the next case in the volume begins at page ${found.endsBy}, so page ${p} is not in this one`;
  return null;
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
  const at = k.citation ? `, ${k.citation}` : '';
  return `${k.caseName || 'an unnamed case'}${at}${paren ? ` (${paren})` : ''}`;
}

function clData(k: CaseCluster): Verdict['courtListenerData'] {
  return { caseName: k.caseName || null, court: k.courtName ?? k.courtCitation ?? k.court, year: k.year, absolute_url: k.absoluteUrl };
}

function pending(message: string, suggestion?: string): Verdict {
  return { isValid: null, confidence: 0, validationDetails: suggestion ? { message, suggestion } : { message }, courtListenerData: null };
}

/** What a citation that is not a case is, in a lawyer's words. */
const KIND_WORDS: Record<string, string> = { statute: 'statute', regulation: 'regulation', journal: 'law-review article', rule: 'court rule' };

/** A statute, regulation, article or rule: listed, never checked, and said so rather than left "pending". */
function listedVerdict(c: Citation): Verdict {
  return { isValid: null, confidence: 0, validationDetails: { message: `Not checked: ${KIND_WORDS[c.type] ?? c.type} (${MESSAGES.listed.toLowerCase()})` }, courtListenerData: null };
}

function shortFormVerdict(full: Verdict, antecedent: string, pinWarning: string | null): Verdict {
  const d = full.validationDetails;
  const message = `Refers to ${antecedent}. ${typeof d === 'string' ? d : d.message}${pinWarning ? `; ${pinWarning}` : ''}`;
  const details = typeof d === 'string' ? { message } : { ...d, message };
  return { ...full, validationDetails: details, ...(pinWarning ? { confidence: Math.min(full.confidence, 80) } : {}) };
}

/**
 * A short form's pin (`550 U.S. at 556`, `Id. at 679`) is where a lawyer points into the case,
 * so it is held against where the case ends as a full citation's pin is.
 */
function pinPastShortForm(c: Citation, found: { pages: PageRange | null; endsBy: number | null } | undefined): string | null {
  return found ? pinBeyondEnd(c.pinCite, found) : null;
}
