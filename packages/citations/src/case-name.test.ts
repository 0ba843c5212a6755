import { describe, expect, it } from '@jest/globals';
import { AnchorIndex, findCaseNameBefore } from './case-name';
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

describe('the parties of a name', () => {
  // The walk notes which words are plain (no stop word, `;` or white space but the space) so
  // that most parties are taken as written without being read again; these are the words at
  // the edges of that: each party must still come out as the stop-word regexes read it.
  it.each([
    // Words that begin as stop words do (`see`, `citing`, `aff'd`) without being one.
    ['Seeds Co. v. Citibank Affco, 1 U.S. 1.', 'Seeds Co. v. Citibank Affco', 'Seeds Co.', 'Citibank Affco'],
    ['Seem Vale v. Dealer, 1 U.S. 1.', 'Seem Vale v. Dealer', 'Seem Vale', 'Dealer'],
    // A word of an `e`, any character and a `g` is eyecite's `e.g.`.
    ['Eagle v. Egg Co., 1 U.S. 1.', 'Co.', null, 'Co.'],
    // A stop word behind more punctuation than the walk reads as one (over 12 characters).
    ['Bar v. Smith ((((((((((see Jones, 1 U.S. 1.', 'Jones', null, 'Jones'],
    ['Bar v. Smith **********see Jones, 1 U.S. 1.', 'Bar v. Smith Jones', 'Bar', 'Smith Jones'],
    // Runs of white space other than a single space are squeezed; a `;` ends the plaintiff.
    ['Smith  Corp. v. Jones\tState, 1 U.S. 1.', 'Smith Corp. v. Jones State', 'Smith Corp.', 'Jones State'],
    ['Smith; Doe v. Jones, 1 U.S. 1.', 'Doe v. Jones', 'Doe', 'Jones'],
  ])('are read from %j as the regexes read them', (text, caseName, plaintiff, defendant) => {
    const [cite] = findCitations(text);
    expect([cite.caseName, cite.plaintiff, cite.defendant]).toEqual([caseName, plaintiff, defendant]);
  });
});

describe("a name's parties", () => {
  // The name before `1 U.S. 1`, read as a case citation's (not a short form's).
  function parties(name: string): [string, string | null, string | null] | null {
    const text = `See ${name} 1 U.S. 1`;
    const start = text.indexOf('1 U.S. 1');
    const found = findCaseNameBefore(text, start, AnchorIndex.of([{ start, end: start + 8, kind: 'case' }]), false);
    return found && [found.caseName, found.plaintiff, found.defendant];
  }

  it("are split at the walk's `v.` when only plain words and single spaces stand before it", () => {
    expect(parties('Bell Atlantic Corp. v. Twombly,')).toEqual(['Bell Atlantic Corp. v. Twombly', 'Bell Atlantic Corp.', 'Twombly']);
    expect(parties('Smith v Jones,')).toEqual(['Smith v. Jones', 'Smith', 'Jones']);
    expect(parties('Smith v. Jones v. Brown,')).toEqual(['Jones v. Brown', 'Jones', 'Brown']);
  });

  it('are split at the first `v` between white space, even one the walk read inside a word', () => {
    // A tab or an em space is no item boundary: `Smith\tv` is one word to the walk, which
    // passes over it, and the parties are still split there, as eyecite's pattern splits them.
    expect(parties('Smith\tv Jones v. Brown,')).toEqual(['Smith v. Jones Brown', 'Smith', 'Jones Brown']);
    expect(parties('Smith\u2003v Jones v. Brown,')).toEqual(['Smith v. Jones Brown', 'Smith', 'Jones Brown']);
    expect(parties('Smith v\tJones v. Brown,')).toEqual(['Brown', null, 'Brown']);
    expect(parties('Smith  v Jones v. Brown,')).toEqual(['Jones v. Brown', 'Jones', 'Brown']);
  });

  it('are split at a `v.` or `v` alone, not at another word that begins with a `v`', () => {
    expect(parties('Smith V Jones,')).toEqual(['Smith v. Jones', 'Smith', 'Jones']);
    expect(parties('Smith (v) Jones,')).toEqual(['Jones', null, 'Jones']);
    expect(parties('Smith v, Jones,')).toEqual(['Smith Jones', null, 'Smith Jones']);
    expect(parties('Smith vs. Jones,')).toEqual(['Jones', null, 'Jones']);
    expect(parties('Smith vv. Jones,')).toEqual(['Jones', null, 'Jones']);
    expect(parties('Smith v.. Jones,')).toEqual(['Smith Jones', null, 'Smith Jones']);
    expect(parties('Smith v.Jones,')).toBeNull();
    expect(parties('Smith v.J Jones,')).toEqual(['Jones', null, 'Jones']);
    // A word `v.J` is a lowercase word, not the stop word `v`: the name then begins at its
    // first capitalised word.
    expect(parties('Smith v.J the Jones,')).toEqual(['Jones', null, 'Jones']);
  });

  it('are split at a capital `V.` only when the name has no lowercase one', () => {
    expect(parties('SMITH V. JONES,')).toEqual(['SMITH v. JONES', 'SMITH', 'JONES']);
    expect(parties('Smith V. Jones v. Brown,')).toEqual(['Smith V. Jones v. Brown', 'Smith V. Jones', 'Brown']);
  });
});
