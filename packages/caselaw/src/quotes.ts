/**
 * The words a brief quotes, checked against the opinion of the case it attributes them to,
 * where the verdicts come from: the local index's stored texts first, then a source that
 * fetches them (CourtListener's API). The matching itself is @citecheck/quotes'.
 *
 *   const found = findBriefQuotes(text, citations, blocks);          // extraction: quotations tied to their case
 *   const results = await checkBriefQuotes(found.map((f) => ({ ...f, caseValid: verdicts[f.quote.citation!]?.isValid ?? null })), providers);
 *   // results[i]: { text, status: 'verified' | 'wrong-page' | 'altered' | 'not-found' | 'unchecked', foundPage, message, pin, opinionText, diff }
 */
import type { Citation } from '@citecheck/citations';
import type { ExtractedQuote, QuoteCheckResult } from '@citecheck/proto';
import {
  checkQuote,
  findQuotes,
  prepareOpinion,
  quoteTarget,
  type BriefQuote,
  type PreparedOpinion,
  type QuoteCheck,
  type QuoteTarget,
  type UncheckedReason,
} from '@citecheck/quotes';
import type { CaseLawProvider } from './provider';

/** A quotation of the brief with the case it is checked against, or why it cannot be. */
export interface FoundQuote {
  quote: BriefQuote;
  target: QuoteTarget | null;
  reason: UncheckedReason | null;
}

/**
 * Every quotation in `text` tied to its citation and case. `blocks`: the offsets of the
 * paragraphs the reader saw indented (`toCitationInput(document).blocks`).
 */
export function findBriefQuotes(text: string, citations: Citation[], blocks?: { start: number; end: number }[]): FoundQuote[] {
  return findQuotes(text, citations, blocks ? { blocks } : {}).map((quote) => {
    const target = quoteTarget(quote, citations);
    return 'reason' in target ? { quote, target: null, reason: target.reason } : { quote, target, reason: null };
  });
}

/** A quotation to check: what extraction found, and whether its citation's verdict found the case. */
export interface QuoteToCheck {
  quote: BriefQuote;
  target: QuoteTarget | null;
  reason: UncheckedReason | null;
  /** The verdict of the citation it is tied to: false means there is no such case to compare with. */
  caseValid: boolean | null;
}

type Loaded = { prepared: PreparedOpinion; lastPage: number | null; at: string } | UncheckedReason;

/**
 * Checks each quotation against its case's opinion. Each case's text is asked for once (of
 * the providers in order, by each of its parallel citations), and prepared once.
 */
export async function checkBriefQuotes(quotes: QuoteToCheck[], providers: CaseLawProvider[]): Promise<QuoteCheckResult[]> {
  const opinions = new Map<string, Promise<Loaded>>();
  const load = (target: QuoteTarget): Promise<Loaded> => {
    let p = opinions.get(target.caseKey);
    if (!p) {
      p = loadOpinion(target, providers);
      opinions.set(target.caseKey, p);
    }
    return p;
  };
  const out: QuoteCheckResult[] = [];
  for (const q of quotes) {
    if (!q.target) {
      out.push(toResult(checkQuote(q.quote, { reason: q.reason ?? 'no-citation' })));
      continue;
    }
    if (q.caseValid === false) {
      out.push(toResult(checkQuote(q.quote, { reason: 'case-not-found' })));
      continue;
    }
    const loaded = await load(q.target);
    if (typeof loaded === 'string') {
      out.push(toResult(checkQuote(q.quote, { reason: loaded })));
      continue;
    }
    // The case's last page, where the source knows it, lets a one-page case (no page labels) be checked on its page.
    const target: QuoteTarget = {
      ...q.target,
      cites: q.target.cites.map((c) => (c.normalized === loaded.at && loaded.lastPage !== null ? { ...c, lastPage: String(loaded.lastPage) } : c)),
    };
    out.push(toResult(checkQuote(q.quote, { opinion: loaded.prepared, target })));
  }
  return out;
}

async function loadOpinion(target: QuoteTarget, providers: CaseLawProvider[]): Promise<Loaded> {
  let failed = false;
  let asked = false;
  for (const provider of providers) {
    if (!provider.opinionText) continue;
    for (const cite of target.cites) {
      if (cite.volume === null || !cite.reporter || !cite.page) continue;
      asked = true;
      const answer = await provider.opinionText({ volume: cite.volume, reporter: cite.reporter, page: cite.page }).catch((err: Error) => ({ status: 'error' as const, message: err.message }));
      if (answer.status === 'found') return { prepared: prepareOpinion(answer.opinion), lastPage: answer.lastPage, at: cite.normalized };
      if (answer.status === 'error') failed = true;
    }
  }
  // A source that could not answer says nothing about the text: try again later, not "no text".
  return failed ? 'source-unavailable' : asked ? 'no-text' : 'no-text';
}

/** The stored and served form: the output contract and what the report shows. */
export function toResult(check: QuoteCheck): QuoteCheckResult {
  return {
    text: check.text,
    status: check.status,
    foundPage: check.foundPage,
    message: check.message,
    pin: check.pin,
    opinionText: check.opinionText,
    diff: check.diff,
  };
}

/**
 * The quotations of a `citations.extracted` event, checked and listed under the citation each
 * is attributed to (same order as `citations`): what validation stores with the verdicts.
 */
export async function checkExtractedQuotes(
  quotes: ExtractedQuote[],
  citations: { id: string }[],
  verdicts: ({ isValid: boolean | null } | null)[],
  providers: CaseLawProvider[],
): Promise<QuoteCheckResult[][]> {
  const at = new Map(citations.map((c, i) => [c.id, i]));
  const tied = quotes.filter((q) => q.citationId !== null && at.has(q.citationId));
  const results = await checkBriefQuotes(
    tied.map((q) => {
      const index = at.get(q.citationId!)!;
      const quote: BriefQuote = { text: q.text, start: q.start, end: q.end, kind: q.kind, citation: index, tie: q.tie, notes: q.notes };
      return { quote, target: q.target, reason: q.reason, caseValid: verdicts[index]?.isValid ?? null };
    }),
    providers,
  );
  const out: QuoteCheckResult[][] = citations.map(() => []);
  tied.forEach((q, i) => out[at.get(q.citationId!)!].push(results[i]));
  return out;
}
