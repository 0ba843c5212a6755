/**
 * `citecheck mcp`: CiteCheck's MCP server over stdio, for Claude Desktop, Claude Code, Cursor
 * and any other MCP client that starts a local command. It checks against the local index
 * only (the demo index is built when there is none), so nothing leaves the machine, not even
 * with COURTLISTENER_TOKEN set; `--courtlistener` adds CourtListener's API as the product does.
 *
 * Standard output is the protocol's channel: this command writes nothing else there.
 */
import { existsSync } from 'node:fs';
import { courtListenerFromEnv, defaultIndexPath, ensureDemoIndex, LocalCitationIndex, type CaseLawProvider } from '@citecheck/caselaw';
import { createCiteCheckMcpServer } from '@citecheck/mcp';
import { localHandlers } from '@citecheck/mcp/local';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Command } from '../commands';
import { parseArgs } from '../input';

const VERSION: string = require('../../../../package.json').version;

export const mcpCommand: Command = {
  name: 'mcp',
  usage: 'mcp [--index PATH] [--courtlistener]',
  summary: 'MCP server on stdio for AI assistants; offline against the local index',
  async run(args, io) {
    const { positional, flags, values } = parseArgs(args, ['index']);
    if (positional.length > 0) throw new Error(`unexpected argument '${positional[0]}'`);
    const indexPath = values.get('index') ?? process.env.CASELAW_INDEX_PATH ?? defaultIndexPath();
    if (!existsSync(indexPath) && process.env.CASELAW_DEMO_INDEX !== 'false') await ensureDemoIndex(indexPath);
    const local = existsSync(indexPath) ? LocalCitationIndex.open(indexPath) : null;
    const courtListener = flags.has('courtlistener') ? courtListenerFromEnv() : null;
    if (flags.has('courtlistener') && !courtListener) throw new Error('--courtlistener needs COURTLISTENER_TOKEN');
    const providers: CaseLawProvider[] = [local, courtListener].filter((p): p is NonNullable<typeof p> => p !== null);
    io.err(
      `citecheck mcp: ${local ? `local index ${indexPath}${local.authoritative ? '' : ' (demo data: unknown citations stay unverified)'}` : 'no local index'}` +
        `${courtListener ? ' + CourtListener API' : '; offline'}`,
    );

    const server = createCiteCheckMcpServer(localHandlers(() => providers), { version: VERSION });
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      // The client closing stdin ends the session; so do the usual signals.
      process.stdin.once('end', () => resolve());
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await server.connect(transport);
    await closed;
    await server.close().catch(() => undefined);
    local?.close();
    return 0;
  },
};
