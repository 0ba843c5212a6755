/**
 * What the scripts that compare two versions of the engine share (same-output.ts and
 * same-names.ts for their output, ab.ts and ab-names.ts for their speed, the benchmarks in
 * scripts/bench): a bundle of this checkout's engine, the texts they time, and rounds in
 * which each version takes its turn, going first every other round. On the shared host only
 * passes taken side by side compare, so the figure is the ratio within each round.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from '../test/corpus/generate';

const ROOT = join(__dirname, '..', '..', '..');

/** `findCitations` as a bundle of the engine exports it (any version: its signature is read loosely). */
export type Find = (text: string, options?: object) => unknown[];

/** The value of `--name=value` on the command line, if given. */
export const scriptArg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** The `findCitations` of the engine bundled at `path`. */
export const findOfBundle = (path: string): Find => (require(path) as { findCitations: Find }).findCitations;

/**
 * The two engines an output check compares: `--base=BUNDLE` (required; exits with `usage`
 * without it) and `--new=BUNDLE` (default: this checkout's engine, bundled now).
 */
export function baseAndNew(usage: string): { base: Find; after: Find } {
  const basePath = scriptArg('base');
  if (!basePath) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return { base: findOfBundle(basePath), after: findOfBundle(scriptArg('new') ?? bundleOfThisCheckout()) };
}

/** An esbuild bundle of this checkout's engine (as the CLI's lean bundle is made), in `dir` (default: a new temporary one). */
export function bundleOfThisCheckout(dir = mkdtempSync(join(tmpdir(), 'citations-engine-'))): string {
  const out = join(dir, 'citations.cjs');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [join(ROOT, 'packages/citations/src/index.ts'), '--bundle', '--platform=node', `--outfile=${out}`, '--log-level=warning'], { cwd: ROOT });
  return out;
}

/** The generated passages repeated to at least `bytes` characters, `between` after each (the dense text: none). */
export function repeatedPassages(bytes: number, between = ''): string {
  const passages = generateCorpus(99, 400).map((p) => p.text);
  const parts: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    parts.push(passages[i % passages.length]);
    if (between) parts.push(between);
    size += passages[i % passages.length].length + between.length + 2;
  }
  return parts.join('\n\n');
}

/** `rounds` rounds of a pass of each version (each returns its CPU time in ms), and the ratio b/a in each round. */
export function alternatedRounds(passA: () => number, passB: () => number, rounds: number): { a: number[]; b: number[]; ratios: number[] } {
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let x: number;
    let y: number;
    if (r % 2 === 0) {
      x = passA();
      y = passB();
    } else {
      y = passB();
      x = passA();
    }
    a.push(x);
    b.push(y);
    ratios.push(y / x);
  }
  return { a, b, ratios };
}

/** The value at fraction `f` of `xs` in order (0: the least, 0.5: the median). */
export function quantile(xs: readonly number[], f: number): number {
  const sorted = [...xs].sort((p, q) => p - q);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * f))];
}
