/**
 * The engine's time grows with the text, not with its square, on any text: texts made of the
 * pieces that make it work hardest (a chain of comma-joined citations, as in the 1 KB .docx that
 * held a server 20 s; citations of one volume and their short forms; names and reference markers;
 * runs of `v.`, `Id. at`, `supra`, digits and periods, blanks, Louisiana's form), each timed at
 * one size and at four times it. Linear time takes about four times as long; the bound is twice
 * that, measured as a ratio (each the best of five runs, at a size that takes 20 ms at least), so a busy machine does not fail it;
 * a quadratic step takes sixteen times as long (the comma chain took 24 times as long before).
 */
import { describe, expect, it } from '@jest/globals';
import { findCitations } from '../src';

const texts: Record<string, (n: number) => string> = {
  'a chain of one citation': (n) => '550 U.S. 544, '.repeat(n),
  'a chain of citations in turn': (n) => Array.from({ length: n }, (_, i) => `${(i % 900) + 1} ${['U.S.', 'S. Ct.', 'L. Ed. 2d', 'F.3d', 'F.2d'][i % 5]} ${i + 1}, `).join(''),
  'names and citations between runs of v.': (n) => 'Foo v. Bar v. Baz v. 1 U.S. 1 v. '.repeat(n),
  'Id. at runs after a case': (n) => `Foo v. Bar, 1 U.S. 1. ${'Id. at 5 '.repeat(n)}`,
  'digits and periods': (n) => '1. 2. 3. 45 6.7.8 123 456 789 1.2.3.4 '.repeat(n),
  'many cases of one volume, then short forms': (n) => Array.from({ length: n }, (_, i) => `Foo${i} v. Bar, 550 U.S. ${i + 1}. `).join('') + 'Foo v. Bar, 550 U.S. at 900000. '.repeat(n),
  'many cases of one name, then supra': (n) => Array.from({ length: n }, (_, i) => `Foo${i} Bar v. Baz, ${i + 1} F.3d ${i + 1}. `).join('') + 'Bar, supra, at 5; '.repeat(n),
  'names, then reference markers': (n) => 'Foo Bar v. Baz, 1 U.S. 1. '.repeat(n) + 'Zoo Bar at 5. '.repeat(n),
  'blank citations': (n) => 'Foo v. Bar, ___ U.S. ___, — S. Ct. —, '.repeat(n),
  "Louisiana's form": (n) => '2009-1359, p. 3 (La.App. 1 Cir. 05/10/10), '.repeat(n),
};

/**
 * The best of five runs, in ms of CPU time (a busy machine delays a run, it does not make it
 * use more CPU), after one to compile the engine's code for this shape.
 */
function best(text: string): number {
  findCitations(text);
  let min = Infinity;
  for (let k = 0; k < 5; k++) {
    const start = process.cpuUsage();
    findCitations(text);
    const used = process.cpuUsage(start);
    min = Math.min(min, (used.user + used.system) / 1000);
  }
  return min;
}

describe('time linear in the text', () => {
  it.each(Object.keys(texts))('%s: four times the text takes under eight times as long', (name) => {
    const make = texts[name];
    // From about 40 KB, doubled until one run takes 20 ms (or the text 2 MB), so that a run
    // is long enough to time on a busy machine.
    let n = Math.max(1, Math.round(40_000 / make(1).length));
    let one = best(make(n));
    while (one < 20 && make(2 * n).length <= 2_000_000) {
      n *= 2;
      one = best(make(n));
    }
    const four = best(make(4 * n));
    const ratio = four / one;
    expect({ name, ratio: Math.round(ratio * 10) / 10, under: ratio < 8 }).toEqual({ name, ratio: Math.round(ratio * 10) / 10, under: true });
  });
});
