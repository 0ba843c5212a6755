/**
 * Guards against catastrophic backtracking and crashes: adversarial megabytes, and random
 * text from a seeded generator (no dependency), must never throw or stall.
 */
import { findCitations, formatCitationsJson } from '../src';
import { rng } from './corpus/generate';

function adversarial(bytes: number): string {
  const pieces = [
    '1234567890'.repeat(50), ' v. '.repeat(200), '§ '.repeat(300), '(((((((('.repeat(40), '))))'.repeat(40),
    ' 12 U.S. at ', ' 550 U. S. ', 'Id. at Id. at ', ', supra, supra, at ', 'A. B. C. D. E. F. G. ', '123 F. F. F. F. F. 3d ',
    '2019 WL ', '42 U.S.C. §§ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 ', 'ILCS ILCS 5/5/5/ ', 'N.Y. Gen. Gen. Gen. Gen. Gen. Law ',
    '1 AAAAAAAAAAAAAAAAAAAAAAAA 2 ', 'Cal. Civ. Civ. Civ. Civ. Civ. Civ. Civ. Code ',
  ];
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const p = pieces[i % pieces.length];
    out.push(p);
    size += p.length;
  }
  return out.join('');
}

describe('robustness', () => {
  it('handles 1 MB of adversarial text quickly (guard: < 3 s)', () => {
    const text = adversarial(1_000_000);
    const t0 = performance.now();
    const found = findCitations(text);
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(3000);
    expect(Array.isArray(found)).toBe(true);
  });

  it('never throws on random text, and every citation span is inside the text', () => {
    const rand = rng(42);
    const alphabet = ['1', '2', '5', '9', ' ', ' ', '\n', '.', ',', '§', '(', ')', 'v.', 'U.S.', 'F.3d', 'Id.', 'at', 'supra', 'WL', 'LEXIS', 'C.F.R.', 'U.S.C.', 'ILCS', '/', '-', '_', 'Smith', 'Inc.', '²', '’', 'Cal.', 'Code', 'In re', 'ND', 'IL App', '(1st)'];
    for (let n = 0; n < 300; n++) {
      const len = Math.floor(rand() * 200);
      let text = '';
      for (let i = 0; i < len; i++) text += alphabet[Math.floor(rand() * alphabet.length)] + (rand() < 0.5 ? ' ' : '');
      const found = findCitations(text);
      for (const c of found) {
        expect(c.start).toBeGreaterThanOrEqual(0);
        expect(c.end).toBeLessThanOrEqual(text.length);
        expect(text.slice(c.start, c.end)).toBe(c.text);
      }
      expect(() => JSON.stringify(formatCitationsJson(found))).not.toThrow();
    }
  });

  it('returns nothing for empty or citation-free input', () => {
    expect(findCitations('')).toEqual([]);
    expect(findCitations('On May 5, 2019, Plaintiff paid $1,000,000; see section 12 of 2020.')).toEqual([]);
  });
});
