import type { CliIO } from './io';

export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], io: CliIO): Promise<number>;
}

/**
 * Every command by name, in the order `--help` lists them. Each module is loaded only when
 * its command runs: `citecheck extract` must not pay for the case-law index, the servers'
 * code or the OCR engine that other commands need.
 */
export const COMMAND_MODULES: Record<string, () => Promise<Command>> = {
  extract: () => import('./commands/extract').then((m) => m.extractCommand),
  check: () => import('./commands/check').then((m) => m.checkCommand),
  caselaw: () => import('./commands/caselaw').then((m) => m.caselawCommand),
  mcp: () => import('./commands/mcp').then((m) => m.mcpCommand),
  admin: () => import('./commands/admin').then((m) => m.adminCommand),
};

/** All commands, loaded (for `--help`). */
export async function loadCommands(): Promise<Command[]> {
  return Promise.all(Object.values(COMMAND_MODULES).map((load) => load()));
}
