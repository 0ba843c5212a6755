/**
 * The lean entry of `citecheck extract` on plain text (the bin picks it): only the citation
 * engine and the text reader, bundled ahead of time (`npm run build:cli`), so a one-page
 * extract answers well under a second from a cold shell. Everything else goes through
 * main.ts.
 */
import { extractCommand } from './commands/extract';
import { processIO } from './io';

export function runExtract(args: string[]): Promise<number> {
  return extractCommand.run(args, processIO);
}
