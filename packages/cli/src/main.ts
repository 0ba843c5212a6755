/**
 * `citecheck`: the command-line face of CiteCheck. Each command lives in `commands/` and is
 * registered here; `main` returns the process exit code (0 ok, 1 findings, 2 error).
 */
import { commands, type Command } from './commands';

const VERSION: string = require('../../../package.json').version;

export function usage(): string {
  const width = Math.max(...commands.map((c) => c.usage.length));
  return [
    'citecheck: find every citation in a legal brief and flag the cases that look fabricated.',
    '',
    'Usage:',
    ...commands.map((c) => `  citecheck ${c.usage.padEnd(width)}  ${c.summary}`),
    `  citecheck ${'--help'.padEnd(width)}  show this help`,
    '',
    'Configuration comes from the environment (see .env.example): DATA_DIR, COURTLISTENER_TOKEN, ...',
  ].join('\n');
}

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return 0;
  }
  if (name === 'version' || name === '--version' || name === '-v') {
    io.out(VERSION);
    return 0;
  }
  const command: Command | undefined = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`citecheck: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    io.err(`citecheck ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

/** Where a command writes; tests pass their own. `isTTY` decides whether progress bars are drawn. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  progress(line: string): void;
  isTTY: boolean;
}

export const processIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  // A progress line redraws itself on stderr, so piped stdout stays clean.
  progress: (line) => process.stderr.write(`\r\x1b[2K${line}`),
  isTTY: Boolean(process.stderr.isTTY && process.stdout.isTTY),
};
