import { describe, expect, it } from '@jest/globals';
import { PrefixFilter } from './prefix-filter';
import { mayBeginReporterFirst, walkReporterFirst } from './reporter-trie';

/** Whether `spelling` is written at `pos` as the tries read it: up to two spaces between characters, curly apostrophes straight. */
function writtenAt(text: string, pos: number, spelling: string): boolean {
  const letters = spelling.replace(/ /g, '').replace(/[\u2018\u2019]/g, "'");
  let p = pos;
  for (let k = 0; k < letters.length; k++) {
    if (k > 0) for (let spaces = 0; spaces < 2 && text[p] === ' '; spaces++) p++;
    const c = text[p] === '\u2019' || text[p] === '\u2018' ? "'" : text[p];
    if (c !== letters[k]) return false;
    p++;
  }
  return true;
}

describe('PrefixFilter', () => {
  it('never turns away a place where one of its spellings is written (random spellings and texts)', () => {
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(next() * chars.length)]).join('');
    const alphabet = "ABCab.' \u2019§é";
    for (let round = 0; round < 200; round++) {
      const spellings = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pick(alphabet.replace(' ', ''), 1) + pick(alphabet, Math.floor(next() * 6)));
      const filter = new PrefixFilter([spellings]);
      for (let k = 0; k < 200; k++) {
        // Half the texts begin with one of the spellings, respaced.
        const base = next() < 0.5 ? spellings[Math.floor(next() * spellings.length)].replace(/ /g, '').split('').join(['', ' ', '  '][Math.floor(next() * 3)]) : '';
        const text = base + pick(alphabet, Math.floor(next() * 6));
        if (text[0] === ' ' || text.length === 0) continue;
        if (spellings.some((s) => writtenAt(text, 0, s))) expect([spellings, text, filter.mayBeginAt(text, 0)]).toEqual([spellings, text, 1]);
      }
    }
  });

  it('answers for two sets at once as a filter of each answers alone', () => {
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(next() * chars.length)]).join('');
    const alphabet = "ABCab.' \u2019§é";
    const some = () => Array.from({ length: 1 + Math.floor(next() * 8) }, () => pick(alphabet.replace(' ', ''), 1) + pick(alphabet, Math.floor(next() * 10)));
    let checked = 0;
    let some2 = 0;
    for (let round = 0; round < 200; round++) {
      const a = some();
      const b = some();
      const both = new PrefixFilter([a, b]);
      const [alone0, alone1] = [new PrefixFilter([a]), new PrefixFilter([b])];
      for (let k = 0; k < 100; k++) {
        const text = pick(alphabet.replace(' ', ''), 1) + pick(alphabet, Math.floor(next() * 11));
        for (let ask = 0; ask < 4; ask++) {
          const alone = (ask & 1 ? alone0.mayBeginAt(text, 0) : 0) | (ask & 2 ? alone1.mayBeginAt(text, 0) << 1 : 0);
          expect([text, ask, both.mayBeginAt(text, 0, ask)]).toEqual([text, ask, alone]);
          if (alone === 3) some2++;
          checked++;
        }
      }
    }
    expect(checked).toBe(80000);
    // Both sets said yes at once often enough for the test to mean something.
    expect(some2).toBeGreaterThan(100);
  });

  it('turns away words that share their first letters with a spelling but not their first four', () => {
    const filter = new PrefixFilter([['Comm. Ct.', 'Stat.', 'Pub. L.', 'T.C. Memo.']]);
    for (const word of ['Company', 'Stay', 'Public', 'Tuesday', 'T.D. 1']) expect([word, filter.mayBeginAt(`${word} of`, 0)]).toEqual([word, 0]);
    for (const word of ['Comm. Ct.', 'Stat. 5', 'Pub.L. 1', 'T. C. Memo.']) expect([word, filter.mayBeginAt(word, 0)]).toEqual([word, 1]);
  });

  it('turns away what shares the first four characters of a spelling but parts from it before the eighth', () => {
    const filter = new PrefixFilter([['U.S.C.', 'U. S. C. A.', 'Cal. Civ. Code', 'Stat.']]);
    for (const text of ['U.S. 544', 'U. S. at 5', 'U.S.A. Inc.', 'Cal. 4th 1', 'Cal.5th 3', 'Cal. Cr. 1', 'State']) expect([text, filter.mayBeginAt(text, 0)]).toEqual([text, 0]);
    for (const text of ['U.S.C. § 1983', 'U. S. C. A. § 1', 'U.S.C.A.', 'Cal.  Civ.  Code', 'Cal. Civ. Codes', 'Stat. 5', 'Stat.']) expect([text, filter.mayBeginAt(text, 0)]).toEqual([text, 1]);
  });

  it('keeps the reporter-first walk from common capitals', () => {
    for (const word of ['University', 'February', 'Court of Appeals', 'Amendment', 'Management']) expect([word, mayBeginReporterFirst(`${word} 12`, 0)]).toEqual([word, false]);
    expect(mayBeginReporterFirst('T.C. Memo. 2010-123', 0)).toBe(true);
    expect(walkReporterFirst('T.C. Memo. 2010-123', 0).count).toBeGreaterThan(0);
  });
});
