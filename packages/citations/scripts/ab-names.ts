/**
 * The case-name stage alone, two versions timed against each other in one process: every case
 * and short-form token of the 5 MB citation-dense text of `ab.ts --text=dense` has its name
 * read back (findCaseNameBefore), a pass of each version in turn, CPU time. On the shared host
 * a whole pass of the engine varies by ±10% from one round to the next, more than a change to
 * one stage moves it; timed alone, the stage's own figure is steady to a few per cent.
 *
 *   npx tsx packages/citations/scripts/ab-names.ts --a=SRC [--b=SRC] [--rounds=N]
 *
 * SRC: the engine's `packages/citations/src` of each version (e.g. `git archive <commit>
 * packages/citations | tar -x -C /tmp/before`, then `--a=/tmp/before/packages/citations/src`);
 * `--b` defaults to this checkout's. Both must read the same names: the first pass of each is
 * compared field by field, and a difference stops the run. Prints best and median of each, and
 * the median and quartiles of the ratio b/a over the rounds (after a warm-up).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternatedRounds, quantile, repeatedPassages, scriptArg as arg } from './alternate';

interface Stage {
  setup(text: string): number;
  names(): string[];
  pass(): number;
}

const ROOT = join(__dirname, '..', '..', '..');

/** A bundle of the name stage of the engine at `src`: the text tokenized once, its names read on each pass. */
function stageOf(src: string, name: string): Stage {
  const dir = mkdtempSync(join(tmpdir(), `ab-names-${name}-`));
  const entry = join(dir, 'stage.ts');
  writeFileSync(
    entry,
    `import { cleanTextAndFindWords } from ${JSON.stringify(join(src, 'clean'))};
import { tokenize } from ${JSON.stringify(join(src, 'tokenize'))};
import { AnchorIndex, findCaseNameBefore } from ${JSON.stringify(join(src, 'case-name'))};
let clean = '';
let starts: number[] = [];
let shorts: boolean[] = [];
let anchors = new AnchorIndex();
export function setup(text: string): number {
  clean = cleanTextAndFindWords(text).clean;
  const tokens = tokenize(clean);
  anchors = AnchorIndex.of(tokens);
  starts = [];
  shorts = [];
  for (const t of tokens) if (t.kind === 'case' || t.kind === 'short') { starts.push(t.start); shorts.push(t.kind === 'short'); }
  return starts.length;
}
export function names(): string[] {
  const out: string[] = [];
  for (let k = 0; k < starts.length; k++) out.push(JSON.stringify(findCaseNameBefore(clean, starts[k], anchors, shorts[k])));
  return out;
}
export function pass(): number {
  let sum = 0;
  for (let k = 0; k < starts.length; k++) { const n = findCaseNameBefore(clean, starts[k], anchors, shorts[k]); if (n) sum += n.start; }
  return sum;
}
`,
  );
  const out = join(dir, 'stage.cjs');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'esbuild'), [entry, '--bundle', '--platform=node', `--outfile=${out}`, '--log-level=error']);
  return require(out) as Stage;
}

const aSrc = arg('a');
if (!aSrc) {
  console.error('usage: ab-names.ts --a=SRC [--b=SRC] [--rounds=N]');
  process.exit(2);
}
const A = stageOf(aSrc, 'a');
const B = stageOf(arg('b') ?? join(ROOT, 'packages', 'citations', 'src'), 'b');
const rounds = Number(arg('rounds') ?? 40);

const text = repeatedPassages(5e6);
const count = A.setup(text);
if (B.setup(text) !== count) throw new Error('the two versions tokenize the text differently');
const namesA = A.names();
const namesB = B.names();
for (let k = 0; k < namesA.length; k++) {
  if (namesA[k] !== namesB[k]) {
    console.error(`names differ at token ${k}:\n  a: ${namesA[k]}\n  b: ${namesB[k]}`);
    process.exit(1);
  }
}

const cpu = (stage: Stage) => {
  const t = process.cpuUsage();
  stage.pass();
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1000;
};
for (let k = 0; k < 5; k++) {
  cpu(A);
  cpu(B);
}
const load = loadavg()[0];
const { a: ta, b: tb, ratios } = alternatedRounds(() => cpu(A), () => cpu(B), rounds);
const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(`names of ${count} tokens (5 MB dense text), ${rounds} rounds, load ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}; same names from both`);
console.log(`  a: best ${ms(Math.min(...ta))}, median ${ms(quantile(ta, 0.5))}`);
console.log(`  b: best ${ms(Math.min(...tb))}, median ${ms(quantile(tb, 0.5))}`);
console.log(`  b/a per round: median ${quantile(ratios, 0.5).toFixed(3)}, quartiles ${quantile(ratios, 0.25).toFixed(3)}-${quantile(ratios, 0.75).toFixed(3)}`);
