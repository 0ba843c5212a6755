import { makeCitation } from '../testing/fixtures';
import { checkPlausibility } from './plausibility';

const NOW = new Date('2025-06-01T00:00:00Z');

describe('checkPlausibility', () => {
  const table: [string, Parameters<typeof makeCitation>[0], string[]][] = [
    ['a real Supreme Court citation', { volume: 550, reporter: 'U.S.', page: '544', year: 2007, court: 'scotus' }, []],
    ['an unknown reporter', { volume: 12, reporter: 'Fake Rptr.', page: '3', year: 2001 }, ['unknown-reporter']],
    ['F.4th before 2021', { volume: 12, reporter: 'F.4th', page: '3', year: 2015, court: 'ca5' }, ['year-before-edition']],
    ['a December 2020 decision published in F.4th (the year after)', { volume: 1, reporter: 'F.4th', page: '3', year: 2020, court: 'ca5' }, []],
    ['F.3d after it ended', { volume: 12, reporter: 'F.3d', page: '3', year: 2023, court: 'ca5' }, ['year-after-edition']],
    ['a future year', { volume: 88, reporter: 'F.4th', page: '1012', year: 2031, court: 'ca2' }, ['future-year']],
    ['a future Westlaw year', { volume: 2031, reporter: 'WL', page: '123456' }, ['future-year']],
    ['a district court in F.3d', { volume: 150, reporter: 'F.3d', page: '100', year: 1998, court: 'nysd' }, ['court-mismatch']],
    ['a circuit court in F. Supp. 3d', { volume: 45, reporter: 'F. Supp. 3d', page: '210', year: 2015, court: 'ca2' }, ['court-mismatch']],
    ['a district court in B.R. (bankruptcy appeals are reported there)', { volume: 500, reporter: 'B.R.', page: '1', year: 2013, court: 'nysd' }, []],
    ['a state court id we do not classify', { volume: 150, reporter: 'F.3d', page: '100', year: 1998, court: 'texapp' }, []],
    ['a volume beyond the last of a closed series', { volume: 1200, reporter: 'F.2d', page: '12', year: 1990, court: 'ca9' }, ['volume-too-high']],
    // A series still being published outgrows any snapshot of its last volume: no verdict from it.
    ['a volume beyond the catalogue snapshot of a series still published', { volume: 980, reporter: 'U.S.', page: '12', year: 2024, court: 'scotus' }, []],
  ];
  it.each(table)('%s', (_, fields, codes) => {
    expect(checkPlausibility(makeCitation(fields), NOW).map((p) => p.code)).toEqual(codes);
  });

  it('says exactly why', () => {
    const [p] = checkPlausibility(makeCitation({ volume: 512, reporter: 'F.4th', page: '233', year: 2015, court: 'ca5' }), NOW);
    expect(p.message).toBe('F.4th began in 2021: it cannot report a 2015 decision');
  });
});
