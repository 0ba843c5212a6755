/**
 * Our citation engine against Python eyecite 2.7.8 on a corpus of real opinions (plain-text
 * files, built by scripts/eyecite/build-corpus.ts): full case citations compared on
 * (volume, canonical reporter, page).
 *
 *   npx tsx scripts/bench/vs-eyecite.ts [corpusDir] [--all] [--rounds=N]
 *     corpusDir  default ~/.cache/citecheck/opinions
 *     --all      print every disagreement (default: the first LIMIT of each list)
 *     --rounds=N rounds of side-by-side timing (default 2; see below)
 *
 * Prints: citations eyecite finds that we miss and ones we find that eyecite does not, each
 * with about 80 characters of context for a human to judge; recall and precision (ours-only
 * counted as false until judged otherwise); the speed of both and the ratio, warm, by wall
 * clock and by CPU time; our cold start (import + first call on 1 KB, in fresh node
 * processes) and our peak RSS. A full report (every disagreement, every time) is written
 * beside the corpus as vs-eyecite-report.json.
 *
 * Each engine runs in a process of its own and does the same work: eyecite in Python
 * (scripts/eyecite/run-eyecite.py: its clean_text, get_citations, then resolve_citations),
 * ours in node, from vs-eyecite-ours.ts bundled with the engine by esbuild as the CLI's lean
 * bundle is (findCitations, which cleans the text and resolves short forms too). Only those calls are timed, and each
 * process keeps only the texts and its first run's citations.
 *
 * The two are timed side by side, because this machine is shared and its speed changes by
 * up to a factor of two from one few seconds to the next (a warm pass of ours takes 45 ms
 * in a quiet moment, 80-90 in a busy one, and a fixed loop of arithmetic timed between the
 * passes slows down with it). After both have warmed up (ours: thirty passes over the corpus,
 * as V8 keeps compiling for about fifteen; eyecite: one pass, which compiles each reporter's
 * regex on first use), each round gives every file to eyecite and, right after it, runs one
 * whole pass of ours over the corpus. A file's eyecite time divided by the pass's time
 * taken in the same moment does not depend on how fast the machine was then, and summed over
 * the files it is the ratio of the two engines' times over the corpus. Timing the best pass
 * of ours against eyecite's best pass instead, as this script did before, compared our
 * quietest few seconds with eyecite's average over a quarter of a minute, and the ratio
 * swung between 160x and 360x from run to run with the load; it is still printed, marked so.
 *
 * Our engine is timed twice in each moment: findCitations as the product calls it, and with
 * `{ context: false }`, which leaves out the one thing it does that eyecite does not: the
 * sentence around each citation (about a seventh of its time). The first ratio is what a
 * brief costs the product; the second compares the two engines on the same output. The two
 * passes take turns going first.
 *
 * eyecite runs through scripts/eyecite/run-eyecite.py with the Debian python3; when that
 * setup is missing this exits 2 with the steps to set it up (scripts/eyecite/README.md).
 * Not a test: figures depend on the machine, and nothing here asserts a timing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { findReporter } from '../../packages/citations/src';
import { engineColdStart } from './engine-cold-start';
// Types only: the script itself runs in a process of its own (runOurs).
import type { Found, OursReport, RunTime } from './vs-eyecite-ours';

const ROOT = join(__dirname, '..', '..');
const RUNNER = join(ROOT, 'scripts', 'eyecite', 'run-eyecite.py');
const PYTHON = process.env.EYECITE_PYTHON || '/usr/bin/python3';
const args = process.argv.slice(2);
const ALL = args.includes('--all');
const ROUNDS = Number(args.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 2);
// Ours is warm after about fifteen passes over this corpus (V8 keeps compiling the engine's
// functions, on other threads that count in the CPU time): the first takes about 0.7 s of
// CPU, a warm one 45-50 ms.
const OUR_WARM_UP_PASSES = 30;
const CORPUS = resolve(args.find((a) => !a.startsWith('--')) ?? join(homedir(), '.cache', 'citecheck', 'opinions'));
const LIMIT = 60;
const CONTEXT = 40; // characters each side: about 80 of context

interface EyeciteReport {
  files: { file: string; bytes: number; citations: Found[] }[];
  peakRssMB: number;
}

/**
 * One round of side-by-side timing: per file, eyecite's time on it and our two passes right
 * after it, as the product calls findCitations and on eyecite's own work (see the header).
 */
interface Round {
  eyecite: RunTime[];
  ours: RunTime[];
  oursBare: RunTime[];
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

/** A process that answers each command line with one JSON line. */
class LineServer {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string) => void)[] = [];
  private stderr = '';

  constructor(
    private readonly name: string,
    private readonly child: ChildProcess,
  ) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const resolveLine = this.waiting.shift();
      if (resolveLine) resolveLine(line);
      else this.lines.push(line);
    });
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) fail(`${this.name} failed (exit ${code}):\n${this.stderr}`, 1);
    });
  }

  /** The next line it prints, parsed. */
  next<T>(): Promise<T> {
    return new Promise<string>((resolveLine) => {
      const line = this.lines.shift();
      if (line !== undefined) resolveLine(line);
      else this.waiting.push(resolveLine);
    }).then((line) => JSON.parse(line) as T);
  }

  ask<T>(command: string): Promise<T> {
    this.child.stdin!.write(`${command}\n`);
    return this.next<T>();
  }

  /** Ends its input: it exits when it has answered. */
  close(): void {
    this.child.stdin!.end();
  }
}

function startEyecite(files: string[]): LineServer {
  // A fixed hash seed: eyecite keeps editions and citations in sets, and its choices among
  // overlapping candidates could otherwise differ slightly from run to run.
  const env = { ...process.env, PYTHONHASHSEED: '0' };
  return new LineServer('run-eyecite.py', spawn(PYTHON, [RUNNER, ...files.map((f) => join(CORPUS, f))], { env, stdio: ['pipe', 'pipe', 'pipe'] }));
}

/** vs-eyecite-ours.ts bundled with the engine, in a node process of its own (see its header for why). */
function startOurs(dir: string, files: string[]): LineServer {
  const bundle = join(dir, 'vs-eyecite-ours.cjs');
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [join(ROOT, 'scripts/bench/vs-eyecite-ours.ts'), '--bundle', '--platform=node', '--format=cjs', '--target=node20', `--outfile=${bundle}`, '--log-level=warning'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) fail(`esbuild failed:\n${build.stderr}`, 1);
  return new LineServer('vs-eyecite-ours', spawn(process.execPath, [bundle, ...files.map((f) => join(CORPUS, f))], { stdio: ['pipe', 'pipe', 'pipe'] }));
}

interface Timings {
  importSeconds: number;
  ourWarmUp: RunTime[];
  eyeciteFirstPass: RunTime[];
  rounds: Round[];
}

/** Both engines warmed up, then ROUNDS rounds side by side (see the header). */
async function timeSideBySide(eye: LineServer, ours: LineServer, files: string[]): Promise<Timings> {
  const { importSeconds } = await eye.next<{ importSeconds: number }>();
  await ours.next();
  const ourWarmUp: RunTime[] = [];
  for (let p = 0; p < OUR_WARM_UP_PASSES; p++) {
    ourWarmUp.push(await ours.ask<RunTime>('pass'));
    await ours.ask<RunTime>('pass bare');
  }
  const eyeciteFirstPass: RunTime[] = [];
  for (let i = 0; i < files.length; i++) eyeciteFirstPass.push(await eye.ask<RunTime>(`cite ${i}`));
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round: Round = { eyecite: [], ours: [], oursBare: [] };
    for (let i = 0; i < files.length; i++) {
      round.eyecite.push(await eye.ask<RunTime>(`cite ${i}`));
      // The two kinds of pass take turns going first, so neither is always nearer eyecite's.
      if (i % 2 === 0) {
        round.ours.push(await ours.ask<RunTime>('pass'));
        round.oursBare.push(await ours.ask<RunTime>('pass bare'));
      } else {
        round.oursBare.push(await ours.ask<RunTime>('pass bare'));
        round.ours.push(await ours.ask<RunTime>('pass'));
      }
    }
    rounds.push(round);
  }
  return { importSeconds, ourWarmUp, eyeciteFirstPass, rounds };
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

async function main() {
  const version = checkSetup();
  const files = corpusFiles();
  const texts = files.map((f) => readFileSync(join(CORPUS, f), 'utf8'));
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  console.log(`corpus: ${files.length} opinions, ${(bytes / 1e6).toFixed(2)} MB (${CORPUS})`);

  const dir = mkdtempSync(join(tmpdir(), 'vs-eyecite-'));
  const eye = startEyecite(files);
  const ours = startOurs(dir, files);
  try {
    const timings = await timeSideBySide(eye, ours, files);
    const eyeReport = await eye.ask<EyeciteReport>('report');
    const ourReport = await ours.ask<OursReport>('report');
    // The comparison pairs files by position: both sides must list them in the same order.
    for (const [name, listed] of [['run-eyecite.py', eyeReport.files], ['vs-eyecite-ours', ourReport.files]] as const) {
      if (listed.length !== files.length || listed.some((f, i) => f.file !== files[i])) fail(`${name} listed other files than it was given`, 1);
    }
    report(version, files, texts, bytes, eyeReport, ourReport, timings);
  } finally {
    eye.close();
    ours.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(version: string, files: string[], texts: string[], bytes: number, eye: EyeciteReport, ours: OursReport, timings: Timings) {

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
  const sum = (runs: RunTime[], key: keyof RunTime) => runs.reduce((n, t) => n + t[key], 0);
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const fixed = (x: number, digits: number) => x.toFixed(digits);
  // Per round: the sum over files of eyecite's time on the file over our pass right after it.
  const sameMoments = (round: Round, passes: 'ours' | 'oursBare', key: keyof RunTime) => round.eyecite.reduce((n, e, i) => n + e[key] / round[passes][i][key], 0);
  const { rounds, ourWarmUp, eyeciteFirstPass } = timings;
  const cpuRatios = rounds.map((r) => sameMoments(r, 'ours', 'cpuSeconds'));
  const wallRatios = rounds.map((r) => sameMoments(r, 'ours', 'seconds'));
  const bareCpuRatios = rounds.map((r) => sameMoments(r, 'oursBare', 'cpuSeconds'));
  const bareWallRatios = rounds.map((r) => sameMoments(r, 'oursBare', 'seconds'));
  const mean = (xs: number[]) => xs.reduce((n, x) => n + x, 0) / xs.length;
  const sample = texts.find((t) => t.length > 4000)!.slice(2000, 3024);
  const cold = engineColdStart(sample, 9);
  console.log(`\nfull case citations: eyecite ${eyeTotal}, ours ${oursTotal}, agreeing ${matched}`);
  console.log(`recall (of eyecite's): ${(100 * recall).toFixed(1)}%`);
  console.log(`precision (ours-only counted as false until judged): ${(100 * precision).toFixed(1)}%`);
  console.log(`\nspeed, side by side (each file to eyecite ${version}, clean_text + get_citations + resolve_citations, then two whole passes of our findCitations over the corpus, as the product calls it and with context: false; ${rounds.length} rounds after warming up):`);
  const passRange = (passes: RunTime[]) => {
    const cpu = passes.map((t) => t.cpuSeconds);
    return `${fixed(mb / median(cpu), 1)} MB/s (median of ${cpu.length} passes; ${fixed(mb / Math.max(...cpu), 1)}-${fixed(mb / Math.min(...cpu), 1)})`;
  };
  rounds.forEach((r, k) => {
    console.log(`  round ${k + 1}: eyecite ${fixed(mb / sum(r.eyecite, 'cpuSeconds'), 3)} MB/s by CPU time; ours ${passRange(r.ours)}, ratio in the same moments ${fixed(cpuRatios[k], 0)}x by CPU time, ${fixed(wallRatios[k], 0)}x by wall clock; without contexts ${passRange(r.oursBare)}, ratio ${fixed(bareCpuRatios[k], 0)}x by CPU time, ${fixed(bareWallRatios[k], 0)}x by wall clock`);
  });
  const ratios = (cpu: number[], wall: number[]) => `${fixed(mean(cpu), 0)}x by CPU time (${cpu.map((x) => `${fixed(x, 0)}x`).join(', ')}), ${fixed(mean(wall), 0)}x by wall clock`;
  console.log(`ratio, same moments, findCitations as the product calls it (each citation with the sentence around it): ${ratios(cpuRatios, wallRatios)}`);
  console.log(`ratio, same moments, on eyecite's work (context: false; eyecite finds no sentence): ${ratios(bareCpuRatios, bareWallRatios)}`);
  const bestWarm = Math.min(...ourWarmUp.map((t) => t.cpuSeconds));
  const bestRound = Math.min(...rounds.map((r) => sum(r.eyecite, 'cpuSeconds')));
  console.log(`warm-up: ours first pass ${fixed(mb / ourWarmUp[0].cpuSeconds, 1)} MB/s, best of ${ourWarmUp.length} ${fixed(mb / bestWarm, 1)} MB/s by CPU time; eyecite first pass ${fixed(mb / sum(eyeciteFirstPass, 'cpuSeconds'), 3)} MB/s`);
  console.log(`best against best (our quietest pass against eyecite's best round, not in the same moments; for comparison with earlier runs only): ours ${fixed(mb / bestWarm, 1)}, eyecite ${fixed(mb / bestRound, 3)} MB/s by CPU time: ${fixed(bestRound / bestWarm, 0)}x`);
  console.log(`eyecite import + tokenizer build: ${(timings.importSeconds * 1000).toFixed(0)} ms; its peak RSS ${eye.peakRssMB.toFixed(0)} MB`);
  console.log(`our cold start (fresh node, import + first call on 1 KB, median of 9): ${cold.importAndFirstCallCpuMs} ms of CPU (import ${cold.importCpuMs}, first call ${cold.firstCallCpuMs}); wall clock ${cold.importAndFirstCallMs} ms (${cold.spreadMs[0]}-${cold.spreadMs[1]}); whole process ${cold.processMs} ms`);
  console.log(`our peak RSS (its own process, texts and first pass's citations held): ${ours.peakRssMB.toFixed(0)} MB`);

  const reportFile = join(CORPUS, 'vs-eyecite-report.json');
  writeFileSync(reportFile, `${JSON.stringify({ eyecite: version, corpus: CORPUS, files: files.length, bytes, eyeTotal, oursTotal, matched, recall, precision, sameMomentsRatioCpu: cpuRatios, sameMomentsRatioWall: wallRatios, sameMomentsRatioCpuWithoutContexts: bareCpuRatios, sameMomentsRatioWallWithoutContexts: bareWallRatios, timings, cold, missed, oursOnly }, null, 1)}\n`);
  console.log(`every disagreement: ${reportFile}`);
}

void main();
