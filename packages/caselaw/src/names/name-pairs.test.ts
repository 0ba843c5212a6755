/**
 * The labelled name set (`name-pairs.json`): names as briefs write them against names as the
 * case-law database holds them. Same-case pairs cover OCR misreadings, Bluebook abbreviations,
 * short names, swapped parties and procedural or sovereign parties; different-case pairs are
 * names of two different real cases, or an invented name from a sanctioned filing (Mata v.
 * Avianca and others) against a real case.
 *
 * The set grew in three rounds: the first 262 pairs, then two batches written after the rules
 * were set, each of which exposed a miss (an `ri` read for `n`, a sovereign matched to a
 * private party, a digit in a two-letter word) that the rules now handle.
 *
 * The two figures that matter: a real case judged "different" is a false accusation (must be
 * none); a different case judged "different" is a misattribution caught (at least 95%).
 */
import pairs from './name-pairs.json';
import { compareCaseNames } from './compare';
import type { NameVerdict } from './compare';

interface Pair {
  cited: string;
  database: string;
  sameCase: boolean;
  category: 'ocr' | 'abbreviation' | 'short-name' | 'party-order' | 'procedural' | 'different-case';
}

const set = pairs as Pair[];
const judged = set.map((p) => ({ ...p, verdict: compareCaseNames(p.cited, p.database).verdict as NameVerdict }));

describe('the labelled name set', () => {
  it('has at least 200 pairs, with every category represented', () => {
    expect(set.length).toBeGreaterThanOrEqual(200);
    const categories = new Set(set.map((p) => p.category));
    for (const c of ['ocr', 'abbreviation', 'short-name', 'party-order', 'procedural', 'different-case']) expect(categories).toContain(c);
    expect(set.filter((p) => !p.sameCase).length).toBeGreaterThanOrEqual(60);
  });

  it('never judges a real case to be another case, and catches at least 95% of misattributions', () => {
    const same = judged.filter((p) => p.sameCase);
    const different = judged.filter((p) => !p.sameCase);
    const falseAccusations = same.filter((p) => p.verdict === 'different');
    const caught = different.filter((p) => p.verdict === 'different');
    const rows = ['ocr', 'abbreviation', 'short-name', 'party-order', 'procedural', 'different-case'].map((c) => {
      const inCat = judged.filter((p) => p.category === c);
      const count = (v: NameVerdict) => inCat.filter((p) => p.verdict === v).length;
      return `  ${c.padEnd(15)} ${String(inCat.length).padStart(4)}   same ${String(count('same')).padStart(3)}   partial ${String(count('partial')).padStart(3)}   unknown ${String(count('unknown')).padStart(3)}   different ${String(count('different')).padStart(3)}`;
    });
    const rate = (100 * caught.length) / different.length;
    console.log(
      [
        `Name set: ${judged.length} pairs (${same.length} same case, ${different.length} different case)`,
        ...rows,
        `False accusations (same case judged different): ${falseAccusations.length} of ${same.length}`,
        `Same case left for a check (partial or unknown): ${same.filter((p) => p.verdict !== 'same').length} of ${same.length}`,
        `Misattributions caught (different judged different): ${caught.length} of ${different.length} (${rate.toFixed(1)}%)`,
        ...judged.filter((p) => (p.sameCase ? p.verdict !== 'same' : p.verdict !== 'different')).map((p) => `  ${p.sameCase ? 'same' : 'different'} → ${p.verdict}: ${p.cited} | ${p.database}`),
      ].join('\n'),
    );
    expect(falseAccusations.map((p) => `${p.cited} | ${p.database}`)).toEqual([]);
    expect(rate).toBeGreaterThanOrEqual(95);
  });
});
