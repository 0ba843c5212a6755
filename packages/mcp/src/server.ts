/**
 * CiteCheck's MCP server: the tools a drafting assistant calls before a citation leaves it.
 * One definition serves both transports: `citecheck mcp` over stdio (offline, local.ts's
 * handlers over the local index) and Streamable HTTP at `/mcp` on the product (validation's
 * handlers, each call made as an API key's owner). The tools' input and output schemas are
 * the public API's zod schemas (proto's api-v1.ts), so a tool answers exactly what the REST
 * endpoint does.
 *
 *   const server = createCiteCheckMcpServer(localHandlers(providers));
 *   await server.connect(new StdioServerTransport());
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  API_CHECK_MAX_CHARS,
  API_CITE_MAX_CHARS,
  ApiError,
  apiCheckedCitationSchema,
  apiCitationSchema,
  apiSummarySchema,
  findQuoteResponseSchema,
  type FindQuoteResponse,
  apiUsageSchema,
  type ApiCheckedCitation,
  type ApiCitation,
  type ApiSummary,
  type ApiUsage,
} from '@citecheck/proto';

export const MCP_SERVER_NAME = 'citecheck';

export const checkToolOutputSchema = z.object({
  citations: z.array(apiCheckedCitationSchema),
  summary: apiSummarySchema,
  /** On the product: the key owner's reports after this check. Absent offline. */
  usage: apiUsageSchema.optional(),
});
export const verifyToolOutputSchema = z.object({ citation: apiCheckedCitationSchema });
/** The top level must be a plain object schema (an id'd schema would become a reference). */
export const findQuoteToolOutputSchema = z.object({ citation: findQuoteResponseSchema.shape.citation, quote: findQuoteResponseSchema.shape.quote });
export const extractToolOutputSchema = z.object({ citations: z.array(apiCitationSchema), total: z.number().int().nonnegative() });

export interface CheckToolOutput {
  citations: ApiCheckedCitation[];
  summary: ApiSummary;
  usage?: ApiUsage;
}

/** What the tools do; the transport's host decides against what and as whom. */
export interface CiteCheckToolHandlers {
  checkCitations(text: string): Promise<CheckToolOutput>;
  verifyCitation(citation: string, caseName: string | undefined): Promise<{ citation: ApiCheckedCitation }>;
  extractCitations(text: string): Promise<{ citations: ApiCitation[]; total: number }>;
  findQuote(citation: string, quote: string): Promise<FindQuoteResponse>;
}

export const TOOL_NAMES = ['check_citations', 'verify_citation', 'extract_citations', 'find_quote'] as const;

const INSTRUCTIONS =
  'CiteCheck verifies legal citations. Before giving a user text that cites cases, run check_citations on it (or verify_citation on one citation) ' +
  'and do not present a citation whose verdict status is "invalid" (no such case, or another case at that address) as real. "unverified" means the ' +
  'available data could neither confirm nor rule it out; say so. Each verdict carries its evidence (message, matchedCase, checkedAgainst) and a suggestion.';

/** A tool's answer: structured content as the output schema says, and the same JSON as text for clients that read only text. */
function answer(structured: Record<string, unknown>): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(structured) }] };
}

/** A refusal (limit reached, rate limited, no citation) as the tool's error result, in the API's error shape. */
function refusal(error: unknown): CallToolResult {
  if (error instanceof ApiError) return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.toBody()) }] };
  throw error;
}

async function run(work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    return refusal(error);
  }
}

export function createCiteCheckMcpServer(handlers: CiteCheckToolHandlers, options: { version?: string } = {}): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: options.version ?? '1.0.0' }, { instructions: INSTRUCTIONS });

  server.registerTool(
    'check_citations',
    {
      title: 'Check the citations in a text',
      description:
        'Finds every citation in the text (a brief, a draft paragraph) and verifies each case citation against case-law data: is the case real, ' +
        'and is it the case the text names (name, year, court, pin cite)? Answers each citation with its verdict (valid, invalid, unverified, not_checked), ' +
        `the evidence and a suggestion, plus totals. Up to ${API_CHECK_MAX_CHARS.toLocaleString('en-US')} characters.`,
      inputSchema: { text: z.string().min(1).max(API_CHECK_MAX_CHARS).describe('The text whose citations to check.') },
      outputSchema: checkToolOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text }) => run(async () => ({ ...(await handlers.checkCitations(text)) })),
  );

  server.registerTool(
    'verify_citation',
    {
      title: 'Verify one case citation',
      description:
        'Verifies one case citation (e.g. "556 U.S. 662" or "556 U.S. 662, 678 (2009)"), with the case name it is given under when there is one. ' +
        'Answers the citation as read and its verdict with the evidence (the case actually at that address) and a suggestion.',
      inputSchema: {
        citation: z.string().min(1).max(API_CITE_MAX_CHARS).describe('One case citation: volume, reporter, page (pin cite and year optional).'),
        case_name: z.string().max(API_CITE_MAX_CHARS).optional().describe('The case name as cited, e.g. "Ashcroft v. Iqbal".'),
      },
      outputSchema: verifyToolOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ citation, case_name }) => run(async () => ({ ...(await handlers.verifyCitation(citation, case_name)) })),
  );

  server.registerTool(
    'extract_citations',
    {
      title: 'List the citations in a text',
      description:
        'Lists every citation in the text (cases, statutes, regulations, rules, journals; short forms, Id. and supra resolved to the case they refer to), ' +
        'with volume, reporter, page, pin cite, case name, year, court and character offsets. No verification.',
      inputSchema: { text: z.string().min(1).max(API_CHECK_MAX_CHARS).describe('The text to read citations from.') },
      outputSchema: extractToolOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text }) => run(async () => ({ ...(await handlers.extractCitations(text)) })),
  );

  server.registerTool(
    'find_quote',
    {
      title: 'Check a quotation against the opinion',
      description:
        'Checks words attributed to a case against the case\'s opinion: are they in it, word for word, on the page the pin cite names? ' +
        'Answers verified, wrong-page (with the page the words are on), altered (the opinion\'s words and the changed words marked), ' +
        'not-found, or unchecked (no text of the opinion, with why), and the citation\'s own verdict. Give the citation with its pin cite.',
      inputSchema: {
        citation: z.string().min(1).max(API_CITE_MAX_CHARS).describe('The case citation with the pin cite, e.g. "Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)".'),
        quote: z.string().min(1).max(API_CHECK_MAX_CHARS).describe('The quoted words, without the quotation marks (at least four words).'),
      },
      outputSchema: findQuoteToolOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ citation, quote }) => run(async () => ({ ...(await handlers.findQuote(citation, quote)) })),
  );

  return server;
}
