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
