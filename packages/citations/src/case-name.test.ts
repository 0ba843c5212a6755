import { describe, expect, it } from '@jest/globals';
import { AnchorIndex } from './case-name';
import { findCitations } from './index';

describe('the anchors before a name', () => {
  // Anchors of one to three characters with gaps between them, as the tokenizer hands them on.
  function anchors(count: number): { start: number; end: number; kind: string }[] {
    let seed = 17;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const out: { start: number; end: number; kind: string }[] = [];
    for (let k = 0, p = 3; k < count; k++) {
      const start = p + Math.floor(next() * 40);
      const end = start + 1 + Math.floor(next() * 3);
      out.push({ start, end, kind: 'case' });
      p = end;
    }
    return out;
  }
  const bySearch = (list: { end: number }[], p: number) => list.findLastIndex((a) => a.end <= p);

  it('are found by where they end, whatever the order of the questions', () => {
    const list = anchors(500);
    const index = AnchorIndex.of(list);
    const last = list[list.length - 1].end + 5;
    const ascending = Array.from({ length: last }, (_, p) => p);
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    // In order (as find.ts asks), backwards, in jumps of every size, and at random.
    const questions = [...ascending, ...[...ascending].reverse(), ...ascending.filter((p) => p % 97 === 0), ...Array.from({ length: 3000 }, () => Math.floor(next() * last)), -1, 0];
    const differ = questions.filter((p) => index.lastEndingBy(p) !== bySearch(list, p));
    expect(differ).toEqual([]);
  });

  it('are found while anchors are still being added', () => {
    const list = anchors(300);
    const index = new AnchorIndex();
    const differ: number[] = [];
    for (let k = 0; k < list.length; k++) {
      index.add(list[k]);
      for (const p of [list[k].start, list[k].end, list[Math.max(0, k - 8)].start, list[k].end + 100]) if (index.lastEndingBy(p) !== bySearch(list.slice(0, k + 1), p)) differ.push(p);
    }
    expect(differ).toEqual([]);
  });
});

describe('a name read back from a citation', () => {
  // Twenty capitalised words and no `v.`: the walk stops at its 28th item without a name.
  const words = Array.from({ length: 20 }, (_, i) => `Word${String.fromCharCode(65 + i)}`).join(' ');

  it('is not the court parenthetical read before the citation when there is none', () => {
    const [cite] = findCitations(`${words} (S.D.N.Y. 1973) 367 F. Supp. 876.`);
    expect([cite.caseName, cite.plaintiff, cite.defendant, cite.fullStart]).toEqual([null, null, null, cite.start]);
  });

  it('is read past a court parenthetical that stands before the citation', () => {
    const [cite] = findCitations(`See Grant v. Esquire, Inc. (S.D.N.Y. 1973) 367 F. Supp. 876.`);
    expect([cite.caseName, cite.plaintiff, cite.defendant, cite.year, cite.court]).toEqual(['Grant v. Esquire, Inc.', 'Grant', 'Esquire, Inc.', 1973, 'nysd']);
  });
});
