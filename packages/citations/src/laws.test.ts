import { describe, expect, it } from '@jest/globals';
import overlay from '../data/overlay.json';
import { parseRecords } from './generated-data';
import { laws } from './generated/laws';
import { lawMatchAt, mayBeginLaw, statuteOf } from './laws';

const spellings = [...parseRecords<{ strings: string[] }>(laws), ...(overlay as { rules: { series: { strings: string[] }[] } }).rules.series].flatMap((l) => l.strings);

describe('mayBeginLaw', () => {
  it('lets through every law spelling, however it is spaced (the trie skips up to two spaces)', () => {
    for (const spelling of spellings) {
      const letters = spelling.replace(/ /g, '');
      for (const written of [spelling, letters, letters.split('').join('  '), spelling.replace(/'/g, '’')]) {
        expect([written, mayBeginLaw(`${written} § 1`, 0)]).toEqual([written, true]);
      }
    }
  });

  it('turns away words that only share two letters with a spelling', () => {
    for (const word of ['Court', 'Commission', 'Plaintiff', 'Defendant', 'County']) expect([word, mayBeginLaw(`${word} of`, 0)]).toEqual([word, false]);
  });

  it('leaves what lawMatchAt finds unchanged', () => {
    const found = lawMatchAt('See Wis. Stat. § 655.002(2)(c).', 4);
    expect(found && statuteOf(found).normalized).toBe('Wis. Stat. § 655.002(2)(c)');
    expect(lawMatchAt('State of Wisconsin', 0)).toBeNull();
  });
});
