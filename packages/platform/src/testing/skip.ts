/**
 * Says loudly, by name, that a contract suite did not run. Jest drops console output of a
 * file whose tests are all skipped, so the line also goes straight to the process's stderr.
 */
export function announceSkip(message: string): void {
  console.log(message);
  process.stderr.write(`${message}\n`);
}
