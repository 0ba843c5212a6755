/**
 * The tools' handlers over case-law providers in this process: what `citecheck mcp` serves
 * over stdio. With the local index as the only provider nothing leaves the machine; the
 * command adds CourtListener only when asked to (`--courtlistener`). Verdicts keep the
 * engine's own wording, which tells whoever runs the index what would settle an unverified
 * citation (`citecheck caselaw download`).
 */
import { checkText, extractText, findQuote, verifyCite, TooManyCitationsError, type CaseLawProvider } from '@citecheck/caselaw';
import { ApiError, MAX_CITATIONS_PER_DOCUMENT, summarize, toApiCitation, toApiQuote, toApiVerdict, tooManyCitationsMessage } from '@citecheck/proto';
import type { CiteCheckToolHandlers } from './server';

export function localHandlers(providers: () => CaseLawProvider[]): CiteCheckToolHandlers {
  return {
    async checkCitations(text) {
      try {
        const { citations, verdicts, quotes } = await checkText(text, providers(), { maxCitations: MAX_CITATIONS_PER_DOCUMENT });
        const checked = citations.map((c, i) => ({ ...toApiCitation(c), verdict: toApiVerdict(c.type, verdicts[i]), ...(c.type === 'case' ? { quotes: quotes[i].map(toApiQuote) } : {}) }));
        return { citations: checked, summary: summarize(checked) };
      } catch (error) {
        if (error instanceof TooManyCitationsError) throw new ApiError(422, tooManyCitationsMessage(error.limit), 'too_many_citations');
        throw error;
      }
    },
    async verifyCitation(citation, caseName) {
      const result = await verifyCite(citation, caseName, providers());
      if (!result) throw new ApiError(422, `No case citation could be read from "${citation.slice(0, 100)}": give volume, reporter and page, e.g. 556 U.S. 662.`, 'no_citation');
      return { citation: { ...toApiCitation(result.citation), verdict: toApiVerdict(result.citation.type, result.verdict) } };
    },
    async findQuote(citation, quote) {
      const result = await findQuote(citation, quote, providers());
      if (!result) throw noQuote(citation);
      return { citation: { ...toApiCitation(result.citation), verdict: toApiVerdict(result.citation.type, result.verdict) }, quote: toApiQuote(result.quote) };
    },
    async extractCitations(text) {
      const citations = extractText(text).map(toApiCitation);
      return { citations, total: citations.length };
    },
  };
}

/** find_quote's refusal: no case citation in `citation`, or too few words to check. */
export function noQuote(citation: string): ApiError {
  return new ApiError(
    422,
    `No quotation of a case could be checked: give a case citation with volume, reporter and page ("${citation.slice(0, 100)}" was given) and at least four quoted words.`,
    'no_quote',
  );
}
