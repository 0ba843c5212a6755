import { describe, expect, it } from '@jest/globals';
import { isYear } from './courts';
import { lettersWithPeriods, shortCapitalised } from './names';

/** Random words over `alphabet`, of 0 to 7 characters. */
function words(alphabet: string[], count: number): string[] {
  let seed = 5;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => Array.from({ length: Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
}

describe('the character tests written for regexes', () => {
  it('answer as the regexes they replace', () => {
    for (const w of words(['A', 'Z', 'a', 'z', '.', '.', "'", '1', ' ', 'é', '['], 50000)) {
      expect([w, lettersWithPeriods(w)]).toEqual([w, /^(?:[A-Za-z]\.){2,}$/.test(w)]);
      expect([w, shortCapitalised(w)]).toEqual([w, /^[A-Z][a-z]{0,3}\.$/.test(w)]);
    }
    for (const w of words(['0', '1', '2', '5', '6', '9', 'a', '/'], 50000)) expect([w, w.length === 4 && isYear(w)]).toEqual([w, /^(?:1[6-9]|20)\d\d$/.test(w)]);
  });
});
