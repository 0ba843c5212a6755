import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { generateCorpus, rng } from '../test/corpus/generate';
import { cleanTextAndFindWords, wordTable } from './clean';
import { MARKER_FIRST_CHARS, markerPositions } from './references';

/** Text made of the pieces reference markers are made of, in random order. */
function pieces(seed: number, count: number): string {
  const parts = [' ', ' ', '  ', '   ', '    ', 'at', 'a', 't', 'p', 'pp', 'ppp', '.', 'p.', 'pp.', '¶', '¶¶', '¶¶¶', '*', '**', '1', '23', 'x', 'Foo', ',', '\n', 'ata'];
  const next = rng(seed);
  let text = '';
  for (let i = 0; i < count; i++) text += parts[Math.floor(next() * parts.length)];
  return text;
}

describe('markerPositions', () => {
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
      for (const from of [0, 7]) {
        expect([raw.slice(0, 40), from, markerPositions(clean, from, words)]).toEqual([raw.slice(0, 40), from, markerPositions(clean, from)]);
      }
    }
  });
});
