/**
 * The labelled set (test/labelled/quotes.json, made by scripts/build-labelled-set.ts from the
 * public opinions in test/opinions/): each quotation through the engine as the product will
 * run it, the figures printed, the issue's targets held.
 */
import { readFileSync } from 'node:fs';
import { buildLabelledSet } from '../scripts/build-labelled-set';
import { prepareOpinion } from '../src';
import { figures, labelledSet, LABELLED_FILE, loadOpinion, manifest, report, runLabelled } from './labelled';

describe('the labelled set of quotations', () => {
  const prepared = new Map(manifest().map((e) => [e.file, prepareOpinion(loadOpinion(e).opinion)]));
  const outcomes = runLabelled(labelledSet(), prepared);
  const f = figures(outcomes);

  it('is what the script makes from the opinions', () => {
    expect(`${JSON.stringify(buildLabelledSet(), null, 1)}\n`).toBe(readFileSync(LABELLED_FILE, 'utf8'));
  });

  it('has at least 200 quotations of every kind the issue names, from every opinion', () => {
    console.log(report(f));
    for (const o of outcomes.filter((x) => !x.ok)) {
      console.log(`  missed ${o.item.id} (${o.item.kind}, ${o.item.template}): ${o.lost ?? `${o.check!.status} ${o.check!.foundPage ?? ''}`} — ${o.item.note}`);
    }
    expect(f.total).toBeGreaterThanOrEqual(200);
    for (const kind of ['exact', 'alteration', 'ellipsis', 'page-break', 'wrong-pin', 'substituted', 'negation', 'invented'] as const) {
      expect(f.byKind.get(kind)?.total ?? 0).toBeGreaterThanOrEqual(20);
    }
    expect(new Set(outcomes.map((o) => o.item.opinion)).size).toBe(manifest().length);
  });

  it('reports no exact quotation as a problem', () => {
    expect(f.exactProblems).toBe(0);
  });

  it('reports at least 95% of altered and invented quotations altered or not-found', () => {
    expect(f.problemFlagged / f.problemTotal).toBeGreaterThanOrEqual(0.95);
  });

  it('names the page of at least 90% of wrong pins', () => {
    expect(f.wrongPinNamed / f.wrongPinTotal).toBeGreaterThanOrEqual(0.9);
  });
});
