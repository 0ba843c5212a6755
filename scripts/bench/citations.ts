/**
 * Citation-engine benchmark: brief-like generated text through @citecheck/citations (10 MB)
 * and through @beshkenadze/eyecite (200 KB: it is much slower), in one run; then a cold
 * start (fresh `node` process, require of a pre-bundled copy + first call on 1 KB).
 *
 *   npx tsx scripts/bench/citations.ts [MB=10] [eyeciteKB=200]
 *   npx tsx scripts/bench/citations.ts --dense [MB=5]
 *
 * `--dense` times the engine alone on citation-dense text: the generated passages without
 * the prose between them, one citation every 90 characters or so, as a brief's string cites
 * and footnotes are (issue 26's measure: 5 MB, MB/s and microseconds a citation by CPU time,
 * best and median of the passes after three to warm up). Twice: first an esbuild bundle of the
 * engine, as the product runs it (extraction's citation thread runs its bundle, built at `npm
 * install`, in embedded mode as in the images; the CLI too), in a `node` process of its own:
 * the citation thread is a worker whose heap holds the bundle alone, while this script's process
 * holds the engine's source and eyecite's port too (with the port alone loaded beside the
 * bundle, a pass took 8-29% longer in alternated processes). Then the source as this script
 * loads it, through tsx (which compiles each module to CommonJS, whose imports are read through
 * getters at every call between modules: the bundle calls directly).
 *
 * Not a test: figures depend on the machine. Run sparingly on shared hardware.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCitations } from '@beshkenadze/eyecite';
import { findCitations } from '@citecheck/citations';
import { bundleOfThisCheckout, repeatedPassages } from '../../packages/citations/scripts/alternate';
import { generateCorpus } from '../../packages/citations/test/corpus/generate';
import { engineColdStart } from './engine-cold-start';

const { densePasses } = require('./dense-passes.cjs') as { densePasses: (name: string, text: string, find: (text: string) => unknown[]) => void };
const DENSE_PASSES = join(__dirname, 'dense-passes.cjs');

const DENSE = process.argv.includes('--dense');
const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const OURS_MB = Number(numbers[0] ?? (DENSE ? 5 : 10));
const EYECITE_KB = Number(numbers[1] ?? 200);

// Argument prose without citations. The generated passages put a citation in nearly every
// sentence (about 11 per KB); a real brief has far fewer (2-4 per KB), so each passage is
// followed by a paragraph of prose. The density is printed with the results.
const PROSE = [
  'Plaintiffs do not dispute that the agreement was signed on March 3, 2019, or that the carrier performed each flight as scheduled.',
  'Nothing in the record suggests that Defendant knew of the alleged defect before the incident, and Plaintiffs identify no document showing otherwise.',
  'The amended complaint repeats the same conclusory allegations, adding only that the damages exceed $75,000, exclusive of interest and costs.',
  'Because the claims are preempted, the Court need not reach the remaining arguments, including the adequacy of the notice given in 2020.',
  'At the hearing held on May 5, 2021, counsel conceded that no expert report had been served within the 90 days required by the scheduling order.',
  'The motion should therefore be granted, and the claims dismissed with prejudice, because amendment would be futile.',
];

/** Brief-like text of at least `bytes` characters (generated passages and prose, repeated). */
function briefText(bytes: number): string {
  const passages = generateCorpus(99, 400).map((p) => p.text);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const p = passages[i % passages.length];
    const prose = Array.from({ length: 12 }, (_, k) => PROSE[(i + k) % PROSE.length]).join(' ');
    parts.push(p, prose);
    size += p.length + prose.length + 4;
  }
  return parts.join('\n\n');
}

function heapMB(): number {
  return process.memoryUsage().heapUsed / 1e6;
}

function run(name: string, text: string, fn: (t: string) => number, repeats: number) {
  fn(text.slice(0, 20_000)); // warm-up: JIT and lazily built tables
  let best = Infinity;
  let count = 0;
  let peakHeap = 0;
  for (let r = 0; r < repeats; r++) {
    const before = heapMB();
    const t0 = performance.now();
    count = fn(text);
    const ms = performance.now() - t0;
    peakHeap = Math.max(peakHeap, heapMB() - before);
    best = Math.min(best, ms);
  }
  const mb = text.length / 1e6;
  const out = { name, inputMB: +mb.toFixed(2), ms: Math.round(best), mbPerSec: +(mb / (best / 1000)).toFixed(2), citations: count, citationsPerSec: Math.round(count / (best / 1000)), citationsPerKB: +(count / (text.length / 1000)).toFixed(1), heapGrowthMB: +peakHeap.toFixed(1) };
  console.log(JSON.stringify(out));
  return out;
}

/** The engine alone on dense text, from source and bundled: CPU time of each pass, after three to warm up. */
function dense(): void {
  // Citation-dense text: the generated passages alone.
  const text = repeatedPassages(OURS_MB * 1e6);
  const dir = mkdtempSync(join(tmpdir(), 'citations-bench-'));
  try {
    const bundle = bundleOfThisCheckout(dir);
    const textFile = join(dir, 'dense.txt');
    writeFileSync(textFile, text);
    // The bundle's passes in a process holding the bundle alone (see above).
    const own = execFileSync(process.execPath, [DENSE_PASSES, bundle, textFile, '@citecheck/citations (dense, esbuild bundle in a process of its own, as the product runs it)'], { encoding: 'utf8' });
    process.stdout.write(own);
    densePasses('@citecheck/citations (dense, source through tsx)', text, findCitations);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

if (DENSE) {
  dense();
  process.exit(0);
}

const ours = run('@citecheck/citations', briefText(OURS_MB * 1e6), (t) => findCitations(t).length, 3);
const eye = run('@beshkenadze/eyecite', briefText(EYECITE_KB * 1e3), (t) => getCitations(t).length, 1);
console.log(`speed ratio (ours / eyecite, MB/s): ${(ours.mbPerSec / eye.mbPerSec).toFixed(1)}x`);
console.log(`peak RSS of this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
const cold = engineColdStart(briefText(1024).slice(0, 1024), 9);
console.log(`cold start (median of 9 fresh node processes): ${JSON.stringify({ requireAndFirstCallCpuMs: cold.importAndFirstCallCpuMs, importCpuMs: cold.importCpuMs, firstCallCpuMs: cold.firstCallCpuMs, requireAndFirstCallMs: cold.importAndFirstCallMs, processMs: cold.processMs })}`);
