import { describe, expect, it } from '@jest/globals';
import { courtKey } from './court-key';
import { parseRecords } from './generated-data';
import { courtCitations, courts } from './generated/courts';
import { courtId, courtName } from './index';

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
    const records = parseRecords<{ id: string; citationString: string }>(courts);
    const firstOfKey = new Map<string, string>();
    for (const c of records) {
      const key = courtKey(c.citationString);
      if (key && !firstOfKey.has(key)) firstOfKey.set(key, c.id);
    }
    expect(firstOfKey.size).toBeGreaterThan(1000);
    for (const c of records) {
      if (!courtKey(c.citationString)) continue;
      expect([c.citationString, courtId(c.citationString)]).toEqual([c.citationString, firstOfKey.get(courtKey(c.citationString))]);
    }
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
