import { describe, expect, it } from '@jest/globals';
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
