/**
 * `citecheck`: the command-line face of CiteCheck. Each command lives in `commands/` and is
 * registered here; `main` returns the process exit code (0 ok, 1 findings, 2 error).
 */
import { COMMAND_MODULES, loadCommands } from './commands';
import { processIO, type CliIO } from './io';

const VERSION: string = require('../../../package.json').version;

export async function usage(): Promise<string> {
  const commands = await loadCommands();
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
    io.out(await usage());
    return 0;
  }
  if (name === 'version' || name === '--version' || name === '-v') {
    io.out(VERSION);
    return 0;
  }
  const load = Object.hasOwn(COMMAND_MODULES, name) ? COMMAND_MODULES[name] : undefined;
  if (!load) {
    io.err(`citecheck: unknown command '${name}'\n\n${await usage()}`);
    return 2;
  }
  try {
    return await (await load()).run(rest, io);
  } catch (error) {
    io.err(`citecheck ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

export { processIO, type CliIO } from './io';
