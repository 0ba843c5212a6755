import { describe, expect, it } from '@jest/globals';
import { isYear } from './courts';
import { lettersWithPeriods, shortCapitalised } from './names';
import { stopWordOf } from './case-name';

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

describe('stop words before a citation', () => {
  // What stopWordOf did with a string per word: the bare word lowercased, looked up, or matched
  // by eyecite's `e.g.` pattern.
  const STOP_WORDS = new Set(['v', 'in re', 're', 'quoting', 'e.g.', 'parte', 'denied', 'citing', "aff'd", 'affirmed', 'remanded', 'see also', 'see', 'granted', 'dismissed', 'cf']);
  function reference(word: string): string | null {
    if (word.length > 12) return null;
    const bare = word.replace(/^[^\sa-zA-Z0-9]+|[^\sa-zA-Z0-9]+$/g, '');
    if (!/^[virqepdcasg]/i.test(bare) || bare.length > 9) return null;
    const lower = bare.toLowerCase();
    if (STOP_WORDS.has(lower)) return lower;
    if (lower.charCodeAt(0) === 101 && (/^e.g.?$/.test(lower) || /^e.g$/.test(lower))) return 'e.g.';
    return null;
  }
  it('are told in place as the lowercased string told them', () => {
    const pieces = ['v', 'V', 'v.', 'See', 'SEE', 'see', 're', 'Re', 'cf', 'Cf.', 'E.g.,', 'e.g', 'eXgY', 'e\ng.', "aff'd", 'AFF’D', 'quoting', 'parte', 'Denied', 'citing', 'granted', 'dismissed', 'remanded', 'affirmed', '(', ')', ',', '.', '"', 'İ', 'K', 'ſ', 'é', 'a', 'x', '1', '\u00a0', '\u2028'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 60000; n++) {
      const w = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      expect([w, stopWordOf(w)]).toEqual([w, reference(w)]);
    }
  });
});
