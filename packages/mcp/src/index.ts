/**
 * @citecheck/mcp — CiteCheck's tools for AI assistants over the Model Context Protocol.
 *
 *   server.ts   the server and its tools (check_citations, verify_citation, extract_citations, find_quote)
 *   local.ts    their handlers over case-law providers in process (`citecheck mcp`, offline)
 */
export {
  createCiteCheckMcpServer,
  checkToolOutputSchema,
  extractToolOutputSchema,
  verifyToolOutputSchema,
  MCP_SERVER_NAME,
  TOOL_NAMES,
  type CheckToolOutput,
  type CiteCheckToolHandlers,
} from './server';
export { noQuote } from './local';
