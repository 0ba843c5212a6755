/**
 * Our side of scripts/bench/vs-eyecite.ts, run in a process of its own, as eyecite runs in
 * its own Python process (scripts/eyecite/run-eyecite.py), and answering the same way:
 *
 *   node <bundle of this file> FILE...
 *
 * vs-eyecite.ts bundles this file with the engine (esbuild, as the CLI's lean bundle is). It
 * reads the files and prints `{"ready": true}` on one line, then answers each line read from
 * stdin with one JSON line on stdout:
 *   pass    runs `findCitations` on every file, one after the other, and prints the pass's
 *           time, wall clock and CPU, summed over the calls (only the calls are timed);
 *   pass bare  the same with `{ context: false }`: without the sentence around each
 *           citation, which eyecite does not compute (its output is the rest);
 *   report  prints each file's full case citations (the ones eyecite's FullCaseCitation
 *           covers, from the first pass) and the peak RSS, and exits.
 * Later passes keep nothing: each file's result is dropped as soon as it is counted, as
 * eyecite's are. The process holds only the texts and the first pass's citations, so the
 * collector's work is what the engine causes, not the comparison's (when the engine ran
 * inside vs-eyecite.ts, the young generation's collections copied the harness's whole pass
 * of results, and the heap held eyecite's parsed output).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { findCitations, type Citation } from '../../packages/citations/src';

/** A full case citation as vs-eyecite.ts compares it with eyecite's. */
export interface Found {
  start: number;
  end: number;
  volume: string;
  reporter: string;
  page: string;
  text: string;
}

/** Time of one run: wall clock and CPU. */
export interface RunTime {
  seconds: number;
  cpuSeconds: number;
}

/** What `report` prints. */
export interface OursReport {
  files: { file: string; citations: Found[] }[];
  peakRssMB: number;
}

/**
 * Whether one of our case citations is written volume-reporter-page, which is what eyecite's
 * FullCaseCitation is. Our engine reports such a cite repeated after a short name
 * (`Grutter, 539 U.S. 306`) as a short form, Bluebook's reading; eyecite reports it as a full
 * citation. Both found the same citation, so short forms written with their first page count
 * here; `550 U.S. at 556` (eyecite's ShortCaseCitation) does not.
 */
function writtenInFull(c: Citation): boolean {
  if (c.form === 'full') return true;
  if (c.form !== 'short' || c.page === null || /\bat\b/.test(c.text)) return false;
  const written = c.text.replace(/\s+/g, ' ');
  // A blank page is written with any number of underscores (`570 U. S. ____`).
  return written.endsWith(` ${c.page}`) || (/^_+$/.test(c.page) && /_+$/.test(written));
}

/**
 * A citation whose volume and page are both blank (`— U.S. —`, `___ U.S. ___`) is listed by
 * our engine, to be checked by name; eyecite keeps it as a placeholder, never a citation: not
 * compared.
 */
const blankVolume = (c: Citation) => c.volume === null && c.page === '___';

function fullCaseCitations(found: Citation[]): Found[] {
  return found
    .filter((c) => c.type === 'case' && writtenInFull(c) && !blankVolume(c))
    .map((c) => ({ start: c.start, end: c.end, volume: String(c.volume ?? ''), reporter: c.reporter ?? '', page: c.page ?? '', text: c.text }));
}

function main(): void {
  const paths = process.argv.slice(2);
  if (paths.length === 0) {
    console.error('usage: node vs-eyecite-ours.cjs FILE...');
    process.exitCode = 2;
    return;
  }
  const texts: string[] = [];
  for (const path of paths) {
    try {
      texts.push(readFileSync(path, 'utf8'));
    } catch (e) {
      console.error(`cannot read ${path}: ${(e as Error).message}`);
      process.exitCode = 2;
      return;
    }
  }

  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  let files: OursReport['files'] | null = null;
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const command = line.trim();
    if (command === 'pass' || command === 'pass bare') {
      const options = command === 'pass bare' ? { context: false } : {};
      let seconds = 0;
      let cpuSeconds = 0;
      const first = files === null && command === 'pass';
      const kept: OursReport['files'] = [];
      for (let i = 0; i < texts.length; i++) {
        const t0 = performance.now();
        const cpu0 = process.cpuUsage();
        const found = findCitations(texts[i], options);
        const cpu = process.cpuUsage(cpu0);
        seconds += (performance.now() - t0) / 1000;
        cpuSeconds += (cpu.user + cpu.system) / 1e6;
        // Every pass finds the same citations; the first pass's are reported, as eyecite's are.
        if (first) kept.push({ file: basename(paths[i]), citations: fullCaseCitations(found) });
      }
      if (first) files = kept;
      answer({ seconds, cpuSeconds } satisfies RunTime);
    } else if (command === 'report') {
      answer({ files: files ?? [], peakRssMB: process.resourceUsage().maxRSS / 1024 } satisfies OursReport);
      lines.close();
      process.stdin.destroy();
    } else {
      console.error(`unknown command: ${command}`);
      process.exitCode = 2;
      lines.close();
      process.stdin.destroy();
    }
  });
  answer({ ready: true });
}

main();
