import { describe, expect, it } from '@jest/globals';
import { EDITIONS, SPELLINGS } from './catalogue';
import { formatStart, startsWithReporter } from './formats';
import { REPORTER_FIRST_PAIRS, walkReporterFirst } from './reporter-trie';

/**
 * The reporter-first trie is built from the spellings of the reporter-first editions only
 * (it is built at every start-up); these tests compare it with what a walk over every
 * spelling of the catalogue, in catalogue order, puts in it.
 */
describe('reporter-first spellings', () => {
  const reporterFirst = new Set(EDITIONS.flatMap((e, i) => (e.formats?.some((f) => startsWithReporter(f)) ? [i] : [])));
  // The trie ignores spaces and reads curly apostrophes as straight ones: spellings equal
  // but for those reach one node, which keeps the editions of the last of them.
  const trieKey = (s: string) => s.replace(/ /g, '').replace(/[\u2018\u2019]/g, "'");
  const expected = new Map<string, readonly number[]>();
  const pairs = new Set<number>();
  for (const [spelling, editions] of SPELLINGS) {
    // A plain word only for editions with a form that begins with it (not an optional volume).
    const plain = /^[A-Za-z ]+$/.test(spelling);
    const first = editions.filter((e) => reporterFirst.has(e) && (!plain || (EDITIONS[e].formats ?? []).some((f) => formatStart(f) === 'reporter')));
    if (!first.length) continue;
    const key = trieKey(spelling);
    expected.set(key, first);
    pairs.add((key.charCodeAt(0) << 16) | key.charCodeAt(1));
  }

  it('finds exactly the spellings of reporter-first editions, naming exactly those editions', () => {
    expect(expected.size).toBeGreaterThan(5);
    for (const spelling of SPELLINGS.keys()) {
      const hits = walkReporterFirst(`${spelling} 2010-123`, 0);
      let editions: readonly number[] | null = null;
      for (let h = 0; h < hits.count; h++) if (hits.ends[h] === spelling.length) editions = hits.editions[h];
      expect({ spelling, editions }).toEqual({ spelling, editions: expected.get(trieKey(spelling)) ?? null });
    }
  });

  it('has no spelling that begins with a space (a walk reads the branch of its first character from a table)', () => {
    for (const spelling of SPELLINGS.keys()) expect([spelling, /^\s/.test(spelling)]).toEqual([spelling, false]);
  });

  it('lists the first two letters of exactly those spellings', () => {
    expect(new Set(REPORTER_FIRST_PAIRS)).toEqual(pairs);
  });
});
