/**
 * `citecheck extract` on a one-page text file from a cold shell: a fresh `node` process per
 * run, through the bin as a user runs it (the lean prebuilt path), and through the sources
 * (tsx) for comparison.
 *
 *   npx tsx scripts/bench/cli.ts [runs=5]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const RUNS = Number(process.argv[2] ?? 5);
const PAGE = [
  'Plaintiff must plead enough facts to state a claim to relief that is plausible on its face. Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007).',
  'A claim has facial plausibility when the pleaded factual content allows the court to draw the reasonable inference that the defendant is liable. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).',
  'Id. at 679. See also Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019); 28 U.S.C. § 1332(a).',
].join('\n\n').repeat(6);

const dir = mkdtempSync(join(tmpdir(), 'cli-bench-'));
const file = join(dir, 'page.txt');
writeFileSync(file, PAGE);
execFileSync(process.execPath, [join(ROOT, 'packages/cli/scripts/bundle.mjs')]);

function median(cmd: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, cmd, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const lean = median([join(ROOT, 'packages/cli/bin/citecheck.js'), 'extract', file]);
const full = median(['-e', `require('tsx/cjs'); require(${JSON.stringify(join(ROOT, 'packages/cli/src/main.ts'))}).main(['extract', ${JSON.stringify(file)}])`]);
console.log(JSON.stringify({ inputKB: +(PAGE.length / 1024).toFixed(1), leanMs: Math.round(lean), sourcesMs: Math.round(full), ratio: +(full / lean).toFixed(1) }));
