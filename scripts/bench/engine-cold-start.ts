/**
 * The citation engine's cold start, as a CLI run or a fresh worker pays it: a new node
 * process requires a bundled copy (esbuild, as the CLI's lean bundle is made) and finds the
 * citations of a sample once. Used by citations.ts and vs-eyecite.ts; on its own it compares
 * two builds, fresh processes of each taking turns (the shared machine's speed changes from
 * one second to the next, so only processes run side by side compare):
 *
 *   npx tsx scripts/bench/engine-cold-start.ts --a=BUNDLE --b=BUNDLE [--processes=25] [--sample=FILE]
 *
 * A bundle is `esbuild packages/citations/src/index.ts --bundle --platform=node --outfile=...`
 * of each version. Figures are CPU time (process.cpuUsage in the child: a busy machine delays a
 * process, it does not make it use more CPU) and the wall clock, medians.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from '../../packages/citations/test/corpus/generate';
import { bundleOfThisCheckout, scriptArg as arg } from '../../packages/citations/scripts/alternate';


export interface ColdStart {
  /** Median over the processes, wall clock: require + reading the sample + the first findCitations. */
  importAndFirstCallMs: number;
  /** The same in CPU time. */
  importAndFirstCallCpuMs: number;
  /** Median CPU time of the require alone, and of the first call alone. */
  importCpuMs: number;
  firstCallCpuMs: number;
  /** Median wall clock of the whole process, node's own start-up included. */
  processMs: number;
  /** The fastest and slowest require + first call, wall clock. */
  spreadMs: [number, number];
}

/** One fresh process: [wall ms, CPU ms of import + first call, CPU ms of the import, wall ms of the process]. */
function oneProcess(bundle: string, sampleFile: string): number[] {
  const script = `const t0=process.hrtime.bigint();const c0=process.cpuUsage();const m=require(${JSON.stringify(bundle)});const c1=process.cpuUsage(c0);const t=require('fs').readFileSync(${JSON.stringify(sampleFile)},'utf8');m.findCitations(t);const c2=process.cpuUsage(c0);const ms=(c)=>(c.user+c.system)/1000;console.log(JSON.stringify([Number(process.hrtime.bigint()-t0)/1e6,ms(c2),ms(c1)]))`;
  const t0 = performance.now();
  const res = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const wall = performance.now() - t0;
  if (res.status !== 0) throw new Error(`cold start failed: ${res.stderr}`);
  return [...(JSON.parse(res.stdout.trim()) as number[]), wall];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summary(runs: number[][]): ColdStart {
  const wall = runs.map((r) => r[0]);
  return {
    importAndFirstCallMs: +median(wall).toFixed(1),
    importAndFirstCallCpuMs: +median(runs.map((r) => r[1])).toFixed(1),
    importCpuMs: +median(runs.map((r) => r[2])).toFixed(1),
    firstCallCpuMs: +median(runs.map((r) => r[1] - r[2])).toFixed(1),
    processMs: +median(runs.map((r) => r[3])).toFixed(1),
    spreadMs: [+Math.min(...wall).toFixed(1), +Math.max(...wall).toFixed(1)],
  };
}


/** Cold starts of `processes` fresh node processes on `sample` (one is as noisy as the machine: take several). */
export function engineColdStart(sample: string, processes: number): ColdStart {
  const dir = mkdtempSync(join(tmpdir(), 'engine-cold-start-'));
  try {
    const bundle = bundleOfThisCheckout(dir);
    const sampleFile = join(dir, 'sample.txt');
    writeFileSync(sampleFile, sample);
    const runs: number[][] = [];
    for (let i = 0; i < processes; i++) runs.push(oneProcess(bundle, sampleFile));
    return summary(runs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const [a, b] = [arg('a'), arg('b')];
  if (!a || !b) {
    console.error('usage: engine-cold-start.ts --a=BUNDLE --b=BUNDLE [--processes=25] [--sample=FILE]');
    process.exit(2);
  }
  const processes = Number(arg('processes') ?? 25);
  const dir = mkdtempSync(join(tmpdir(), 'engine-cold-start-'));
  try {
    // The first 1 KB of the dense brief of citations.ts by default (court parentheticals,
    // statutes, short forms: more first-time work than a real opinion's first page).
    const sampleFile = join(dir, 'sample.txt');
    writeFileSync(sampleFile, arg('sample') ? readFileSync(arg('sample') as string, 'utf8').slice(0, 1024) : defaultSample());
    const runs: Record<'a' | 'b', number[][]> = { a: [], b: [] };
    const load0 = loadavg()[0];
    for (let i = 0; i < processes; i++) for (const k of i % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) runs[k].push(oneProcess(k === 'a' ? a : b, sampleFile));
    console.log(`${processes} processes each, alternated; load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
    for (const k of ['a', 'b'] as const) console.log(`${k}: ${JSON.stringify(summary(runs[k]))}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function defaultSample(): string {
  return generateCorpus(99, 400)
    .map((p) => p.text)
    .join('\n\n')
    .slice(0, 1024);
}

if (require.main === module) main();
