import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { generateCorpus, rng } from '../test/corpus/generate';
import { cleanText, cleanTextAndFindWords, wordTable } from './clean';
import { LAW_SPELLINGS } from './laws';
import { PIN_TOKEN } from './pins';
import { REPORTER_FIRST_SPELLINGS } from './reporter-trie';
import { ANCHOR_FIRST_CHARS, capitalKinds, DEFAULT_EXTRACTORS, nextAnchorStart, SPELLING_PAIRS, tokenize, TokenStream, type Token } from './tokenize';

/**
 * The candidate scan is hand-written for speed; this is the regex it replaces, whose
 * matches (tried at every position) define which positions are candidates.
 */
function regexScan(text: string): number[] {
  const byFirst = new Map<number, Set<number>>();
  for (const pair of SPELLING_PAIRS) {
    const set = byFirst.get(pair >>> 16) ?? new Set<number>();
    set.add(pair & 0xffff);
    byFirst.set(pair >>> 16, set);
  }
  const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
  const pairs = [...byFirst].map(([first, seconds]) => `${hex(first)} {0,2}[${[...seconds].map(hex).join('')}]`).join('|');
  // A volume (and a suffix: `1982-1 Trade Cas.`; Louisiana's form, whose spellings begin with
  // `L`: `2009-1359, p. 3 (La.App.`),
  // the literals, the spelling pairs; and the blanks of a citation with a blank volume (`___ U.S.`,
  // `---- U.S.`, and a single dash after a comma: `Florida, — U.S.`).
  const re = new RegExp(
    String.raw`\b(?:\d{1,5}(?: {1,3}[A-Z0-9(]|-[A-Z]|-\d{1,3} {1,3}[A-Z])|\d{2,4}-\d{2,5}[A-Z]?(?:, {0,2}pp?\. {0,2}\d{1,4}(?:-\d{1,4})?)? {1,3}\(L|[Ii](?:d\.|bid)|supra|Cal\.|Tex\.|N\. {0,2}Y|C\. {0,2}P|CPLR|Fla\.|${pairs})` +
      String.raw`|\b_+ {1,3}[A-Z]|(?<![\w-])-{2,} {1,3}[A-Z]|(?<=, {0,3})(?<![\w-])-(?!-) {1,3}[A-Z]`,
    'g',
  );
  const out: number[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    out.push(m.index);
    re.lastIndex = m.index + 1;
  }
  return out;
}

function handScan(text: string): number[] {
  const out: number[] = [];
  for (let p = nextAnchorStart(text, 0); p >= 0; p = nextAnchorStart(text, p + 1)) out.push(p);
  return out;
}

/** Text made of the pieces candidates are made of, in random order, with odd spacing. */
function pieces(seed: number, count: number): string {
  const parts = [
    '1', '12', '123', '12345', '123456', '2009', ' ', ' ', '  ', '   ', '    ', '-', '_', '.', ',', '(', ')', '\n',
    'Id.', 'id.', 'Ibid', 'ibid', 'supra', 'Supra', 'Cal.', 'Tex.', 'N.', 'Y', 'C.', 'P', 'CPLR', 'Fla.', 'U.S.',
    'T.C. Memo.', 'Mass.', 'Gen.', 'Laws', 'ch.', 'Ohio', 'F.', '3d', 'See', 'v.', 'at', 'a', 'x', 'é', '§', '’', 'Ü',
  ];
  const next = rng(seed);
  let text = '';
  for (let i = 0; i < count; i++) text += parts[Math.floor(next() * parts.length)];
  return text;
}

function sampleTexts(): string[] {
  const corpus = join(__dirname, '..', 'test', 'corpus');
  return [
    readFileSync(join(corpus, 'brief-montreal.txt'), 'utf8'),
    readFileSync(join(corpus, 'brief-state.txt'), 'utf8'),
    ...generateCorpus(7, 200).map((p) => p.text),
    ...Array.from({ length: 200 }, (_, k) => pieces(k + 1, 400)),
    '', '1', '12 U', 'Id.', 'x12 U', '_12 U', '123456 U', '12    U', '12   U', '12-Ohio', '12-ohio', 'N.  Y', 'N.   Y',
  ];
}

describe('nextAnchorStart', () => {
  it('finds exactly the candidates the anchor regex finds', () => {
    for (const text of sampleTexts()) expect([text.slice(0, 60), handScan(text)]).toEqual([text.slice(0, 60), regexScan(text)]);
  });

  it('only ever needs to look at word starts: every spelling pair begins with a word character', () => {
    for (const pair of SPELLING_PAIRS) expect(String.fromCharCode(pair >>> 16)).toMatch(/^\w$/);
  });
});

/** Every p where `text` has `\n\n`, as indexOf finds them. */
function blankLinesOf(text: string): number[] {
  const out: number[] = [];
  for (let p = text.indexOf('\n\n'); p >= 0; p = text.indexOf('\n\n', p + 1)) out.push(p);
  return out;
}

describe('capitalKinds', () => {
  it('lets through every reporter-first and law spelling, however it is spaced (the tries skip up to two spaces)', () => {
    const missed: string[] = [];
    for (const [kind, spellings] of [[1, REPORTER_FIRST_SPELLINGS], [2, LAW_SPELLINGS]] as const) {
      for (const spelling of spellings) {
        const letters = spelling.replace(/ /g, '');
        for (const written of [spelling, letters, letters.split('').join('  '), spelling.replace(/'/g, '’')]) {
          for (const after of [' § 1', ' 12', ',', '', 'é']) if ((capitalKinds(`x ${written}${after}`, 2) & kind) === 0) missed.push(written + after);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('turns away capitals that part from every spelling at their third character', () => {
    for (const word of ['The', 'Inc.', 'Court', 'Co.', 'F.3d', 'Id.', 'In re']) expect([word, capitalKinds(`${word} 5`, 0)]).toEqual([word, 0]);
  });
});

describe('cleanTextAndFindWords', () => {
  it('cleans as cleanText does and lists every word start (the regex \\b\\w) of the result', () => {
    for (const raw of [...sampleTexts(), 'a\nb', '’x’', '\u2014\u2014a', 'é1_2 3', 'x'.repeat(9), 'x\u2019', 'A\nB\n', '1\u00a0\u00a0Id.', '\x7f1 2', '\u2019\n\n', '\u2019\n\n\n', '\u2019 \n\nx\n\n\n\ny\n', '\n\n\u2019', '\n\u2019\n\n',
    // Characters beyond Latin-1 whose low byte is a line break, a digit or a letter: those that
    // cleaning replaces (`\u200a`, a hair space, ends in 0x0a) and those it keeps (`\u2041`, `\u0131`).
    'a\u200a\nb\n\u200a\n', '1\u200a\u200a2 Id.', 'x\u2041y 12 U', '\u0131d. 5 \u2019', '\u2026\n\n\u2019Id. 1\u0131']) {
      const { clean, words, blankLines } = cleanTextAndFindWords(raw);
      expect(clean).toBe(cleanText(raw));
      expect(blankLines).toEqual(blankLinesOf(raw));
      const starts = [...clean.matchAll(/\b\w/g)].map((m) => m.index);
      expect([raw.slice(0, 40), [...words.offsets.subarray(0, words.count)]]).toEqual([raw.slice(0, 40), starts]);
      const some = cleanTextAndFindWords(raw, wordTable('1Ia_'));
      const someStarts = [...clean.matchAll(/\b[1Ia_]/g)].map((m) => m.index);
      expect([raw.slice(0, 40), [...some.words.offsets.subarray(0, some.words.count)]]).toEqual([raw.slice(0, 40), someStarts]);
    }
  });

  it('lists the blank lines of texts beyond Latin-1, of every length: all replaced (then read a byte per character) or not (two characters at a time)', () => {
    let seed = 9;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const kept of ['', '\u2026']) {
      const alphabet = ['a', ' ', '\n', '\n', '\r', '\u2019', '\u2014', '\u200a', '1', ...(kept ? [kept] : [])];
      for (let length = 0; length < 24; length++) {
        for (let k = 0; k < 40; k++) {
          const raw = `\u2019${kept}${Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')}`;
          const { clean, words, blankLines } = cleanTextAndFindWords(raw);
          expect([JSON.stringify(raw), blankLines]).toEqual([JSON.stringify(raw), blankLinesOf(raw)]);
          expect(clean).toBe(cleanText(raw));
          expect([JSON.stringify(raw), [...words.offsets.subarray(0, words.count)]]).toEqual([JSON.stringify(raw), [...clean.matchAll(/\b\w/g)].map((m) => m.index)]);
        }
      }
    }
  });

  it('does the same for texts of Latin-1 characters only (read a byte per character), of every length', () => {
    // Characters the cleaner replaces, word and non-word characters, and Latin-1 letters.
    const alphabet = ['a', 'Z', '1', '_', ' ', '.', '\n', '\r', '\t', '\u00a0', '\u00ad', '\u00b2', '\u00b9', '\u00e9', '\u00ff', '\x7f', '\x00', '\u0085', '§', '¶'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const texts: string[] = [];
    for (let length = 0; length < 40; length++) {
      for (let k = 0; k < 20; k++) texts.push(Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    }
    texts.push('550 U.S.\n544, 556 (2007).'.repeat(50), 'x'.repeat(4097));
    for (const raw of texts) {
      expect(/[^\u0000-\u00ff]/.test(raw)).toBe(false);
      for (const firsts of ['_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', '1Ia_']) {
        const { clean, words, blankLines } = cleanTextAndFindWords(raw, wordTable(firsts));
        expect(clean).toBe(cleanText(raw));
        expect([JSON.stringify(raw), blankLines]).toEqual([JSON.stringify(raw), blankLinesOf(raw)]);
        const starts = [...clean.matchAll(new RegExp(`\\b[${firsts}]`, 'g'))].map((m) => m.index);
        expect([JSON.stringify(raw), [...words.offsets.subarray(0, words.count)]]).toEqual([JSON.stringify(raw), starts]);
      }
    }
  });

  it('cleans a text over 1 MB whose characters beyond Latin-1 are all replaced (made a byte per character) as cleanText does', () => {
    for (const tail of ['', ' \u0100']) {
      const raw = `${'See Foo’s v. Bar — 550 U.S. 544, 556–57 (2007).\n'.repeat(22000)}${tail}`;
      expect(raw.length).toBeGreaterThan(1_000_000);
      const { clean, words } = cleanTextAndFindWords(raw, wordTable(ANCHOR_FIRST_CHARS));
      expect(clean === cleanText(raw)).toBe(true);
      expect(words.count).toBeGreaterThan(100000);
    }
  });

  it('gives the tokenizer the same tokens as its own scan of the text', () => {
    for (const raw of sampleTexts()) {
      const { clean, words } = cleanTextAndFindWords(raw, wordTable(ANCHOR_FIRST_CHARS));
      expect(tokenize(clean, DEFAULT_EXTRACTORS, words)).toEqual(tokenize(clean));
    }
  });

  it('finds, at the word starts it tries, the tokens each extractor\'s own scan of the text finds', () => {
    // The one-pass scan runs an extractor only where its first characters are (a literal such
    // as `N. Y` or `Cal.`, a number of the right length before the right letter); a copy of
    // the list is scanned extractor by extractor, each regex over the whole text.
    const spaced = ['N.  Y. Gen. Bus. Law § 349', 'N. Y. C.P.L.R. 3211(a)', 'C.  P. L. R. 3211', 'Cal. Civ. Code § 1714', 'Tex.  Bus. & Com. Code § 17.46', 'Fla. Stat. § 768.81', 'Ibid. Id.  at 5', '42  U.S.C. § 1983'];
    // Each literal after a space and a parenthesis, where the stream tries a word only
    // when its first two characters may begin a candidate (mayAnchorAt): `CP`, `Ib`, `ib`, `id`
    // and `su` begin no spelling, only a literal.
    const literals = ['CPLR 3211(a)', 'Ibid.', 'ibid.', 'id. at 5', 'Id. at 5', 'Smith, supra, at 5', 'Cal. Civ. Code § 1714', 'Tex. Bus. & Com. Code § 17.46', 'Fla. Stat. § 768.81', 'N. Y. Gen. Bus. Law § 349', 'C. P. L. R. 3211'];
    for (const literal of literals) spaced.push(`See ${literal}; (${literal})`);
    for (const raw of [...sampleTexts(), ...spaced]) {
      const { clean, words } = cleanTextAndFindWords(raw, wordTable(ANCHOR_FIRST_CHARS));
      expect(tokenize(clean, DEFAULT_EXTRACTORS, words)).toEqual(tokenize(clean, [...DEFAULT_EXTRACTORS]));
    }
  });

  it('hands out, a few word starts at a time, the tokens of the whole text sorted at once', () => {
    // Laws found at their name but beginning at the number before it (`42 U.S.C.`, `1 Stat.`),
    // after spaces and commas, next to citations and runs of digits.
    // (`42 U.S.C. § 1983(a) and (b)`: the generic reading, found at `U`, is longer than the
    // hand-written one found at `42`, and wins.)
    const laws = ['42', '28', '1', '12345', ' ', '  ', ',', ', ', 'U.S.C.', 'U. S. C.', '§', '§§', '1983', '(a) and (b)', '42 U.S.C. § 1983(a) and (b)', 'Stat.', 'Wis.', 'Mass. Gen. Laws ch.', '93A', 'Pub. L. No.', 'F.3d', '550 U.S. 544', 'Id.', 'supra', 'C.F.R.', 'Fed. Reg.', 'ILCS', '5/2-619', 'x', '.'];
    const next = rng(43);
    const texts = [...sampleTexts(), ...Array.from({ length: 300 }, () => Array.from({ length: 60 }, () => laws[Math.floor(next() * laws.length)]).join(next() < 0.5 ? ' ' : ''))];
    for (const raw of texts) {
      const { clean, words } = cleanTextAndFindWords(raw, wordTable(ANCHOR_FIRST_CHARS));
      const whole = JSON.stringify(tokenize(clean));
      for (const step of [1, 2, 3, 7]) {
        const stream = new TokenStream(clean, words, null, step);
        const handed: Token[] = [];
        for (let token = stream.get(0), i = 1; token !== undefined; token = stream.get(i++)) handed.push(token);
        expect([raw, step, JSON.stringify(handed)]).toEqual([raw, step, whole]);
      }
    }
  });
});

describe('the page after a reporter', () => {
  // The pattern every page was read by; the usual one, digits alone, is now read by plain code.
  const PAGE = /(\d{1,9}(?:-[A-Z]{1,2}|\[U\])?|_{2,}|-{3,}|c?(?:xc|xl|l?x{1,3})(?:ix|iv|v?i{0,3})|(?:c?l?)(?:ix|iv|v?i{1,3})|lv|cv|cl|clv)/y;
  const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  it('is read as the pattern reads it', () => {
    const pieces = ['1', '5', '9', '0', '12', '123456789', 'x', 'iv', '_', '-', '-A', '-AB', '[U]', '[', 'th', 'n', ' ', ',', '.', ')', 'A', 'é'];
    const random = rng(31);
    const differ: unknown[] = [];
    for (let n = 0; n < 20000; n++) {
      // Beginning where a page may (readTail skips spaces, a comma, a parenthesis before it).
      const tail = pieces[Math.floor(random() * 10)] + Array.from({ length: Math.floor(random() * 5) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      // (F.3d has no format of its own, which would read what the pattern does not.)
      const text = `5 F.3d ${tail}`;
      PAGE.lastIndex = 7;
      const m = PAGE.exec(text);
      const expected = m && !isAlnum(text.charCodeAt(PAGE.lastIndex)) ? { page: m[1], end: PAGE.lastIndex } : null;
      const token = tokenize(text).find((t) => t.start === 0 && t.kind === 'case');
      const got = token ? { page: token.page, end: token.end } : null;
      if (JSON.stringify(got) !== JSON.stringify(expected)) differ.push([text, got, expected]);
    }
    expect(differ).toEqual([]);
  });
});

describe('the pin of a short form', () => {
  // The pattern every short form's pin was read by; the usual one, digits alone, is now read by plain code.
  const SHORT_PIN = new RegExp(String.raw`at {1,3}(?:p\. {0,2})?(${PIN_TOKEN})(?![\w])`, 'y');
  it('is read as the pattern reads it', () => {
    const pieces = ['1', '5', '9', '0', '12', '1234567', ' ', '  ', ',', '.', ')', ';', ':', '-', '_', 'n.', 'n', 'A', 'é', '&', '*', 'p.', '¶', 'at', ' n.14', ' & n.3', '-7', ':12'];
    const random = rng(37);
    const differ: unknown[] = [];
    for (let n = 0; n < 20000; n++) {
      const tail = `at${' '.repeat(1 + Math.floor(random() * 4))}` + Array.from({ length: 1 + Math.floor(random() * 5) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const text = `5 F.3d ${tail}`;
      SHORT_PIN.lastIndex = 7;
      const m = SHORT_PIN.exec(text);
      const expected = m ? { pin: m[1].replace(/ +/g, ' '), end: SHORT_PIN.lastIndex } : null;
      const token = tokenize(text).find((t) => t.start === 0 && t.kind === 'short');
      const got = token ? { pin: token.pin, end: token.end } : null;
      if (JSON.stringify(got) !== JSON.stringify(expected)) differ.push([text, got, expected]);
    }
    expect(differ).toEqual([]);
  });
});
