/**
 * Text in, citations and verdicts out, at once: what the public API's `POST /api/v1/check`,
 * `GET /api/v1/citations/verify` and the MCP tools answer, in the product and in the offline
 * `citecheck mcp`. The same engine (`findCitations`) and judge (`verify`) as a brief's
 * upload, without reading a file or going through the pipeline.
 *
 *   const { citations, verdicts } = await checkText(text, [LocalCitationIndex.open()]);
 *   const one = await verifyCite('556 U.S. 662', 'Ashcroft v. Iqbal', providers); // null: no case citation in it
 */
import { findCitations, type Citation } from '@citecheck/citations';
import type { QuoteCheckResult, Verdict } from '@citecheck/proto';
import type { CaseLawProvider } from './provider';
import { checkBriefQuotes, findBriefQuotes, type FoundQuote } from './quotes';
import { verify } from './verdict/verify';

export interface CheckTextOptions {
  now?: Date;
  /** Citations one call may check (more throws TooManyCitationsError before any lookup). */
  maxCitations?: number;
  /** Paragraphs the reader saw indented (block quotations), as offsets in `text`. */
  blocks?: { start: number; end: number }[];
}

export interface CheckedText {
  citations: Citation[];
  verdicts: Verdict[];
  /** Per citation (same order), the quotations attributed to it, checked against the opinion. */
  quotes: QuoteCheckResult[][];
  /** Lookups made (processingStats' case-law calls). */
  caseLawCalls: number;
}

export class TooManyCitationsError extends Error {
  override name = 'TooManyCitationsError';
  constructor(
    readonly found: number,
    readonly limit: number,
  ) {
    super(`${found} citations found, more than the ${limit} one call may check`);
  }
}

/** Every citation in `text`, without verdicts (no lookup, no I/O). */
export function extractText(text: string): Citation[] {
  // The sentence around each citation is left out: callers have the text and the offsets.
  return findCitations(text, { context: false });
}

export async function checkText(text: string, providers: CaseLawProvider[], options: CheckTextOptions = {}): Promise<CheckedText> {
  const citations = extractText(text);
  if (options.maxCitations !== undefined && citations.length > options.maxCitations) throw new TooManyCitationsError(citations.length, options.maxCitations);
  const { verdicts, caseLawCalls } = await verify(citations, providers, { now: options.now });
  const quotes = await quotesByCitation(findBriefQuotes(text, citations, options.blocks), citations.length, verdicts, providers);
  return { citations, verdicts, quotes, caseLawCalls };
}

/**
 * The quotations checked and listed under the citation each is attributed to (`citation` is
 * an index into the citations); one not tied to a citation is nowhere to show and is left out.
 */
export async function quotesByCitation(found: FoundQuote[], count: number, verdicts: (Pick<Verdict, 'isValid'> | null)[], providers: CaseLawProvider[]): Promise<QuoteCheckResult[][]> {
  const tied = found.filter((f) => f.quote.citation !== null && f.quote.citation < count);
  const results = await checkBriefQuotes(
    tied.map((f) => ({ ...f, caseValid: verdicts[f.quote.citation!]?.isValid ?? null })),
    providers,
  );
  const out: QuoteCheckResult[][] = Array.from({ length: count }, () => []);
  tied.forEach((f, i) => out[f.quote.citation!].push(results[i]));
  return out;
}

/**
 * One case citation, with the name it is given under when there is one. The name is read as a
 * brief would write it (`Ashcroft v. Iqbal, 556 U.S. 662`), so the engine takes the parties
 * apart as it does in a brief. Null when `cite` holds no case citation.
 */
export async function verifyCite(
  cite: string,
  name: string | undefined,
  providers: CaseLawProvider[],
  options: Pick<CheckTextOptions, 'now'> = {},
): Promise<{ citation: Citation; verdict: Verdict } | null> {
  const trimmedName = name?.trim().replace(/[,\s]+$/, '');
  const text = trimmedName ? `${trimmedName}, ${cite.trim()}` : cite.trim();
  const citation = extractText(text).find((c) => c.type === 'case' && c.form === 'full');
  if (!citation) return null;
  const { verdicts } = await verify([citation], providers, { now: options.now });
  return { citation, verdict: verdicts[0] };
}

/**
 * One quotation against the case it is attributed to (the MCP tool find_quote): the citation
 * judged as in a brief, and the words checked against the case's opinion. Null when `cite`
 * holds no case citation, or the words are too few to be checked (fewer than four).
 * @example await findQuote('Ashcroft v. Iqbal, 556 U.S. 662, 678', 'Threadbare recitals of the elements of a cause of action', providers)
 */
export async function findQuote(
  cite: string,
  quote: string,
  providers: CaseLawProvider[],
  options: Pick<CheckTextOptions, 'now'> = {},
): Promise<{ citation: Citation; verdict: Verdict; quote: QuoteCheckResult } | null> {
  // Written as a brief writes it: the words in quotation marks, then the citation. Double
  // quotation marks inside the words are the source's quotation within the quotation.
  const words = quote.trim().replace(/^["“”]+|["“”]+$/g, '').replace(/["“”]/g, "'");
  const text = `“${words}” ${cite.trim().replace(/[.\s]+$/, '')}.`;
  const citations = extractText(text);
  const at = citations.findIndex((c) => c.type === 'case' && c.form === 'full');
  if (at < 0) return null;
  const { verdicts } = await verify(citations, providers, { now: options.now });
  const found = findBriefQuotes(text, citations).filter((f) => f.quote.citation === at);
  if (!found.length) return null;
  const [result] = await checkBriefQuotes([{ ...found[0], caseValid: verdicts[at].isValid }], providers);
  return { citation: citations[at], verdict: verdicts[at], quote: result };
}
