/**
 * The citation engine's cold start, as a CLI run or a fresh worker pays it: a new node
 * process requires a bundled copy (esbuild, as the CLI's lean bundle is made) and finds the
 * citations of a sample once. Used by citations.ts and vs-eyecite.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface ColdStart {
  /** Median over the processes: require + reading the sample + the first findCitations. */
  importAndFirstCallMs: number;
  /** Median wall clock of the whole process, node's own start-up included. */
  processMs: number;
  /** The fastest and slowest require + first call. */
  spreadMs: [number, number];
}

/** Cold starts of `processes` fresh node processes on `sample` (one is as noisy as the machine: take several). */
export function engineColdStart(sample: string, processes: number): ColdStart {
  const dir = mkdtempSync(join(tmpdir(), 'engine-cold-start-'));
  try {
    const bundle = join(dir, 'citations.cjs');
    const sampleFile = join(dir, 'sample.txt');
    const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [join(ROOT, 'packages/citations/src/index.ts'), '--bundle', '--platform=node', `--outfile=${bundle}`, '--log-level=warning'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`esbuild failed: ${build.stderr}`);
    writeFileSync(sampleFile, sample);
    const script = `const t0=process.hrtime.bigint();const m=require(${JSON.stringify(bundle)});const t=require('fs').readFileSync(${JSON.stringify(sampleFile)},'utf8');m.findCitations(t);console.log(Number(process.hrtime.bigint()-t0)/1e6)`;
    const inner: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < processes; i++) {
      const t0 = performance.now();
      const res = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      wall.push(performance.now() - t0);
      inner.push(Number(res.stdout.trim()));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { importAndFirstCallMs: +median(inner).toFixed(1), processMs: +median(wall).toFixed(1), spreadMs: [+Math.min(...inner).toFixed(1), +Math.max(...inner).toFixed(1)] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
