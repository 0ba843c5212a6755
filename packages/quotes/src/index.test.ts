import { findCitations } from '@citecheck/citations';
import { checkQuotes, parseOpinionMarkup, prepareOpinion, type QuoteTarget } from './index';

describe('checkQuotes: a brief, start to end', () => {
  const opinion = prepareOpinion(
    parseOpinionMarkup('<p>Background. <page-number citation-index="1" label="650">*650</page-number>Facts. <page-number citation-index="1" label="651">*651</page-number>We hold that a plea of guilty must be knowing and voluntary. <page-number citation-index="1" label="652">*652</page-number>The record here shows neither, and we reverse.</p>'),
  );
  const text = [
    'The court held that "a plea of guilty must be knowing and voluntary." State v. Ramirez, 254 P.3d 649, 651 (N.M. 2011).',
    'It added that "the record here shows neither." Id. at 652.',
    'Another court said that "no such rule applies in this circuit." Doe v. Roe, 1 F.3d 1, 5 (1st Cir. 1993).',
    'The parties called it "the agreement of the parties dated March 3."',
  ].join(' ');
  const asked: string[] = [];
  const results = checkQuotes(text, findCitations(text), (target: QuoteTarget) => {
    asked.push(target.caseKey);
    return target.caseKey === '254 P.3d 649' ? opinion : 'no-text';
  });

  it('checks every quotation against its case, in order, and says why one is not checked', () => {
    expect(results.map((r) => [r.status, r.foundPage, r.target?.caseKey ?? null])).toEqual([
      ['verified', '651', '254 P.3d 649'],
      ['verified', '652', '254 P.3d 649'],
      ['unchecked', null, '1 F.3d 1'],
      ['unchecked', null, null],
    ]);
    expect(results[2].message).toBe('Not checked: the text of this opinion is not available.');
    expect(results[3].reason).toBe('no-citation');
    expect(asked).toEqual(['254 P.3d 649', '254 P.3d 649', '1 F.3d 1']);
  });
});
