import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { generateCorpus, rng } from '../test/corpus/generate';
import { cleanTextAndFindWords, wordTable } from './clean';
import { findReferences, MarkerCandidates, MARKER_FIRST_CHARS, markerPositions } from './references';
import { findCitations } from './index';
import { blankCitation } from './find';
import { ANCHOR_FIRST_CHARS, DEFAULT_EXTRACTORS, tokenize } from './tokenize';

/** Text made of the pieces reference markers are made of, in random order. */
function pieces(seed: number, count: number): string {
  const parts = [' ', ' ', '  ', '   ', '    ', 'at', 'a', 't', 'p', 'pp', 'ppp', '.', 'p.', 'pp.', '¶', '¶¶', '¶¶¶', '*', '**', '1', '23', 'x', 'Foo', ',', '\n', 'ata'];
  const next = rng(seed);
  let text = '';
  for (let i = 0; i < count; i++) text += parts[Math.floor(next() * parts.length)];
  return text;
}

describe('markerPositions', () => {
  it('does not trust candidates the tokenizer did not finish (another extractor list)', () => {
    const candidates = new MarkerCandidates();
    const clean = 'Foo v. Bar, 1 U.S. 2 (1990). Foo at 5.';
    tokenize(clean, [...DEFAULT_EXTRACTORS], null, candidates);
    expect(markerPositions(clean, 0, null, candidates)).toEqual(markerPositions(clean, 0));
  });

  it('finds from the word starts exactly the markers its regex finds in the text', () => {
    const corpus = join(__dirname, '..', 'test', 'corpus');
    const texts = [
      readFileSync(join(corpus, 'brief-montreal.txt'), 'utf8'),
      readFileSync(join(corpus, 'brief-state.txt'), 'utf8'),
      ...generateCorpus(11, 200).map((p) => p.text),
      ...Array.from({ length: 300 }, (_, k) => pieces(k + 1, 300)),
      ' at 5', ' at    5', ' at p. 5', ' at pp.   5', ' p. *4', ' ¶ 12', ' ¶¶12', ' ¶¶¶ 1', '  ¶ *3', 'x at 5', ' at p.5 at 6',
    ];
    for (const raw of texts) {
      const { clean, words } = cleanTextAndFindWords(raw, wordTable(MARKER_FIRST_CHARS));
      // As findCitations runs it: the tokenizer collects the candidates from the words it reads.
      const listed = cleanTextAndFindWords(raw, wordTable(ANCHOR_FIRST_CHARS + MARKER_FIRST_CHARS)).words;
      const candidates = new MarkerCandidates();
      tokenize(clean, DEFAULT_EXTRACTORS, listed, candidates);
      for (const from of [0, 7]) {
        const expected = markerPositions(clean, from);
        expect([raw.slice(0, 40), from, markerPositions(clean, from, words)]).toEqual([raw.slice(0, 40), from, expected]);
        expect([raw.slice(0, 40), from, markerPositions(clean, from, null, candidates)]).toEqual([raw.slice(0, 40), from, expected]);
      }
    }
  });
});

describe('findReferences', () => {
  it('never takes a name too common to mean one case, in any capitals, and takes others of the same length and letter', () => {
    const refer = (name: string) => {
      const text = `See ${name} v. Roe, 410 U.S. 113 (1973). Later, ${name} at 120, said so.`;
      const citations = findCitations(text, { context: false }).filter((c) => c.form !== 'reference');
      const { clean } = cleanTextAndFindWords(text, wordTable(MARKER_FIRST_CHARS));
      return findReferences(text, clean, citations).map((c) => c.caseName);
    };
    for (const common of ['State', 'STATE', 'United States', 'People', 'Commonwealth', 'Commissioner', 'Government', 'Mass']) expect([common, refer(common)]).toEqual([common, []]);
    // The same lengths and first letters as `State`, `People`, `Commonwealth`, `Mass`.
    for (const other of ['Smith', 'Pierce', 'Christiansen', 'Moss']) expect([other, refer(other)]).toEqual([other, [other]]);
  });

  it('takes no reference that overlaps a citation already found, to the character', () => {
    const text = 'See Foo v. Bar, 1 U.S. 2 (1990). Later, Foo at 5, again. And 2 U.S.C. 3.';
    const s = text.indexOf('Foo at 5');
    const e = s + 'Foo at 5'.length;
    const { clean } = cleanTextAndFindWords(text, wordTable(MARKER_FIRST_CHARS));
    const found = (from: number, to: number) => {
      const citations = findCitations(text, { context: false }).filter((c) => c.form !== 'reference' && c.start < s);
      citations.push(blankCitation('statute', 'full', text.slice(from, to), from, to));
      return findReferences(text, clean, citations).map((c) => [c.start, c.end]);
    };
    // Overlapping by the reference's last character or its first, or holding it: none.
    expect(found(e - 1, e + 10)).toEqual([]);
    expect(found(s - 5, s + 1)).toEqual([]);
    expect(found(s - 1, e + 1)).toEqual([]);
    // Ending where it begins, or beginning where it ends: it is found.
    expect(found(s - 5, s)).toEqual([[s, e]]);
    expect(found(e, e + 10)).toEqual([[s, e]]);
  });
});
