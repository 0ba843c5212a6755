/**
 * eyecite's resolution tests (tests/test_ResolveTest.py at v2.7.8), replayed against our
 * engine: which citations resolve to which full citation. Each eyecite case is a list of
 * rows (one citation each, with the index of the resource it should resolve to, or none),
 * joined into one text; or, for reference citations, one text with groups of citation indices.
 * The table is dumped by scripts/eyecite/dump-tests.py; see scripts/eyecite/README.md.
 *
 * A case passes when our citations fall into the same groups (same partition, group names
 * aside) and every citation eyecite expects in a group is found.
 */
import { findCitations } from '../../src';
import { compareResolution, type ResolveCase } from './compare';
import { clip, loadTable, report, resolveTablePath, tally } from './table';

/** Share of applicable cases that must pass. */
const MIN_PASS_RATE = 0.95;

interface ResolveTable {
  source: { eyecite: string; reportersDb: string };
  cases: ResolveCase[];
}

const table = loadTable<ResolveTable>(resolveTablePath(), 'eyecite ResolveTest table');
const run = table ? describe : describe.skip;

run('eyecite ResolveTest table', () => {
  it(`resolves at least ${MIN_PASS_RATE * 100}% of eyecite's resolution cases`, () => {
    const { cases, source } = table!;
    const applicable = cases.filter((c) => !c.skip);
    const skipped = cases.filter((c) => c.skip);
    const categories: string[] = [];
    const failures: string[] = [];
    let passed = 0;
    for (const kase of applicable) {
      const result = compareResolution(kase, findCitations(kase.text));
      if (result.pass) {
        passed++;
        continue;
      }
      categories.push(result.category!);
      failures.push(`#${kase.id} ${kase.test}: ${clip(JSON.stringify(kase.text), 200)}`, `    ${clip(result.detail, 600)}`);
    }
    report([
      `eyecite ResolveTest table (eyecite ${source.eyecite}, reporters-db ${source.reportersDb}): ` +
        `${passed} of ${applicable.length} cases pass (${((100 * passed) / applicable.length).toFixed(1)}%)`,
      `skipped ${skipped.length} cases needing eyecite-only features:`,
      ...tally(skipped.map((c) => c.skip!)),
      'failing cases by category:',
      ...tally(categories),
      'failures:',
      ...failures,
    ]);
    expect(applicable.length).toBeGreaterThan(0);
    expect(passed / applicable.length).toBeGreaterThanOrEqual(MIN_PASS_RATE);
  });
});
