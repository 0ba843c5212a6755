import { findCitations } from '@citecheck/citations';
import { findQuotes } from './brief';
import { quoteTarget } from './target';

function targetOf(text: string) {
  const cites = findCitations(text);
  const quote = findQuotes(text, cites)[0];
  const t = quoteTarget(quote, cites);
  return 'reason' in t ? t.reason : `${t.caseKey}: ${t.cites.map((c) => `${c.normalized}@${c.pin}`).join(', ')}`;
}

describe('quoteTarget: the case and the pins a quotation is checked against', () => {
  it.each([
    ['a full citation', '"A plea must be knowing and voluntary." Smith v. Jones, 550 U.S. 544, 556 (2007).', '550 U.S. 544: 550 U.S. 544@556'],
    [
      'a parallel group: each reporter with its own pin',
      '"A plea must be knowing and voluntary." State v. Dyous, 153 Conn. App. 266, 268, 100 A.3d 1004, 1006 (2014).',
      '153 Conn. App. 266: 153 Conn. App. 266@268, 100 A.3d 1004@1006',
    ],
    [
      'Id. after a parallel group: the pin applies where it can be a page',
      'State v. Dyous, 153 Conn. App. 266, 100 A.3d 1004 (2014). The court said "a plea must be knowing and voluntary." Id. at 1006.',
      '153 Conn. App. 266: 153 Conn. App. 266@null, 100 A.3d 1004@1006',
    ],
    [
      'a short form in one reporter of the group',
      'State v. Dyous, 153 Conn. App. 266, 100 A.3d 1004 (2014). The court said "a plea must be knowing and voluntary." Dyous, 153 Conn. App. at 270.',
      '153 Conn. App. 266: 153 Conn. App. 266@270, 100 A.3d 1004@null',
    ],
    [
      'Id. without a pin repeats the pin before it',
      'Smith v. Jones, 550 U.S. 544, 556 (2007). It said "a plea must be knowing and voluntary." Id.',
      '550 U.S. 544: 550 U.S. 544@556',
    ],
    ['an Id. with nothing before it', '"A plea must be knowing and voluntary." Id. at 556.', 'unresolved-citation'],
    ['a blank page', '"A plea must be knowing and voluntary." Smith v. Jones, 600 U.S. ___, ___ (2023).', 'unresolved-citation'],
    ['no citation', '"A plea must be knowing and voluntary," we think.', 'no-citation'],
  ])('%s', (_name, text, expected) => {
    expect(targetOf(text)).toBe(expected);
  });
});
