/**
 * Two builds of the engine timed against each other in one process, pass by pass: on a shared
 * machine whose speed changes from one second to the next, only passes taken side by side
 * compare. Each round runs one pass of each (taking turns at going first) and the pair's ratio
 * is kept; CPU time (process.cpuUsage), not the wall clock.
 *
 *   npx tsx packages/citations/scripts/ab.ts --a=/tmp/before.cjs --b=/tmp/after.cjs [--text=dense|corpus|brief] [--rounds=N] [--bare]
 *
 * `dense`: the 5 MB citation-dense text of `scripts/bench/citations.ts --dense`; `corpus`: the
 * real opinions of vs-eyecite (`~/.cache/citecheck/opinions`), one pass = every file once;
 * `brief`: a 4 MB generated brief. `--bare`: `{ context: false }`. Prints best and median of
 * each, and the median and quartiles of the ratio b/a over the rounds (after a warm-up).
 *
 * `--fresh=N`: instead, N processes of each, alternated, each timing `--rounds` passes after
 * its warm-up. Two builds in one process share one heap: what one leaves to the collector is
 * collected during the other's passes, which is fair to neither when a change is about what the
 * collector has to do (how long a build's objects live).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { alternatedRounds, findOfBundle, quantile, repeatedPassages, scriptArg as arg, type Find } from './alternate';


const aPath = arg('a');
const bPath = arg('b');
if (!aPath || !bPath) {
  console.error('usage: ab.ts --a=BUNDLE --b=BUNDLE [--text=dense|corpus|brief] [--rounds=N] [--bare]');
  process.exit(2);
}
const A = findOfBundle(aPath);
const B = findOfBundle(bPath);
const kind = arg('text') ?? 'dense';
const rounds = Number(arg('rounds') ?? (kind === 'corpus' ? 60 : 12));
const options = process.argv.includes('--bare') ? { context: false } : undefined;

function load(): string[] {
  if (kind === 'corpus') {
    const dir = arg('corpus') ?? join(homedir(), '.cache', 'citecheck', 'opinions');
    if (!existsSync(dir)) throw new Error(`no corpus at ${dir}`);
    return readdirSync(dir).filter((f) => f.endsWith('.txt')).sort().map((f) => readFileSync(join(dir, f), 'utf8'));
  }
  if (kind === 'brief') return [repeatedPassages(4e6, 'Plaintiffs do not dispute that the agreement was signed on March 3, 2019, or that the carrier performed each flight as scheduled.')];
  return [repeatedPassages(5e6)];
}

const fresh = Number(arg('fresh') ?? 0);
if (fresh > 0) {
  freshProcesses(fresh);
  process.exit(0);
}

/** Passes of each build in processes of their own, alternated (see --fresh). */
function freshProcesses(processes: number): void {
  const passes = Number(arg('rounds') ?? 5);
  const child = (bundle: string): number[] => {
    const args = process.argv.slice(2).filter((a) => !a.startsWith('--fresh=') && !a.startsWith('--a=') && !a.startsWith('--b=') && !a.startsWith('--rounds='));
    const out = execFileSync(process.execPath, [...process.execArgv, __filename, `--a=${bundle}`, `--b=${bundle}`, `--rounds=${passes}`, '--one', ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
    return JSON.parse(out.trim().split('\n').pop() as string) as number[];
  };
  const a: number[] = [];
  const b: number[] = [];
  const load0 = loadavg()[0];
  for (let r = 0; r < processes; r++) {
    if (r % 2 === 0) {
      a.push(...child(aPath as string));
      b.push(...child(bPath as string));
    } else {
      b.push(...child(bPath as string));
      a.push(...child(aPath as string));
    }
  }
  const sorted = (xs: number[]) => [...xs].sort((p, q) => p - q);
  const med = (xs: number[]) => sorted(xs)[xs.length >> 1];
  console.log(`${kind}${options ? ' (context: false)' : ''}: ${processes} processes each, alternated, ${passes} passes each after warming up; load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
  console.log(`  a: best ${sorted(a)[0].toFixed(1)} ms, median ${med(a).toFixed(1)} ms`);
  console.log(`  b: best ${sorted(b)[0].toFixed(1)} ms, median ${med(b).toFixed(1)} ms`);
  console.log(`  b/a: medians ${(med(b) / med(a)).toFixed(3)}, bests ${(sorted(b)[0] / sorted(a)[0]).toFixed(3)}`);
}

const texts = load();
const bytes = texts.reduce((n, t) => n + t.length, 0);
let count = 0;
function pass(find: Find): number {
  const t0 = process.cpuUsage();
  for (const t of texts) count += find(t, options).length;
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1000;
}

const warm = kind === 'corpus' ? 30 : 3;
if (process.argv.includes('--one')) {
  // One build alone (a child of --fresh): its passes' CPU times, after its warm-up.
  for (let k = 0; k < warm; k++) pass(A);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) times.push(pass(A));
  console.log(JSON.stringify(times));
  process.exit(0);
}
for (let k = 0; k < warm; k++) {
  pass(A);
  pass(B);
}
const load0 = loadavg()[0];
const { a, b, ratios } = alternatedRounds(() => pass(A), () => pass(B), rounds);
const mbs = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
console.log(`${kind}${options ? ' (context: false)' : ''}: ${(bytes / 1e6).toFixed(2)} MB, ${rounds} rounds, load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
console.log(`  a: best ${quantile(a, 0).toFixed(1)} ms (${mbs(quantile(a, 0))} MB/s), median ${quantile(a, 0.5).toFixed(1)} ms (${mbs(quantile(a, 0.5))} MB/s)`);
console.log(`  b: best ${quantile(b, 0).toFixed(1)} ms (${mbs(quantile(b, 0))} MB/s), median ${quantile(b, 0.5).toFixed(1)} ms (${mbs(quantile(b, 0.5))} MB/s)`);
console.log(`  b/a per round: median ${quantile(ratios, 0.5).toFixed(3)}, quartiles ${quantile(ratios, 0.25).toFixed(3)}-${quantile(ratios, 0.75).toFixed(3)}`);
