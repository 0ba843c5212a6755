import { makeCitation } from '../testing/fixtures';
import { checkPlausibility } from './plausibility';

const NOW = new Date('2025-06-01T00:00:00Z');
type Fields = Parameters<typeof makeCitation>[0];
const codes = (fields: Fields, now = NOW) => checkPlausibility(makeCitation(fields), now).map((p) => p.code);

describe('checkPlausibility', () => {
  const table: [string, Fields, string[]][] = [
    ['a real Supreme Court citation', { volume: 550, reporter: 'U.S.', page: '544', year: 2007, court: 'scotus' }, []],
    // Not in our catalogue is not "not a reporter": Commonwealth v. Hunt, 45 Mass. 111 (1842).
    ['a reporter the catalogue lacks', { volume: 45, reporter: 'Mass.', page: '111', year: 1842 }, []],
    ['F.4th before 2021', { volume: 12, reporter: 'F.4th', page: '3', year: 2015, court: 'ca5' }, ['year-before-edition']],
    // Gonzalez v. Google LLC, 2 F.4th 871 (9th Cir. 2021): F.4th's first year.
    ['F.4th in its first year', { volume: 2, reporter: 'F.4th', page: '871', year: 2021, court: 'ca9' }, []],
    ['a December 2020 decision published in F.4th (the year after)', { volume: 1, reporter: 'F.4th', page: '3', year: 2020, court: 'ca5' }, []],
    // Kennedy v. Bremerton School District, 991 F.3d 1004 (9th Cir. 2021): F.3d's last year.
    ['F.3d in its last year', { volume: 991, reporter: 'F.3d', page: '1004', year: 2021, court: 'ca9' }, []],
    ['F.3d after it ended', { volume: 12, reporter: 'F.3d', page: '3', year: 2023, court: 'ca5' }, ['year-after-edition']],
    // BellSouth Advertising & Publishing Corp. v. Donnelley Information Publishing, Inc., 999 F.2d 1436 (11th Cir. 1993) (en banc): F.2d's last volume and year.
    ['F.2d at its last volume and year', { volume: 999, reporter: 'F.2d', page: '1436', year: 1993, court: 'ca11' }, []],
    ['a volume beyond the last of a closed series', { volume: 1200, reporter: 'F.2d', page: '12', year: 1990, court: 'ca9' }, ['volume-too-high']],
    // A series still being published outgrows any snapshot of its last volume: no verdict from it.
    ['a volume beyond the catalogue snapshot of a series still published', { volume: 980, reporter: 'U.S.', page: '12', year: 2024, court: 'scotus' }, []],
    // Respublica v. De Longchamps, 1 U.S. (1 Dall.) 111 (Pa. O. & T. 1784): U.S. Reports reach back before 1790.
    ['a Pennsylvania decision of 1784 in 1 U.S.', { volume: 1, reporter: 'U.S.', page: '111', year: 1784 }, []],
    ['a future year', { volume: 88, reporter: 'F.4th', page: '1012', year: 2031, court: 'ca2' }, ['future-year']],
    ['a future Westlaw year', { volume: 2031, reporter: 'WL', page: '123456' }, ['future-volume']],
    // Westlaw numbers older decisions: Mastics v. McGrew, 1979 WL 210543 (Ohio Ct. App. Dec. 6, 1979).
    ['a 1979 Westlaw number', { volume: 1979, reporter: 'WL', page: '210543', year: 1979, court: 'ohioctapp' }, []],
    ['a 1981 Westlaw number', { volume: 1981, reporter: 'WL', page: '137971', year: 1981 }, []],
    // Marbury v. Madison is also 1803 U.S. LEXIS 352.
    ['an 1803 Lexis number', { volume: 1803, reporter: 'U.S. LEXIS', page: '352', year: 1803, court: 'scotus' }, []],
    ['an Illinois public-domain citation from before the rule took effect', { volume: 2010, reporter: 'IL App', page: '100123', year: 2010 }, []],
    ['a district court in F.3d', { volume: 150, reporter: 'F.3d', page: '100', year: 1998, court: 'nysd' }, ['court-mismatch']],
    // The T.J. Hooper, 53 F.2d 107 (S.D.N.Y. 1931): district courts were reported in F.2d before F. Supp. began.
    ['a 1931 district court decision in F.2d', { volume: 53, reporter: 'F.2d', page: '107', year: 1931, court: 'nysd' }, []],
    ['a 1950 district court decision in F.2d', { volume: 180, reporter: 'F.2d', page: '10', year: 1950, court: 'nysd' }, ['court-mismatch']],
    // Mata v. Avianca, Inc., 678 F. Supp. 3d 443 (S.D.N.Y. 2023).
    ['a district court in F. Supp. 3d', { volume: 678, reporter: 'F. Supp. 3d', page: '443', year: 2023, court: 'nysd' }, []],
    ['a circuit court in F. Supp. 3d', { volume: 45, reporter: 'F. Supp. 3d', page: '210', year: 2015, court: 'ca2' }, ['court-mismatch']],
    ['a district court in B.R. (bankruptcy appeals are reported there)', { volume: 500, reporter: 'B.R.', page: '1', year: 2013, court: 'nysd' }, []],
    ['a state court id we do not classify', { volume: 150, reporter: 'F.3d', page: '100', year: 1998, court: 'texapp' }, []],
  ];
  it.each(table)('%s', (_, fields, expected) => {
    expect(codes(fields)).toEqual(expected);
  });

  it('judges a year-numbered citation against the day it is checked', () => {
    // Mata v. Avianca, Inc., 2023 WL 4114965 (S.D.N.Y. June 22, 2023), checked the next day and a year before.
    const mata: Fields = { volume: 2023, reporter: 'WL', page: '4114965', year: 2023, court: 'nysd' };
    expect(codes(mata, new Date('2023-06-23T00:00:00Z'))).toEqual([]);
    expect(codes(mata, new Date('2022-06-23T00:00:00Z'))).toEqual(['future-year', 'future-volume']);
  });

  it('says exactly why, naming courts rather than ids', () => {
    const [p] = checkPlausibility(makeCitation({ volume: 512, reporter: 'F.4th', page: '233', year: 2015, court: 'ca5' }), NOW);
    expect(p.message).toBe('F.4th began in 2021: it cannot report a 2015 decision');
    const [court] = checkPlausibility(makeCitation({ volume: 150, reporter: 'F.3d', page: '100', year: 1998, court: 'nysd' }), NOW);
    expect(court.message).toBe('Federal Reporter (F.3d) does not report decisions of a federal district court (the Southern District of New York)');
  });

  it('marks as certain only an address that cannot exist', () => {
    const certain = (fields: Fields) => checkPlausibility(makeCitation(fields), NOW).map((p) => p.certain);
    expect(certain({ volume: 1200, reporter: 'F.2d', page: '12', year: 1990, court: 'ca9' })).toEqual([true]);
    expect(certain({ volume: 2031, reporter: 'WL', page: '123456' })).toEqual([true]);
    expect(certain({ volume: 88, reporter: 'F.4th', page: '1012', year: 2031, court: 'ca2' })).toEqual([false]);
    expect(certain({ volume: 12, reporter: 'F.4th', page: '3', year: 2015, court: 'ca5' })).toEqual([false]);
    expect(certain({ volume: 150, reporter: 'F.3d', page: '100', year: 1998, court: 'nysd' })).toEqual([false]);
  });
});
