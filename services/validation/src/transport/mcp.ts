/**
 * CiteCheck's MCP server over Streamable HTTP at `/mcp`, authenticated with an API key
 * (`Authorization: Bearer cck_...`) on every request. Stateless: each POST gets a server and
 * transport of its own, answering JSON rather than an event stream, so any replica (and the
 * gateway's proxy, which passes whole answers) can serve any request. GET (a server-to-client
 * stream) and DELETE (ending a session) have nothing to serve and answer 405.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createCiteCheckMcpServer, noQuote, type CiteCheckToolHandlers } from '@citecheck/mcp';
import { findQuote } from '@citecheck/caselaw';
import { toApiCitation, toApiQuote, toApiVerdict } from '@citecheck/proto';
import { lawyerVerdict } from '../domain/wording';
import { apiKeyFrom } from '@citecheck/proto';
import { apiKeyOwner, recordedApiCall, type ApiCaller, type ApiDeps } from '../app/api-caller';
import { checkTextForKey } from '../app/api-check';
import { extractCitationsForKey } from '../app/api-extract';
import { verifyCitationForKey } from '../app/api-verify';
import { apiHeaders } from './api-v1';

export const MCP_PATH = '/mcp';

/** The tools, each call made as `caller` and recorded as its key's usage. */
function handlersFor(deps: ApiDeps, caller: ApiCaller): CiteCheckToolHandlers {
  return {
    checkCitations: (text) =>
      recordedApiCall(deps, caller, 'mcp.check_citations', async () => {
        const answer = await checkTextForKey(deps, caller, text);
        return { answer, citations: answer.citations.length };
      }),
    verifyCitation: (citation, caseName) =>
      recordedApiCall(deps, caller, 'mcp.verify_citation', async () => ({ answer: await verifyCitationForKey(deps, citation, caseName), citations: 1 })),
    findQuote: (citation, quote) =>
      recordedApiCall(deps, caller, 'mcp.find_quote', async () => {
        const result = await findQuote(citation, quote, deps.providers(), { now: deps.clock.now() });
        if (!result) throw noQuote(citation);
        const answer = { citation: { ...toApiCitation(result.citation), verdict: toApiVerdict(result.citation.type, lawyerVerdict(result.verdict)) }, quote: toApiQuote(result.quote) };
        return { answer, citations: 1 };
      }),
    extractCitations: (text) =>
      recordedApiCall(deps, caller, 'mcp.extract_citations', async () => {
        const answer = extractCitationsForKey(text);
        return { answer, citations: answer.total };
      }),
  };
}

/** The request as the SDK's web-standard transport reads it; the body was parsed already. */
function webRequest(ctx: Context, body: unknown): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || name === 'host' || name === 'content-length' || name === 'connection') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://localhost${MCP_PATH}`, { method: 'POST', headers, body: JSON.stringify(body ?? null) });
}

export function addMcpRoutes(router: Router, deps: ApiDeps, version: string): void {
  router.post(MCP_PATH, apiHeaders, async (ctx) => {
    const caller = await apiKeyOwner(deps.identity, apiKeyFrom(ctx.get('authorization')));
    const server = createCiteCheckMcpServer(handlersFor(deps, caller), { version });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const body = (ctx.request as { body?: unknown }).body;
      const response = await transport.handleRequest(webRequest(ctx, body), { parsedBody: body });
      ctx.status = response.status;
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') ctx.set(name, value);
      });
      const text = await response.text();
      // A notification is answered 202 with no body.
      if (text) ctx.body = text;
      else if (ctx.status === 202 || ctx.status === 204) ctx.body = null;
    } finally {
      await transport.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    }
  });

  const notServed = async (ctx: Context) => {
    ctx.status = 405;
    ctx.set('Allow', 'POST');
    ctx.body = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; send every message as a POST.' }, id: null };
  };
  router.get(MCP_PATH, notServed);
  router.delete(MCP_PATH, notServed);
}
