import type { CliIO } from './main';
import { adminCommand } from './commands/admin';
import { caselawCommand } from './commands/caselaw';
import { checkCommand } from './commands/check';
import { extractCommand } from './commands/extract';

export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], io: CliIO): Promise<number>;
}

/** Every command, in the order `--help` lists them. */
export const commands: Command[] = [extractCommand, checkCommand, caselawCommand, adminCommand];
