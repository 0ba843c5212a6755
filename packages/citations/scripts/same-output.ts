/**
 * Whether two builds of the engine give the same citations: the JSON of every citation (every
 * field, in order) of every text, with each set of options the callers use. The speed work on
 * the engine promises output identical to the version before; this is how it is checked.
 *
 *   npx tsx packages/citations/scripts/same-output.ts --base=/tmp/base.cjs [--new=/tmp/new.cjs] [--corpus=DIR] [--all]
 *
 * `--base`: a bundle of the engine before (esbuild of src/index.ts at that commit, e.g.
 * `git worktree add` or `git archive` it, then `esbuild packages/citations/src/index.ts
 * --bundle --platform=node --outfile=...`); `--new`: a bundle of the engine after (default:
 * this checkout's src, bundled here). The texts: the real opinions of the vs-eyecite corpus
 * (`~/.cache/citecheck/opinions`, when present), the two test briefs, the texts of eyecite's
 * find and resolve tables (when dumped), 3,000 generated passages, a 4 MB generated brief,
 * a 5 MB citation-dense text, and the linearity test's texts. Options: the defaults,
 * `{ context: false }`, `{ resolve: false }`, `{ removeAmbiguous: true }` and positions.
 * Exits 1 at the first difference, printing it; with `--all`, lists every difference with the
 * defaults (a change meant to alter output: which fields changed, and where).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { generateCorpus } from '../test/corpus/generate';
import { baseAndNew, repeatedPassages, scriptArg as arg } from './alternate';

const { base, after } = baseAndNew('same-output.ts --base=BUNDLE [--new=BUNDLE] [--corpus=DIR]');

const PROSE =
  'Plaintiffs do not dispute that the agreement was signed on March 3, 2019, or that the carrier performed each flight as scheduled. ' +
  'At the hearing held on May 5, 2021, counsel conceded that no expert report had been served within the 90 days required by the scheduling order.';

/** The texts compared, by name. */
function texts(): [string, string][] {
  const out: [string, string][] = [];
  const corpus = arg('corpus') ?? join(homedir(), '.cache', 'citecheck', 'opinions');
  if (existsSync(corpus)) for (const f of readdirSync(corpus).sort()) if (f.endsWith('.txt')) out.push([`opinion ${f}`, readFileSync(join(corpus, f), 'utf8')]);
  const briefs = join(__dirname, '..', 'test', 'corpus');
  for (const f of readdirSync(briefs).sort()) if (f.endsWith('.txt')) out.push([`brief ${f}`, readFileSync(join(briefs, f), 'utf8')]);
  for (const table of ['find-table.json', 'resolve-table.json']) {
    const path = join(homedir(), '.cache', 'citecheck', 'eyecite', table);
    if (!existsSync(path)) continue;
    const dump = JSON.parse(readFileSync(path, 'utf8')) as { pairs?: { text: string }[]; cases?: { text: string }[] };
    for (const row of [...(dump.pairs ?? []), ...(dump.cases ?? [])]) if (typeof row.text === 'string' && row.text) out.push([`${table} ${out.length}`, row.text]);
  }
  const passages = generateCorpus(7, 3000).map((p) => p.text);
  passages.forEach((p, i) => out.push([`passage ${i}`, p]));
  const brief: string[] = [];
  for (let size = 0, i = 0; size < 4e6; i++) {
    brief.push(passages[i % passages.length], PROSE);
    size += passages[i % passages.length].length + PROSE.length + 4;
  }
  out.push(['4 MB brief', brief.join('\n\n')]);
  out.push(['5 MB dense', repeatedPassages(5e6)]);
  const linear: Record<string, (n: number) => string> = {
    chain: (n) => '550 U.S. 544, '.repeat(n),
    'chain in turn': (n) => Array.from({ length: n }, (_, i) => `${(i % 900) + 1} ${['U.S.', 'S. Ct.', 'L. Ed. 2d', 'F.3d', 'F.2d'][i % 5]} ${i + 1}, `).join(''),
    'runs of v.': (n) => 'Foo v. Bar v. Baz v. 1 U.S. 1 v. '.repeat(n),
    'Id. at': (n) => `Foo v. Bar, 1 U.S. 1. ${'Id. at 5 '.repeat(n)}`,
    digits: (n) => '1. 2. 3. 45 6.7.8 123 456 789 1.2.3.4 '.repeat(n),
    'one volume': (n) => Array.from({ length: n }, (_, i) => `Foo${i} v. Bar, 550 U.S. ${i + 1}. `).join('') + 'Foo v. Bar, 550 U.S. at 900000. '.repeat(n),
    'one name': (n) => Array.from({ length: n }, (_, i) => `Foo${i} Bar v. Baz, ${i + 1} F.3d ${i + 1}. `).join('') + 'Bar, supra, at 5; '.repeat(n),
    markers: (n) => 'Foo Bar v. Baz, 1 U.S. 1. '.repeat(n) + 'Zoo Bar at 5. '.repeat(n),
    blanks: (n) => 'Foo v. Bar, ___ U.S. ___, — S. Ct. —, '.repeat(n),
    louisiana: (n) => '2009-1359, p. 3 (La.App. 1 Cir. 05/10/10), '.repeat(n),
  };
  for (const [name, make] of Object.entries(linear)) out.push([`linear ${name}`, make(2000)]);
  return out;
}

/** Paragraph positions every 700 characters, as a reader passes them. */
function positionsOf(text: string) {
  const positions = [];
  for (let offset = 0, k = 0; offset < text.length; offset += 700, k++) positions.push({ offset, page: 1 + (k >> 3), paragraph: k, kind: k % 5 === 4 ? 'footnote' : 'body' });
  return positions;
}

const OPTIONS: [string, (text: string) => object | undefined][] = [
  ['defaults', () => undefined],
  ['context: false', () => ({ context: false })],
  ['resolve: false', () => ({ resolve: false })],
  ['removeAmbiguous', () => ({ removeAmbiguous: true })],
  ['positions', (text) => ({ positions: positionsOf(text) })],
];

/**
 * `--all`: every difference rather than the first, for a change that alters output on
 * purpose: each differing citation (defaults only), as `field: before → after`, and a count
 * per changed field, so that a reading changed beyond the one meant shows.
 */
const ALL = process.argv.includes('--all');
const changedFields = new Map<string, number>();
let differing = 0;
function listDifferences(name: string, a: unknown[], b: unknown[]): void {
  if (a.length !== b.length) {
    console.log(`${name}: ${a.length} citations before, ${b.length} after`);
    changedFields.set('(count)', (changedFields.get('(count)') ?? 0) + 1);
    differing++;
    return;
  }
  for (let k = 0; k < a.length; k++) {
    const x = a[k] as Record<string, unknown>;
    const y = b[k] as Record<string, unknown>;
    const fields = Object.keys({ ...x, ...y }).filter((f) => JSON.stringify(x[f]) !== JSON.stringify(y[f]));
    if (fields.length === 0) continue;
    differing++;
    for (const f of fields) changedFields.set(f, (changedFields.get(f) ?? 0) + 1);
    if (differing <= 200) console.log(`${name} ${String(x.text)}: ${fields.map((f) => `${f}: ${JSON.stringify(x[f])} → ${JSON.stringify(y[f])}`).join('; ')}`);
  }
}

let citations = 0;
const all = texts();
for (const [name, text] of all) {
  for (const [label, options] of OPTIONS) {
    if (ALL && label !== 'defaults') continue;
    const a = base(text, options(text));
    const b = after(text, options(text));
    if (label === 'defaults') citations += a.length;
    const same = a.length === b.length && a.every((c, k) => JSON.stringify(c) === JSON.stringify(b[k]));
    if (same) continue;
    if (ALL) {
      listDifferences(name, a, b);
      continue;
    }
    console.error(`DIFFERENT: ${name}, ${label}: ${a.length} citations before, ${b.length} after`);
    for (let k = 0; k < Math.max(a.length, b.length); k++) {
      const x = JSON.stringify(a[k]);
      const y = JSON.stringify(b[k]);
      if (x !== y) {
        console.error(`  citation ${k}\n  before: ${x}\n  after:  ${y}`);
        break;
      }
    }
    process.exit(1);
  }
}
if (ALL) {
  console.log(`${differing} citations differ of ${citations} (${all.length} texts, the defaults); by field: ${JSON.stringify(Object.fromEntries(changedFields))}`);
  process.exit(differing ? 1 : 0);
}
console.log(`same output: ${all.length} texts, ${citations} citations with the defaults, ${OPTIONS.length} sets of options each`);
