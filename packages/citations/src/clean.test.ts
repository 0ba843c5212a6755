import { cleanText, cleanTextAndFindWords, wordTable } from './clean';
import { ANCHOR_FIRST_CHARS } from './tokenize';

/** Where `clean` has `.`, `?`, `!` or a space followed by a space, found the plain way. */
const beforeSpaceOf = (clean: string) => [...clean.matchAll(/[.?! ](?= )/g)].map((m) => m.index);

describe('cleanTextAndFindWords: the places before a space', () => {
  // Marks, spaces, the characters cleaning turns into spaces (a line break, a tab, U+00A0, a
  // hair space beyond Latin-1), letters; and, for the two-characters-a-time pass, `…`, which
  // cleaning keeps.
  const alphabet = ['a', 'Z', '.', '.', '?', '!', ' ', ' ', '\n', '\t', '\u00a0', '\u200a', '\u2019'];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

  it('lists every place of the cleaned text where a mark or a space is followed by a space, in texts of every length, read a byte or two a character', () => {
    for (const kept of ['', '\u2026']) {
      for (let length = 0; length < 40; length++) {
        for (let k = 0; k < 30; k++) {
          const raw = `${kept}${Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')}`;
          for (const table of [undefined, wordTable(ANCHOR_FIRST_CHARS)]) {
            const { clean, beforeSpace } = cleanTextAndFindWords(raw, table);
            expect(clean).toBe(cleanText(raw));
            expect([JSON.stringify(raw), [...beforeSpace.offsets.subarray(0, beforeSpace.count)]]).toEqual([JSON.stringify(raw), beforeSpaceOf(clean)]);
          }
        }
      }
    }
  });

  it('lists them in a long text, past the room first made for them', () => {
    for (const kept of ['', '\u2026']) {
      const raw = `${kept}${'Id. A. B.\nC! D? (2007).  \n\n'.repeat(3000)}.`;
      const { clean, beforeSpace } = cleanTextAndFindWords(raw);
      expect(beforeSpace.count).toBe(beforeSpaceOf(clean).length);
      expect([...beforeSpace.offsets.subarray(0, beforeSpace.count)]).toEqual(beforeSpaceOf(clean));
    }
  });
});
