/**
 * Run as a child process by spawn.test.ts, the way the product and the CLI start Node:
 * reads a small hand-made PDF and prints its paragraphs as JSON. With `close` it calls
 * closeReader() afterwards (as the CLI does); without, the process must still exit on its
 * own, because idle read workers never keep it alive.
 */
import { closeReader, readDocument } from '../src/index';
import { handMadePdf } from './fixtures';

async function main(): Promise<void> {
  const document = await readDocument(handMadePdf());
  process.stdout.write(JSON.stringify(document.pages.flatMap((page) => page.paragraphs.map((p) => p.text))) + '\n');
  if (process.argv.includes('close')) await closeReader();
}

main().catch((error: unknown) => {
  process.stdout.write(JSON.stringify({ error: String((error as { code?: string }).code ?? error) }) + '\n');
  process.exitCode = 1;
});
