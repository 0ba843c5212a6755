/**
 * Citations of today's reporters and of the forms the engine reads since reporters-db and
 * courts-db are current (issue 26), and the names read right (a middle initial `V.`, `ex rel.`,
 * `In re`, companies' suffixes): tables of (text, expected fields), and the catalogue facts the
 * verifier's checks read for the new editions.
 */
import { describe, expect, it } from '@jest/globals';
import { findReporter } from './catalogue';
import { findCitations } from './index';
import type { Citation } from './types';

const fields = (c: Citation | undefined, keys: (keyof Citation)[]) => (c ? Object.fromEntries(keys.map((k) => [k, c[k]])) : null);

describe('editions of current reporters-db', () => {
  it.each([
    ['Smith v. Jones, 5 N.W.3d 123 (Minn. 2024).', { normalized: '5 N.W.3d 123', reporter: 'N.W.3d', volume: 5, page: '123', year: 2024, court: 'minn', caseName: 'Smith v. Jones' }],
    ['State v. Doe, 1 Wash. 3d 45, 50 (2023).', { normalized: '1 Wash. 3d 45', reporter: 'Wash. 3d', pinCite: '50', year: 2023, court: 'wash' }],
    ['Quinn v. State, 1 Wn.3d 453 (2023).', { normalized: '1 Wash. 3d 453', reporter: 'Wash. 3d', court: 'wash' }],
    ['In re Dependency of G.J.A., 20 Wash. App. 2d 100 (2021).', { normalized: '20 Wash. App. 2d 100', reporter: 'Wash. App. 2d', court: 'washctapp', caseName: 'In re Dependency of G.J.A.' }],
    ['Erickson v. Pharmacia, LLC, 31 Wn. App. 2d 100, 110-11 (2024).', { normalized: '31 Wash. App. 2d 100', pinCite: '110-11', caseName: 'Erickson v. Pharmacia, LLC' }],
  ])('%p', (text, expected) => {
    expect(findCitations(text)[0]).toMatchObject({ type: 'case', form: 'full', ...expected });
  });

  it('gives the verifier the new editions\' years and the closed series\' last volumes', () => {
    // An N.W.3d decision before 2023 is implausible; N.W.2d has no volume past 999, nor any 2024 decision.
    expect(findReporter('N.W.3d')).toMatchObject({ canonical: 'N.W.3d', start: 2024, end: null, yearsChecked: true, maxVolume: null });
    expect(findReporter('N.W.2d')).toMatchObject({ canonical: 'N.W.2d', end: 2023, maxVolume: 999, yearsChecked: true });
    expect(findReporter('N.W.2d')?.editions.map((e) => e.canonical)).toEqual(['N.W.', 'N.W.2d', 'N.W.3d']);
    expect(findReporter('Wn.2d')).toMatchObject({ canonical: 'Wash. 2d', end: 2023, maxVolume: 200 });
    expect(findReporter('Wash. App.')).toMatchObject({ end: 2017, maxVolume: 200 });
    expect(findReporter('Wash. App. 2d')).toMatchObject({ start: 2017, end: null, courts: ['washctapp'] });
  });
});

describe('forms of reporters-db read from the citation itself', () => {
  it.each([
    // Public-domain citations: the year is the volume, the court the series'.
    ['2007-NMCERT-008', { normalized: '2007-NMCERT-008', year: 2007, court: 'nm', volume: 2007, page: '008' }],
    ['2006-Ohio-2095', { normalized: '2006-Ohio-2095', year: 2006, court: null }],
    ['2017 IL App (4th) 160407', { normalized: '2017 IL App (4th) 160407', year: 2017, court: 'illappct', page: '160407' }],
    // Louisiana's form: docket year and number, the court and date of decision in parentheses.
    ['blah blah, 2009 12345 (La.App. 1 Cir. 05/10/10). blah', { normalized: '2009-12345 (La.App. 1 Cir. 05/10/10)', reporter: 'La.App. 1 Cir.', volume: 2009, page: '12345', year: 2010, court: 'lactapp' }],
    ['Our Lady of the Lake Hosp. v. Vanner, 95-0754, p. 3 (La.App. 1 Cir. 12/15/95), 669 So.2d 463', { reporter: 'La.App. 1 Cir.', page: '0754', pinCite: '3', year: 1995, caseName: 'Our Lady of the Lake Hosp. v. Vanner' }],
    // CCH services: a volume with a suffix, or none; the paragraph is the page.
    ['1982-1 Trade Cas. (CCH) ¶ 64,689', { normalized: '1982-1 Trade Cas. (CCH) 64,689', reporter: 'Trade Cas. (CCH)', volume: null, page: '64,689' }],
    ['See Foo v. Bar, 123 Trade Cas. (CCH) 456 (1990).', { normalized: '123 Trade Cas. (CCH) 456', volume: 123 }],
    ['Fed. Sec. L. Rep. (CCH) ¶ 94,123', { reporter: 'Fed. Sec. L. Rep. (CCH)', page: '94,123' }],
    // A nominative reporter read without its volume where its form allows (an abbreviation).
    ["Miller's Notebook, 179", { reporter: "Miller's Notebook", page: '179' }],
    ['See Smith v. Jones, 1 Dallam, 456 (1841).', { reporter: 'Dallam', volume: 1, page: '456' }],
    // New York's official style: the citation and its year in brackets, inside parentheses.
    ['Rogers v Rogers (63 NY2d 582 [1984])', { normalized: '63 N.Y.2d 582', year: 1984, court: 'ny', plaintiff: 'Rogers', defendant: 'Rogers' }],
  ])('%p', (text, expected) => {
    expect(findCitations(text)[0]).toMatchObject({ type: 'case', form: 'full', ...expected });
  });

  it('reads a plain word without its volume as no reporter: `Holmes, 272` is prose as often', () => {
    expect(findCitations('As Justice Holmes, 1919, wrote').filter((c) => c.type === 'case')).toEqual([]);
    expect(findCitations('See Foo v. Bar, Taney, 400.')).toEqual([]);
  });

  it('reads a variant spelling as the edition it names in the year cited', () => {
    // `Lans.` abbreviates Lansing's Reports (1869-73) and spells Lansing's Chancery (1824-26).
    expect(findCitations('See Foo v. Bar, 123 Lans. 456 (1825).')[0]).toMatchObject({ reporter: 'Lans. Ch.', normalized: '123 Lans. Ch. 456' });
    expect(findCitations('See Foo v. Bar, 123 Lans. 456 (1870).')[0]).toMatchObject({ reporter: 'Lans.' });
  });

  it('keeps a spelling that still names two reporters, unless asked to drop it (eyecite\'s remove_ambiguous)', () => {
    // `Johnson`: Johnson's Reports (N.Y.) and three other series in 1806.
    expect(findCitations('1 Johnson 1 (1806)').map((c) => c.normalized)).toHaveLength(1);
    expect(findCitations('1 Johnson 1 (1806)', { removeAmbiguous: true })).toEqual([]);
    expect(findCitations('1 Johnson 1 (1890)', { removeAmbiguous: true })[0]).toMatchObject({ reporter: 'N.M. (J.)' });
  });

  it('reads the two-page form of the early Supreme Court reports as the U.S. citation', () => {
    expect(findCitations('1 Cranch 1 1 U.S. 23').map((c) => c.normalized)).toEqual(['1 U.S. 23']);
    expect(findCitations('Marbury v. Madison, 1 Cranch 137 5 U.S. 137 (1803)').map((c) => fields(c, ['normalized', 'caseName', 'year']))).toEqual([
      { normalized: '5 U.S. 137', caseName: 'Marbury v. Madison', year: 1803 },
    ]);
    // With a comma they are two parallel citations, as before.
    expect(findCitations('Marbury v. Madison, 5 U.S. (1 Cranch) 137 (1803)').map((c) => c.normalized)).toEqual(['5 U.S. 137']);
  });
});

describe('blank volumes and pages: citations checked by their name', () => {
  it('lists `— U.S. —` with its parallels, and `___ U.S. ___` alone', () => {
    const hurst = findCitations('Hurst v. Florida, — U.S. —, 136 S.Ct. 616, 193 L.Ed.2d 504 (2016)');
    expect(hurst.map((c) => fields(c, ['normalized', 'volume', 'page', 'reporter', 'caseName', 'year', 'court']))).toEqual([
      { normalized: '___ U.S. ___', volume: null, page: '___', reporter: 'U.S.', caseName: 'Hurst v. Florida', year: 2016, court: 'scotus' },
      { normalized: '136 S. Ct. 616', volume: 136, page: '616', reporter: 'S. Ct.', caseName: 'Hurst v. Florida', year: 2016, court: 'scotus' },
      { normalized: '193 L. Ed. 2d 504', volume: 193, page: '504', reporter: 'L. Ed. 2d', caseName: 'Hurst v. Florida', year: 2016, court: 'scotus' },
    ]);
    expect(hurst[1].parallels).toEqual(['___ U.S. ___', '193 L. Ed. 2d 504']);
    expect(findCitations('Foo v. Bar, ___ U.S. ___ (2024).')[0]).toMatchObject({ normalized: '___ U.S. ___', caseName: 'Foo v. Bar', year: 2024, page: '___', volume: null });
    expect(findCitations('Houston Cmty. Coll. Sys. v. Wilson, ---- U.S. ----, 142 S. Ct. 1253 (2022)').map((c) => c.normalized)).toEqual(['___ U.S. ___', '142 S. Ct. 1253']);
  });

  it('never takes two blank citations for one case, nor an Id. for a blank one', () => {
    const cites = findCitations('Foo v. Bar, ___ U.S. ___ (2024). Baz v. Qux, ___ U.S. ___ (2024). Id. at 5.');
    expect(cites.map((c) => fields(c, ['form', 'caseName', 'antecedent']))).toEqual([
      { form: 'full', caseName: 'Foo v. Bar', antecedent: null },
      { form: 'full', caseName: 'Baz v. Qux', antecedent: null },
      { form: 'id', caseName: null, antecedent: null },
    ]);
  });

  it('reads no blank citation in prose dashes', () => {
    expect(findCitations('the U.S. - Mexico border')).toEqual([]);
    expect(findCitations('a well-known U.S. -- case')).toEqual([]);
    expect(findCitations('Section 5 - U.S. - law')).toEqual([]);
  });
});

describe('names read right', () => {
  const table: [string, Partial<Citation>][] = [
    // A middle initial `V.` is no `v.`, first or second in a string cite (issue 25).
    ['Rollin v. William V. Frankel & Co., 996 P.2d 1254 (Wash. 2000).', { plaintiff: 'Rollin', defendant: 'William V. Frankel & Co.', caseName: 'Rollin v. William V. Frankel & Co.' }],
    ['See Smith v. Jones, 1 F.3d 1 (1st Cir. 1993); Rollin v. William V. Frankel & Co., 996 P.2d 1254 (Wash. 2000).', { plaintiff: 'Rollin', defendant: 'William V. Frankel & Co.' }],
    ['Frank V. Smith v. Jones, 1 F.3d 1 (1st Cir. 1993).', { plaintiff: 'Frank V. Smith', defendant: 'Jones' }],
    // A name in capitals keeps its capital `V.` as the versus.
    ['SMITH V. JONES, 1 F.3d 1 (1st Cir. 1993).', { plaintiff: 'SMITH', defendant: 'JONES' }],
    // `ex rel.` on either side.
    ['United States ex rel. Russo v. New Jersey, 351 F.2d 429 (3d Cir. 1965).', { plaintiff: 'United States ex rel. Russo', defendant: 'New Jersey' }],
    ['Lynch v. State ex rel. Killebrew, 179 Tenn. 339 (1942).', { plaintiff: 'Lynch', defendant: 'State ex rel. Killebrew' }],
    // `In re` and `Ex parte`: the name keeps its prefix, the party does not.
    ['See In re Carroll’s Estate, 59 Mont. 403, 413 (1921).', { caseName: "In re Carroll's Estate", defendant: "Carroll's Estate" }],
    ['Ex parte Young, 209 U.S. 123 (1908).', { caseName: 'Ex parte Young', defendant: 'Young' }],
    ['In re Dixon, 41 Cal.2d 756 (1953).', { caseName: 'In re Dixon', plaintiff: null, defendant: 'Dixon' }],
    // Companies' suffixes stay with their names; an abbreviation before one is no sentence end.
    ['See Loup-Miller Const. Co. v. City and County of Denver, 676 P.2d 1170 (Colo. 1984).', { plaintiff: 'Loup-Miller Const. Co.', defendant: 'City and County of Denver' }],
    ['Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007).', { plaintiff: 'Bell Atlantic Corp.', defendant: 'Twombly' }],
    ['Daubert v. Merrell Dow Pharms., Inc., 509 U.S. 579 (1993).', { plaintiff: 'Daubert', defendant: 'Merrell Dow Pharms., Inc.' }],
    ['Erickson v. Pharmacia, LLC, 31 Wn. App. 2d 100 (2024).', { plaintiff: 'Erickson', defendant: 'Pharmacia, LLC' }],
    ['Flying T Ranch, Inc. v. Stillaguamish Tribe of Indians, 31 Wn. App. 2d 343, 359-62 (2024).', { plaintiff: 'Flying T Ranch, Inc.', defendant: 'Stillaguamish Tribe of Indians' }],
    ['Foo Stats. Amick v. Jones, 1 F.3d 1 (1990).', { plaintiff: 'Amick', defendant: 'Jones' }],
    // A court and year written before the citation, California's way.
    ['Grant v. Esquire, Inc. (S.D.N.Y. 1973) 367 F.Supp. 876, 879.', { plaintiff: 'Grant', defendant: 'Esquire, Inc.', year: 1973, court: 'nysd', pinCite: '879' }],
  ];
  it.each(table)('%p', (text, expected) => {
    const cites = findCitations(text).filter((c) => c.form === 'full');
    expect(cites[cites.length - 1]).toMatchObject(expected);
  });
});

describe('supra', () => {
  it('is a citation when it begins the text, and prose after other words', () => {
    expect(findCitations('supra.').map((c) => fields(c, ['form', 'normalized', 'caseName']))).toEqual([{ form: 'supra', normalized: 'supra', caseName: null }]);
    expect(findCitations('as discussed supra, the claim fails')).toEqual([]);
  });
});
