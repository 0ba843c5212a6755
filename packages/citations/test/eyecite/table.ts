/**
 * Loading the tables dumped from eyecite's tests, and printing their reports. The tables are
 * generated outside the repository (scripts/eyecite/dump-tests.py) because they are made from
 * eyecite's test code; when absent, the table tests say so on a `SKIPPED:` line, which the
 * repository's test runner lists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const DEFAULT_FIND_TABLE = join(homedir(), '.cache', 'citecheck', 'eyecite', 'find-table.json');

/** The find table's path: `EYECITE_TABLE`, else the dump script's default. */
export function findTablePath(): string {
  return process.env.EYECITE_TABLE || DEFAULT_FIND_TABLE;
}

/** The resolution table is written beside the find table. */
export function resolveTablePath(): string {
  return join(dirname(findTablePath()), 'resolve-table.json');
}

/** The parsed table, or null after announcing the skip. */
export function loadTable<T>(path: string, what: string): T | null {
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as T;
  const line = `SKIPPED: ${what} (run scripts/eyecite/dump-tests.py; see scripts/eyecite/README.md)`;
  // Jest hides console output of a file whose tests are all skipped: say it on stderr too.
  console.log(line);
  process.stderr.write(`${line}\n`);
  return null;
}

/** Writes a report straight to stdout, without Jest's per-call console decoration. */
export function report(lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Counts per category, most frequent first. */
export function tally(categories: string[]): string[] {
  const counts = new Map<string, number>();
  for (const c of categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c, n]) => `  ${String(n).padStart(4)}  ${c}`);
}

export const clip = (s: string, n = 160) => {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
};
