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
import type { Verdict } from '@citecheck/proto';
import type { CaseLawProvider } from './provider';
import { verify } from './verdict/verify';

export interface CheckTextOptions {
  now?: Date;
  /** Citations one call may check (more throws TooManyCitationsError before any lookup). */
  maxCitations?: number;
}

export interface CheckedText {
  citations: Citation[];
  verdicts: Verdict[];
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
  return { citations, verdicts, caseLawCalls };
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
