import { describe, expect, it } from '@jest/globals';
import { isYear } from './courts';
import { parseRecords } from './generated-data';
import { caseNameAbbreviations } from './generated/names';
import { isAbbreviation, isAbbreviationAt, lettersWithPeriods, shortCapitalised } from './names';
import { mayHoldStopWord, partyIn, stopWordOf, stripStopWords, versusEnd, versusIn } from './case-name';

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

describe('the parties of a name', () => {
  // stripStopWords as it was: every regex run on every name.
  const PATTERN = String.raw`[^\sa-zA-Z0-9]*(?:v|in re|re|quoting|e.g.|parte|denied|citing|aff'd|affirmed|remanded|see also|see|granted|dismissed|Cf)[^\sa-zA-Z0-9]*`;
  const CASED = new RegExp(String.raw`(?:^|\s)${PATTERN}(?=\s|$)`, 'g');
  const ANY_CASE = new RegExp(String.raw`(?:^|\s)${PATTERN.replace('(?:v|', '(?:')}(?=\s|$)`, 'gi');
  const trimChars = (s: string, chars: string) => {
    let a = 0;
    let b = s.length;
    while (a < b && chars.includes(s[a])) a++;
    while (b > a && chars.includes(s[b - 1])) b--;
    return s.slice(a, b);
  };
  function reference(name: string): string {
    let text = name.replace(CASED, ' ');
    text = text.replace(/^In\s+/i, '').trim().replace(/^\(+/, '').replace(/\)+$/, '');
    if (text.includes(';')) text = text.split(';')[1];
    return trimChars(trimChars(text, ', ').replace(ANY_CASE, ''), ', ').trim();
  }
  const pieces = ['v', 'V', 'v.', 'vs.', 'See', 'see also', 'SEE ALSO', 'In', 'in re', 'In re', 'Re', 'cf.', 'Cf', 'e.g.,', 'E g', 'eXgY', 'e\ng.', "aff'd", 'AFF’D', 'quoting', 'parte', 'Ex', 'denied', 'Citing', 'granted', 'dismissed', 'remanded', 'affirmed',
    'Bell', 'Atlantic', 'Corp.', 'Twombly', 'Inc.,', 'Co.', 'Vance', 'Seever', 'rev', '(', ')', '((', ',', ', ', ';', '.', '"', '&', 'İ', 'K', 'ſ', 'é', 'x', '1', ' ', '  ', '\u00a0', '\u2028', '\t', '\n'];
  let seed = 29;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const names = Array.from({ length: 80000 }, () => Array.from({ length: Math.floor(next() * 7) }, () => pieces[Math.floor(next() * pieces.length)]).join(next() < 0.7 ? ' ' : ''));

  // Each name read where it stands in a text, between characters that a reading past its ends
  // would take in (a stop word, white space, parentheses, a `;`).
  const before = 'see ( ;\u2028';
  const after = '\u00a0v; ) e.g.';

  it('without stop words are read as the regexes read them', () => {
    const differ: string[][] = [];
    let plain = 0;
    for (const name of names) {
      const matches = new RegExp(CASED.source).test(name) || new RegExp(ANY_CASE.source, 'i').test(name);
      if (matches && !mayHoldStopWord(name)) differ.push([name, 'a stop word missed']);
      if (mayHoldStopWord(`${before}${name}${after}`, before.length, before.length + name.length) !== mayHoldStopWord(name)) differ.push([name, 'read past its ends']);
      if (!mayHoldStopWord(name)) plain++;
      if (stripStopWords(name) !== reference(name)) differ.push([name, stripStopWords(name), reference(name)]);
    }
    expect(differ).toEqual([]);
    expect(plain).toBeGreaterThan(10000);
  });

  it('are read in place as the regexes read them, spaces squeezed', () => {
    const differ: string[][] = [];
    for (const name of [...names, 'Bell Atlantic Corp.', 'Twombly', 'Liberty Lobby, Inc.,', 'In re Foo', '(Smith)', 'Smith,', 'See Smith', 'Foo  Bar', 'Foo;  see Bar']) {
      const expected = reference(name).replace(/\s{2,}/g, ' ');
      const read = partyIn(`${before}${name}${after}`, before.length, before.length + name.length);
      if (read !== expected) differ.push([name, read, expected]);
    }
    expect(differ).toEqual([]);
  });

  it('are parted where the regex finds the `v.`', () => {
    const differ: unknown[] = [];
    for (const name of names) {
      const text = `${before}${name}${after}`;
      for (const [letter, regex] of [[118, /\s+v\.?\s+/], [86, /\s+V\.?\s+/]] as const) {
        const m = regex.exec(name);
        const at = versusIn(text, letter, before.length, before.length + name.length);
        const expected = m ? before.length + m.index : -1;
        if (at !== expected || (m && versusEnd(text, at, before.length + name.length) !== expected + m[0].length)) differ.push([name, letter, at, expected]);
      }
    }
    expect(differ).toEqual([]);
  });
});

describe('abbreviations read in place', () => {
  it('are told as the lowercased word told them', () => {
    const pieces = ['Corp.', 'corp.', 'CORP.', 'Inc.', 'U.S.', 'N.Y.', 'Atl.', 'Ass’n', "Ass'n", 'Dep\'t.', 'Co', 'co.', 'Cal.', 'Const.', 'Bhd.', 'Id.', 'Stats.', 'Twombly.', 'x', 'A', 'a', '.', "'", 'é', 'İ', 'K', '1'];
    let seed = 53;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differ: string[] = [];
    for (let n = 0; n < 40000; n++) {
      const w = Array.from({ length: 1 + Math.floor(next() * 2) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      const text = `ab ${w} cd`;
      if (isAbbreviationAt(text, 3, 3 + w.length) !== isAbbreviation(w)) differ.push(w);
    }
    expect(differ).toEqual([]);
  });

  it('are each of the listed ones, of every length, as written and in capitals', () => {
    // Reporters-db's Bluebook abbreviations (the longest of the list among them), looked up by
    // length and first letter; and words longer than any listed one.
    const listed = parseRecords<string>(caseNameAbbreviations).filter((a) => a.endsWith('.'));
    expect(listed.length).toBeGreaterThan(100);
    const missed: string[] = [];
    for (const a of listed) {
      for (const w of [a, a.toUpperCase(), a.toLowerCase()]) {
        const text = `ab ${w} cd`;
        if (!isAbbreviationAt(text, 3, 3 + w.length) || !isAbbreviation(w)) missed.push(w);
      }
    }
    expect(missed).toEqual([]);
    const long = 'Administrationsx.';
    expect(isAbbreviationAt(`${long.repeat(3)} `, 0, long.length * 3)).toBe(isAbbreviation(long.repeat(3)));
  });
});
