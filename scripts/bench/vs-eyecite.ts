/**
 * Our citation engine against Python eyecite 2.7.8 on a corpus of real opinions (plain-text
 * files, built by scripts/eyecite/build-corpus.ts): full case citations compared on
 * (volume, canonical reporter, page).
 *
 *   npx tsx scripts/bench/vs-eyecite.ts [corpusDir] [--all] [--eyecite-passes=N]
 *     corpusDir  default ~/.cache/citecheck/opinions
 *     --all      print every disagreement (default: the first LIMIT of each list)
 *     --eyecite-passes=N  passes of eyecite over the corpus (default 2: its first pass also
 *                compiles each reporter's regex on first use; the best pass is compared)
 *
 * Prints: citations eyecite finds that we miss and ones we find that eyecite does not, each
 * with about 80 characters of context for a human to judge; recall and precision (ours-only
 * counted as false until judged otherwise); MB/s for both and the ratio, warm (the best
 * pass of each, after a first pass that builds what each builds on first use), by wall clock
 * and by CPU time (the machine may be shared: CPU time is what the engines cost); our cold start
 * (import + first call on 1 KB, in fresh node processes) and our peak RSS. A full report
 * (every disagreement) is written beside the corpus as vs-eyecite-report.json.
 *
 * Each engine runs in a process of its own and is timed the same way: eyecite in Python
 * (scripts/eyecite/run-eyecite.py), ours in node, from vs-eyecite-ours.ts bundled with the
 * engine by esbuild as the CLI's lean bundle is; only the call that finds citations is timed,
 * file by file, and each process keeps only the texts and the first pass's citations. Ours
 * used to run in this process, under tsx, with the whole pass's results alive while it
 * ran and eyecite's parsed output in the heap: V8's young-generation collections then
 * copied ~3 MB of our own results each time (3.5-5 ms per collection, every ~40 ms, against
 * 0.5-1 ms in a process of its own), which timed the harness as much as the engine.
 *
 * eyecite runs through scripts/eyecite/run-eyecite.py with the Debian python3; when that
 * setup is missing this exits 2 with the steps to set it up (scripts/eyecite/README.md).
 * Not a test: figures depend on the machine, and nothing here asserts a timing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findReporter } from '../../packages/citations/src';
// Types only: the script itself runs in a process of its own (runOurs).
import type { Found, OursRun, PassTime } from './vs-eyecite-ours';

const ROOT = join(__dirname, '..', '..');
const RUNNER = join(ROOT, 'scripts', 'eyecite', 'run-eyecite.py');
const PYTHON = process.env.EYECITE_PYTHON || '/usr/bin/python3';
const args = process.argv.slice(2);
const ALL = args.includes('--all');
const EYECITE_PASSES = Number(args.find((a) => a.startsWith('--eyecite-passes='))?.split('=')[1] ?? 2);
// Ours: the first pass is cold (lazily built tables and regexes), and V8 keeps compiling the
// engine's functions, on other threads that count in the CPU time, for many more passes
// over this corpus: run under tsx on the loaded machine, the tenth pass was still the
// fastest so far (CPU time per pass 0.70, 0.25, 0.16, 0.15, 0.11, 0.11, 0.11, 0.10, 0.10,
// 0.07 s), and the time settles after about fifteen. A warm pass takes about 50 ms, so
// thirty are cheap; every pass is in the report file. (Bundled, in its own process, the
// passes settle sooner, after four or five.)
const OUR_PASSES = 30;
const CORPUS = resolve(args.find((a) => !a.startsWith('--')) ?? join(homedir(), '.cache', 'citecheck', 'opinions'));
const LIMIT = 60;
const CONTEXT = 40; // characters each side: about 80 of context

interface EyeciteRun {
  eyecite: string;
  importSeconds: number;
  /** The best pass's wall-clock and CPU seconds, and every pass's. */
  seconds: number;
  cpuSeconds: number;
  passes: PassTime[];
  peakRssMB: number;
  files: { file: string; bytes: number; seconds: number; citations: Found[] }[];
}

const SETUP = `Python eyecite is not set up. To run this comparison:
  apt-get update && apt-get install -y python3-regex python3-lxml python3-ahocorasick
  checkouts of freelawproject/eyecite at tag v2.7.8, freelawproject/reporters-db at tag v3.2.63
  and freelawproject/courts-db at tag v0.10.27 (anywhere outside this repository), then
  export EYECITE_SRC=/path/to/eyecite
  export PYTHONPATH=/path/to/reporters-db:/path/to/courts-db
  (EYECITE_PYTHON may name the interpreter; default /usr/bin/python3, which sees the Debian packages)
See scripts/eyecite/README.md.`;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

function checkSetup(): string {
  if (!existsSync(PYTHON)) fail(`${PYTHON} not found.\n\n${SETUP}`, 2);
  const res = spawnSync(PYTHON, [RUNNER, '--check'], { encoding: 'utf8' });
  if (res.status !== 0) fail(`${(res.stderr || res.error?.message || '').trim().split('\n')[0]}\n\n${SETUP}`, 2);
  return (JSON.parse(res.stdout) as { eyecite: string }).eyecite;
}

function corpusFiles(): string[] {
  if (!existsSync(CORPUS)) fail(`No corpus at ${CORPUS}: build it with scripts/eyecite/build-corpus.ts (see scripts/eyecite/README.md).`, 2);
  const files = readdirSync(CORPUS).filter((f) => f.endsWith('.txt')).sort();
  if (files.length === 0) fail(`No .txt files in ${CORPUS}.`, 2);
  return files;
}

function runEyecite(files: string[]): EyeciteRun {
  // A fixed hash seed: eyecite keeps editions and citations in sets, and its choices among
  // overlapping candidates could otherwise differ slightly from run to run.
  const env = { ...process.env, PYTHONHASHSEED: '0' };
  const res = spawnSync(PYTHON, [RUNNER, '--passes', String(EYECITE_PASSES), ...files.map((f) => join(CORPUS, f))], { encoding: 'utf8', env, maxBuffer: 512 * 1024 * 1024 });
  if (res.status !== 0) fail(`run-eyecite.py failed:\n${res.stderr}`, 1);
  return JSON.parse(res.stdout) as EyeciteRun;
}

/**
 * Our full case citations and the time of each pass, from scripts/bench/vs-eyecite-ours.ts
 * bundled with the engine and run in a node process of its own (see its header for why).
 */
function runOurs(dir: string, files: string[]): OursRun {
  const bundle = join(dir, 'vs-eyecite-ours.cjs');
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [join(ROOT, 'scripts/bench/vs-eyecite-ours.ts'), '--bundle', '--platform=node', '--format=cjs', '--target=node20', `--outfile=${bundle}`, '--log-level=warning'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) fail(`esbuild failed:\n${build.stderr}`, 1);
  const res = spawnSync(process.execPath, [bundle, '--passes', String(OUR_PASSES), ...files.map((f) => join(CORPUS, f))], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (res.status !== 0) fail(`vs-eyecite-ours failed:\n${res.stderr}`, 1);
  const run = JSON.parse(res.stdout) as OursRun;
  // The comparison pairs files by position: both sides must list them in the same order.
  if (run.files.length !== files.length || run.files.some((f, i) => f.file !== files[i])) fail('vs-eyecite-ours listed other files than it was given', 1);
  return run;
}

/** Import + first call on 1 KB of a real opinion, in fresh node processes (median of 5). */
function coldStart(dir: string, sample: string): { importAndFirstCallMs: number; processMs: number } {
  const bundle = join(dir, 'citations.cjs');
  const sampleFile = join(dir, 'sample.txt');
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [join(ROOT, 'packages/citations/src/index.ts'), '--bundle', '--platform=node', `--outfile=${bundle}`, '--log-level=warning'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`esbuild failed: ${build.stderr}`);
  writeFileSync(sampleFile, sample);
  const script = `const t0=process.hrtime.bigint();const m=require(${JSON.stringify(bundle)});const t=require('fs').readFileSync(${JSON.stringify(sampleFile)},'utf8');m.findCitations(t);console.log(Number(process.hrtime.bigint()-t0)/1e6)`;
  const inner: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    wall.push(performance.now() - t0);
    inner.push(Number(res.stdout.trim()));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { importAndFirstCallMs: +median(inner).toFixed(1), processMs: +median(wall).toFixed(1) };
}

/** A blank page (`570 U.S. ___`) is null for eyecite and the blank as written for us. */
const page = (p: string | null) => (!p || /^[_—–-]+$/.test(p) ? '___' : p);
const key = (c: Found) => `${c.volume} ${c.reporter} ${page(c.page)}`;

function context(text: string, c: Found): string {
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  const before = flat(text.slice(Math.max(0, c.start - CONTEXT), c.start));
  const after = flat(text.slice(c.end, c.end + CONTEXT));
  return `…${before}[${flat(text.slice(c.start, c.end))}]${after}…`;
}

interface Disagreement {
  file: string;
  citation: string;
  matched: string;
  context: string;
  /** The other side's citation at the same place, when there is one (a field disagreement). */
  other?: string;
}

function main() {
  const version = checkSetup();
  const files = corpusFiles();
  const texts = files.map((f) => readFileSync(join(CORPUS, f), 'utf8'));
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  console.log(`corpus: ${files.length} opinions, ${(bytes / 1e6).toFixed(2)} MB (${CORPUS})`);

  // One engine at a time, each in its own process: eyecite, then ours.
  const eye = runEyecite(files);
  const dir = mkdtempSync(join(tmpdir(), 'vs-eyecite-'));
  try {
    report(version, files, texts, bytes, eye, runOurs(dir, files), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(version: string, files: string[], texts: string[], bytes: number, eye: EyeciteRun, ours: OursRun, dir: string) {

  const missed: Disagreement[] = [];
  const oursOnly: Disagreement[] = [];
  let matched = 0;
  let eyeTotal = 0;
  let oursTotal = 0;
  files.forEach((file, i) => {
    const text = texts[i];
    const e = eye.files[i].citations;
    const o = ours.files[i].citations;
    eyeTotal += e.length;
    oursTotal += o.length;
    // Pair equal keys in order of appearance; what is left over on either side disagrees.
    const pool = new Map<string, Found[]>();
    for (const c of o) pool.set(key(c), [...(pool.get(key(c)) ?? []), c]);
    const used = new Set<Found>();
    const leftEye: Found[] = [];
    for (const c of e) {
      const mate = pool.get(key(c))?.shift();
      if (mate) {
        used.add(mate);
        matched++;
      } else leftEye.push(c);
    }
    const leftOurs = o.filter((c) => !used.has(c));
    const overlap = (a: Found, b: Found) => a.start < b.end && b.start < a.end;
    for (const c of leftEye) {
      const other = leftOurs.find((x) => overlap(x, c));
      missed.push({ file, citation: key(c), matched: c.text, context: context(text, c), ...(other ? { other: key(other) } : {}) });
    }
    for (const c of leftOurs) {
      const other = leftEye.find((x) => overlap(x, c));
      oursOnly.push({ file, citation: key(c), matched: c.text, context: context(text, c), ...(other ? { other: key(other) } : {}) });
    }
  });

  const show = (title: string, list: Disagreement[], otherLabel: string) => {
    console.log(`\n${title} (${list.length}${!ALL && list.length > LIMIT ? `, first ${LIMIT}; --all for every one` : ''}):`);
    for (const d of ALL ? list : list.slice(0, LIMIT)) {
      console.log(`  ${d.file}: ${d.citation}${d.other ? `  (${otherLabel} ${d.other})` : ''}\n      ${d.context}`);
    }
  };
  show('eyecite finds, we miss', missed, 'we read it as');
  show('we find, eyecite does not (judge each: real citation or false positive?)', oursOnly, 'eyecite read it as');

  // Patterns: which reporters the misses are in, and how many are the same place read differently.
  const tallyBy = (list: Disagreement[], f: (d: Disagreement) => string) => {
    const m = new Map<string, number>();
    for (const d of list) m.set(f(d), (m.get(f(d)) ?? 0) + 1);
    return [...m].sort((a, b) => b[1] - a[1]);
  };
  const reporterOf = (k: string) => k.replace(/^\S+ /, '').replace(/ \S+$/, '');
  console.log('\nmissed, by eyecite reporter:');
  for (const [r, n] of tallyBy(missed, (d) => reporterOf(d.citation)).slice(0, 20)) console.log(`  ${String(n).padStart(5)}  ${r}`);
  console.log('ours-only, by our reporter:');
  for (const [r, n] of tallyBy(oursOnly, (d) => reporterOf(d.citation)).slice(0, 20)) console.log(`  ${String(n).padStart(5)}  ${r}`);
  // Why each miss happened, as far as can be told mechanically: a reporter our catalogue does
  // not know, the same citation read differently (another reporter name or page), or neither
  // (context: a parallel cite after a pin or a short form, an odd line break; read the list).
  const unknownReporter = (d: Disagreement) => !d.other && findReporter(reporterOf(d.citation)) === null;
  const causes = tallyBy(missed, (d) => (d.other ? 'found at the same place, read differently' : unknownReporter(d) ? 'reporter not in our catalogue' : 'reporter known, citation not found'));
  console.log('missed, by cause:');
  for (const [c, n] of causes) console.log(`  ${String(n).padStart(5)}  ${c}`);
  console.log('missed with a reporter our catalogue does not know, by reporter:');
  for (const [r, n] of tallyBy(missed.filter(unknownReporter), (d) => reporterOf(d.citation)).slice(0, 20)) console.log(`  ${String(n).padStart(5)}  ${r}`);

  const recall = matched / eyeTotal;
  const precision = matched / oursTotal;
  const mb = bytes / 1e6;
  const best = (passes: PassTime[], key: keyof PassTime) => Math.min(...passes.map((p) => p[key]));
  const eyeMBs = mb / eye.seconds;
  const ourMBs = mb / best(ours.passes, 'seconds');
  const eyeCpuMBs = mb / eye.cpuSeconds;
  const ourCpuMBs = mb / best(ours.passes, 'cpuSeconds');
  const firstMBs = (p: PassTime[]) => (mb / p[0].seconds).toFixed(2);
  const sample = texts.find((t) => t.length > 4000)!.slice(2000, 3024);
  const cold = coldStart(dir, sample);
  console.log(`\nfull case citations: eyecite ${eyeTotal}, ours ${oursTotal}, agreeing ${matched}`);
  console.log(`recall (of eyecite's): ${(100 * recall).toFixed(1)}%`);
  console.log(`precision (ours-only counted as false until judged): ${(100 * precision).toFixed(1)}%`);
  console.log(`speed, wall clock: ours ${ourMBs.toFixed(2)} MB/s (best of ${OUR_PASSES} passes; first ${firstMBs(ours.passes)}), eyecite ${version} ${eyeMBs.toFixed(2)} MB/s (best of ${eye.passes.length} passes, get_citations only; first ${firstMBs(eye.passes)}); ratio ${(ourMBs / eyeMBs).toFixed(1)}x`);
  console.log(`speed, CPU time: ours ${ourCpuMBs.toFixed(2)} MB/s, eyecite ${eyeCpuMBs.toFixed(2)} MB/s (best passes); ratio ${(ourCpuMBs / eyeCpuMBs).toFixed(1)}x`);
  console.log(`eyecite import + tokenizer build: ${(eye.importSeconds * 1000).toFixed(0)} ms; its peak RSS ${eye.peakRssMB.toFixed(0)} MB`);
  console.log(`our cold start (fresh node, import + first call on 1 KB, median of 5): ${cold.importAndFirstCallMs} ms; whole process ${cold.processMs} ms`);
  console.log(`our peak RSS (its own process, texts and first pass's citations held): ${ours.peakRssMB.toFixed(0)} MB`);

  const reportFile = join(CORPUS, 'vs-eyecite-report.json');
  writeFileSync(reportFile, `${JSON.stringify({ eyecite: version, corpus: CORPUS, files: files.length, bytes, eyeTotal, oursTotal, matched, recall, precision, ourMBs, eyeMBs, ourCpuMBs, eyeCpuMBs, ourPasses: ours.passes, eyecitePasses: eye.passes, cold, missed, oursOnly }, null, 1)}\n`);
  console.log(`every disagreement: ${reportFile}`);
}

main();
