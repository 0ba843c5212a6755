import type { CliIO } from './main';

export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], io: CliIO): Promise<number>;
}

/** Every command, in the order `--help` lists them. */
export const commands: Command[] = [];
