/**
 * The labelled set (test/labelled/quotes.json, made by scripts/build-labelled-set.ts from the
 * public opinions in test/opinions/): each quotation through the engine as the product will
 * run it, the figures printed, the issue's targets held.
 */
import { readFileSync } from 'node:fs';
import { buildLabelledSet } from '../scripts/build-labelled-set';
import { parseOpinionMarkup, parseOpinionPlainText, prepareOpinion } from '../src';
import { EXACT_KINDS, figures, judge, labelledSet, LABELLED_FILE, loadOpinion, manifest, PROBLEM_KINDS, report, runLabelled } from './labelled';

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

  it('gives the same answers from the CourtListener opinion’s other fields: html_lawbox, and plain_text (the slip opinion’s PDF text, without reporter pages)', () => {
    const entry = manifest().find((e) => e.format === 'courtlistener-api-opinion')!;
    const fields = JSON.parse(loadOpinion(entry).raw) as { html_lawbox: string; plain_text: string };
    const items = labelledSet().filter((q) => q.opinion === entry.file);
    const lawbox = runLabelled(items, new Map([[entry.file, prepareOpinion(parseOpinionMarkup(fields.html_lawbox))]]));
    expect(lawbox.filter((o) => !o.ok).map((o) => o.item.id)).toEqual([]);
    const slip = runLabelled(items, new Map([[entry.file, prepareOpinion(parseOpinionPlainText(fields.plain_text))]]));
    for (const o of slip) {
      // No reporter pages in the slip text: the words are checked, their page is not.
      if (EXACT_KINDS.includes(o.item.kind) || o.item.kind === 'wrong-pin') expect([o.item.id, o.check?.status, o.check?.pageChecked]).toEqual([o.item.id, 'verified', false]);
      if (PROBLEM_KINDS.includes(o.item.kind)) expect([o.item.id, judge(o.item, o.check!)]).toEqual([o.item.id, true]);
    }
  });
});
