/**
 * Accuracy on the labelled corpus: hand-written passages (`corpus/*.txt` + `*.json`) and
 * template-generated ones (`corpus/generate.ts`). Prints a table and enforces the targets.
 *
 * A found citation matches a label when it starts at the label's offset, has the same
 * text, type, form and normalized form, and (short forms) the same antecedent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findCitations } from '../src';
import type { Citation } from '../src';
import { generateCorpus } from './corpus/generate';
import type { Expected, Passage } from './corpus/types';

const DIR = join(__dirname, 'corpus');

function handWritten(): Passage[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => {
      const text = readFileSync(join(DIR, f), 'utf8');
      const expected = JSON.parse(readFileSync(join(DIR, f.replace(/\.txt$/, '.json')), 'utf8')) as Expected[];
      // Labels are in order of appearance: each is the next occurrence of its text.
      let from = 0;
      for (const e of expected) {
        const at = text.indexOf(e.text, from);
        if (at < 0) throw new Error(`${f}: label ${JSON.stringify(e.text)} not found after offset ${from}`);
        e.start = at;
        from = at + 1;
      }
      return { name: f, text, expected };
    });
}

type Category = 'full case' | 'short forms' | 'statutes' | 'regulations';
const categoryOf = (x: { type: string; form: string }): Category =>
  x.type === 'statute' && x.form === 'full' ? 'statutes'
    : x.type === 'regulation' && x.form === 'full' ? 'regulations'
      : x.form === 'full' ? 'full case' : 'short forms';

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

function matches(c: Citation, e: Expected): boolean {
  return (
    c.start === e.start &&
    squash(c.text) === squash(e.text) &&
    c.form === e.form &&
    c.type === e.type &&
    c.normalized === e.normalized &&
    (e.form === 'full' || c.antecedent === (e.antecedent ?? null))
  );
}

interface Tally { expected: number; found: number; hit: number }

function evaluate(passages: Passage[]) {
  const tally: Record<Category, Tally> = {
    'full case': { expected: 0, found: 0, hit: 0 },
    'short forms': { expected: 0, found: 0, hit: 0 },
    statutes: { expected: 0, found: 0, hit: 0 },
    regulations: { expected: 0, found: 0, hit: 0 },
  };
  const names = { labelled: 0, right: 0 };
  const misses: string[] = [];
  for (const p of passages) {
    const found = findCitations(p.text);
    const used = new Set<Citation>();
    for (const c of found) tally[categoryOf(c)].found++;
    for (const e of p.expected) {
      const cat = categoryOf(e);
      tally[cat].expected++;
      const c = found.find((f) => !used.has(f) && matches(f, e));
      if (c) {
        used.add(c);
        tally[cat].hit++;
      } else {
        const near = found.find((f) => Math.abs(f.start - (e.start ?? -1)) < 40 && !used.has(f));
        misses.push(`${p.name}: missed ${JSON.stringify(e)}; nearest ${near ? JSON.stringify([near.text, near.form, near.normalized, near.antecedent]) : 'none'}`);
      }
      if (e.caseName && e.form === 'full') {
        names.labelled++;
        if (c && squash(c.caseName) === squash(e.caseName)) names.right++;
        else if (c) misses.push(`${p.name}: name ${JSON.stringify(c.caseName)} for ${JSON.stringify(e.caseName)}`);
      }
    }
    for (const c of found) if (!used.has(c)) misses.push(`${p.name}: extra ${JSON.stringify([c.text, c.type, c.form, c.normalized, c.antecedent])}`);
  }
  return { tally, names, misses };
}

const pct = (a: number, b: number) => (b === 0 ? 1 : a / b);

describe('accuracy on the labelled corpus', () => {
  const passages = [...handWritten(), ...generateCorpus(20240601, 60)];
  const { tally, names, misses } = evaluate(passages);

  it('prints the figures', () => {
    const rows = Object.entries(tally).map(([cat, t]) => ({
      category: cat,
      labelled: t.expected,
      found: t.found,
      recall: `${(100 * pct(t.hit, t.expected)).toFixed(1)}%`,
      precision: `${(100 * pct(t.hit, t.found)).toFixed(1)}%`,
    }));
    rows.push({ category: 'case names', labelled: names.labelled, found: names.right, recall: `${(100 * pct(names.right, names.labelled)).toFixed(1)}%`, precision: '' });
    console.log(`${passages.length} passages\n${rows.map((r) => `${r.category.padEnd(12)} ${String(r.labelled).padStart(5)} ${String(r.found).padStart(5)}  recall ${r.recall.padStart(6)}  precision ${r.precision}`).join('\n')}${misses.length ? `\n\nmismatches:\n${misses.slice(0, 60).join('\n')}` : ''}`);
    const total = Object.values(tally).reduce((n, t) => n + t.expected, 0);
    expect(total).toBeGreaterThanOrEqual(400);
  });

  it('full case citations: recall ≥ 98%, precision ≥ 99%', () => {
    const t = tally['full case'];
    expect(pct(t.hit, t.expected)).toBeGreaterThanOrEqual(0.98);
    expect(pct(t.hit, t.found)).toBeGreaterThanOrEqual(0.99);
  });

  it.each(['short forms', 'statutes', 'regulations'] as Category[])('%s: recall and precision ≥ 95%%', (cat) => {
    const t = tally[cat];
    expect(t.expected).toBeGreaterThan(20);
    expect(pct(t.hit, t.expected)).toBeGreaterThanOrEqual(0.95);
    expect(pct(t.hit, t.found)).toBeGreaterThanOrEqual(0.95);
  });

  it('case names: recall ≥ 90%', () => {
    expect(pct(names.right, names.labelled)).toBeGreaterThanOrEqual(0.9);
  });
});
