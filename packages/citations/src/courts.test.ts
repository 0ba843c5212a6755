import { describe, expect, it } from '@jest/globals';
import { courtKey } from './court-key';
import { parseRecords } from './generated-data';
import { courtCitations, courts } from './generated/courts';
import { courtId, courtName, findCitations } from './index';
import { asciiCourtKey, BLUEBOOK_OVER_COURTS_DB, parseCourtParenthetical, plainCourtBeforeYear } from './courts';

describe('courtName', () => {
  // Patterns, not exact strings: the wording may follow courts-db, the sense may not change.
  it.each([
    ['scotus', /Supreme Court of the United States/],
    ['ca2', /Court of Appeals for the Second Circuit/],
    ['ca11', /Eleventh Circuit/],
    ['cadc', /D\.C\. Circuit/],
    ['nysd', /S(outhern District of|\.D\.) New York/],
    ['mad', /District of Massachusetts|D\. Massachusetts/],
    ['nysb', /Bankruptcy/],
    ['calctapp', /California Courts? of Appeal/],
    ['cal', /California/],
  ])('%s reads %s', (id, name) => {
    expect(courtName(id)).toMatch(name);
  });

  it('names every court the parenthetical parser can produce', () => {
    for (const abbr of ['2d Cir.', 'S.D.N.Y.', 'D. Mass.', 'Bankr. S.D.N.Y.', 'Cal. Ct. App.', 'Tex. App.', 'Minn. Ct. App.', 'Fed. Cir.', 'U.S.']) {
      const id = courtId(abbr);
      expect(id).not.toBeNull();
      expect([abbr, courtName(id!)]).toEqual([abbr, expect.any(String)]);
    }
  });

  it('is null for an id it does not know, so callers can fall back to what they had', () => {
    expect(courtName('zzz')).toBeNull();
    expect(courtName('Court of Appeals for the Second Circuit')).toBeNull();
  });
});

describe('courtId on courts-db citation strings', () => {
  it('finds every court by its citation string as written, the first court (by id) of those written alike', () => {
    const records = parseRecords<{ id: string; citationString: string }>(courts());
    const firstOfKey = new Map<string, string>();
    for (const c of records) {
      const key = courtKey(c.citationString);
      if (key && !firstOfKey.has(key)) firstOfKey.set(key, c.id);
    }
    expect(firstOfKey.size).toBeGreaterThan(1000);
    for (const c of records) {
      if (!courtKey(c.citationString)) continue;
      const expected = BLUEBOOK_OVER_COURTS_DB.get(courtKey(c.citationString)) ?? firstOfKey.get(courtKey(c.citationString));
      expect([c.citationString, courtId(c.citationString)]).toEqual([c.citationString, expected]);
    }
  });

  it('reads `D.C.` as the Bluebook does, the District of Columbia Court of Appeals, not the criminal court courts-db spells so', () => {
    // Seen on a real brief: `(D.C. 2014)` was given the court id of the District of Columbia
    // Criminal Court, which sat in the 1800s.
    expect(courtId('D.C.')).toBe('dc');
    expect(parseCourtParenthetical('D.C. 2014')).toEqual({ court: 'dc', year: 2014, courtText: 'D.C.' });
    const [c] = findCitations('See In re Estate of Green, 896 A.2d 250, 253 (D.C. 2006).');
    expect([c.text, c.court, c.year]).toEqual(['896 A.2d 250', 'dc', 2006]);
    expect(courtName('dc')).toBe('District of Columbia Court of Appeals');
    // The other D.C. courts are read as before.
    expect(courtId('D.C. Cir.')).toBe('cadc');
    expect(courtId('D.D.C.')).toBe('dcd');
    expect(courtId('D.C. Ct. App.')).toBe('dc');
    expect(courtId('Bankr. D.C.')).toBe('dcb');
  });
});

describe('courtId: a court written as the start of a citation string', () => {
  it('names, as a walk through the whole table would, the last court in courts-db whose string begins with it', () => {
    const table = parseRecords<[string, string]>(courtCitations);
    const byWalk = (written: string) => {
      let found: string | null = null;
      for (const [key, id] of table) if (key.startsWith(written)) found = id;
      return found;
    };
    // Every string's beginnings (3 characters and more) that are not themselves a string or
    // a court the rules name (those are found before the table is searched by prefix).
    const whole = new Set(table.map(([key]) => key));
    let checked = 0;
    for (const [key] of table) {
      for (let n = 3; n < key.length; n++) {
        const written = key.slice(0, n);
        if (whole.has(written) || !/^[a-z]+$/.test(written)) continue;
        const id = courtId(written);
        if (id === byWalk(written)) checked++;
        else expect([written, id]).toEqual([written, byWalk(written)]);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('court parentheticals read by plain code', () => {
  // What parseCourtParenthetical did for every parenthetical but a year alone: its regexes.
  const MONTH = String.raw`(?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?`;
  const DATE = new RegExp(String.raw`,?\s*${MONTH}\s*\d{0,2},?\s*$`);
  const NOISE = /\b(?:en banc|per curiam|mem\.|table|unpublished|plurality opinion)\b/gi;
  function reference(inner: string) {
    if (inner.length > 150) return null;
    const m = /^(.{0,90}?)\b(1[6-9]\d\d|20\d\d)\b(.{0,60})$/.exec(inner.trim());
    if (!m) return null;
    if (m[3] && !/^(?:-\d{2}(?!\d))?\s*(?:[,;)\]].*)?$/.test(m[3])) return null;
    let before = m[1].replace(DATE, '').replace(NOISE, '').replace(/\s*\[[^\]]*\]/g, '');
    before = before.replace(/\s*-\s*[A-Z][\w .]*$/, '').replace(/[\s,]+$/, '').trim();
    if (/\b[a-z]{4,}\b/.test(before.replace(/\b(?:banc|curiam|dist|div|dept)\b/gi, ''))) return null;
    return { court: before ? courtId(before) : null, year: Number(m[2]), courtText: before };
  }
  const pieces = [
    'S.D.N.Y.', '2d Cir.', '11th Cir.', 'Tex.', 'N.D. Ga.', 'D.P.R.', 'Cal.', 'Ct.', 'App.', 'Mass.', 'Super.', 'Bankr.', 'Fed.', 'Cl.', 'U.S.', 'Pa.',
    'Sept.', 'Sep', 'Jan.', 'June', 'Mar', 'DeMar', 'May', 'Oct', '5,', '30,', 'en', 'banc', 'Banc', 'per', 'curiam', 'mem.', 'Mem', 'table', 'TABLE', 'Tables',
    'unpublished', 'plurality', 'opinion', 'dist', 'Dist.', 'holding', 'that', 'cert.', 'denied', '1999', '2019', '1600', '2099', '1599', '2100', '123', '12345',
    '-', '—', '[', ']', '[14th Dist.]', '(', ')', ',', ';', "'", '&', '.', 'é', 'İ', 'K', '\u00a0', '\t', '\u2028', '1993-94', 'x', 'ab', 'abcd', 'Ab', '_',
  ];
  it('as the regexes read them', () => {
    let seed = 17;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = () => pieces[Math.floor(next() * pieces.length)];
    const years = ['1999', '2019', '1600', '2099', '1599', '2100', '0000'];
    let plain = 0;
    const differ: string[][] = [];
    for (let n = 0; n < 60000; n++) {
      const words = Array.from({ length: Math.floor(next() * 5) }, pick);
      const sep = () => (next() < 0.85 ? ' ' : next() < 0.5 ? '  ' : '');
      let inner = words.reduce((s, w, k) => (k === 0 ? w : s + sep() + w), '');
      if (next() < 0.8) inner += `${sep()}${years[Math.floor(next() * years.length)]}`;
      if (next() < 0.05) inner = ` ${inner}`;
      if (next() < 0.05) inner = `${inner}${pick()}`;
      if (plainCourtBeforeYear(inner) !== null) plain++;
      const [got, want] = [JSON.stringify(parseCourtParenthetical(inner)), JSON.stringify(reference(inner))];
      if (got !== want) differ.push([inner, got, want]);
    }
    expect(differ).toEqual([]);
    // Many were plain.
    expect(plain).toBeGreaterThan(1000);
  });

  it('are keyed as the Unicode regex keys them', () => {
    let seed = 23;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differ: string[] = [];
    const chars = ['A', 'z', 'Z', 'a', '0', '9', '_', '.', ' ', "'", '&', '-', '\u00a0', 'é', 'İ', '\u2019', '\t', '/'];
    for (let n = 0; n < 30000; n++) {
      const s = Array.from({ length: Math.floor(next() * 10) }, () => chars[Math.floor(next() * chars.length)]).join('');
      const ascii = asciiCourtKey(s);
      if ((ascii ?? courtKey(s)) !== courtKey(s) || (ascii === null) !== /[^\u0000-\u007f]/.test(s)) differ.push(s);
    }
    expect(differ).toEqual([]);
  });
});
