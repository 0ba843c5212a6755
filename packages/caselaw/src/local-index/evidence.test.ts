/**
 * The evidence a lookup and the name search give, each rule at its edges, on an index built
 * through the importer from generated data in CourtListener's dialect: the U.S. Reports 1991-2023
 * (three volumes a year, four in 1998: 522-525), F. Supp. 3d 2014-2026 (sixty a year), and a
 * set of named cases for the name search.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgCopyCsv, type PgValue } from '../testing/fake-bulk-data';
import type { NameQuery } from '../provider';
import { importBulkData } from './import';
import { LocalCitationIndex } from './lookup';

const STAMP = '2026-10-31 02:15:00.000000+00';
let dir: string;
let index: LocalCitationIndex;

/** Volume → year of the U.S. Reports here: 501-503 for 1991 ... 522-525 for 1998 ... 598-600 for 2023. */
function usVolumes(): [number, number][] {
  const out: [number, number][] = [];
  let v = 501;
  for (let year = 1991; year <= 2023; year++) for (let k = 0; k < (year === 1998 ? 4 : 3); k++) out.push([v++, year]);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caselaw-evidence-'));
  const clusters: PgValue[][] = [];
  const citations: PgValue[][] = [];
  const dockets: PgValue[][] = [];
  let id = 1;
  const add = (name: string, court: string, date: string, cites: [number, string, string][]): void => {
    const cid = id++;
    dockets.push([cid, STAMP, STAMP, 0, court, name]);
    clusters.push([cid, STAMP, STAMP, date, '', name, cid]);
    for (const [volume, reporter, page] of cites) citations.push([citations.length + 1, volume, reporter, page, 1, cid, STAMP, STAMP]);
  };
  for (const [v, year] of usVolumes()) add(`Petitioner ${v} v. Respondent ${v}`, 'scotus', `${year}-03-01`, [[v, 'U.S.', '1']]);
  for (let v = 1; v <= 780; v++) add(`Claimant ${v} v. Agency ${v}`, 'nysd', `${2014 + Math.floor((v - 1) / 60)}-05-01`, [[v, 'F. Supp. 3d', '1']]);
  // Named cases for the name search; the courts of appeals hold a case a year, none in 2012 (a gap in the collection).
  add('Ashcroft v. Iqbal', 'scotus', '2009-05-18', []);
  add('Zenith Radio Corp. v. Hazeltine Research, Inc.', 'scotus', '1969-04-01', []);
  add('United States v. Jones', 'ca2', '2010-01-05', []);
  add('Smithfield v. Ohio', 'ohio', '2010-01-05', []);
  for (let year = 2000; year <= 2020; year++) if (year !== 2012) add(`Appellant ${year} v. Appellee ${year}`, 'ca2', `${year}-06-01`, []);
  const folder = join(dir, 'bulk');
  require('node:fs').mkdirSync(folder);
  writeFileSync(join(folder, 'courts-2026-10-31.csv'), pgCopyCsv(['id', 'citation_string', 'full_name', 'jurisdiction'], [
    ['scotus', 'SCOTUS', 'Supreme Court of the United States', 'F'],
    ['ca2', '2d Cir.', 'Court of Appeals for the Second Circuit', 'F'],
    ['nysd', 'S.D.N.Y.', 'District Court, S.D. New York', 'FD'],
    ['ohio', 'Ohio', 'Ohio Supreme Court', 'S'],
  ]));
  writeFileSync(join(folder, 'dockets-2026-10-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'source', 'court_id', 'case_name'], dockets));
  writeFileSync(join(folder, 'opinion-clusters-2026-10-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'date_filed', 'case_name_short', 'case_name', 'docket_id'], clusters));
  writeFileSync(join(folder, 'citations-2026-10-31.csv'), pgCopyCsv(['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'], citations));
  await importBulkData([folder], { indexPath: join(dir, 'i.sqlite'), authoritative: true });
  index = LocalCitationIndex.open(join(dir, 'i.sqlite'));
});

afterAll(() => {
  index?.close();
  rmSync(dir, { recursive: true, force: true });
});

const evidenceOf = (volume: number, reporter: string, year: number | null) => {
  const r = index.lookupOne({ id: 'x', volume, reporter, page: '1045', year });
  if (r.status !== 'not-found') throw new Error(`expected not-found, got ${r.status}`);
  return r.evidence ?? [];
};

describe('volume facts, derived from the data', () => {
  it('612 U.S. 1045 (1998): past the newest volume, and 1998 is in volumes 522-525', () => {
    expect(evidenceOf(612, 'U.S.', 1998)).toEqual([
      { kind: 'past-newest', text: 'the newest volume of U.S. in CourtListener bulk data of 2026-10-31 is 600 (decisions of 2023); at about 3 volumes a year, volume 612 cannot hold a decision of 1998' },
      { kind: 'volume-years', text: 'the decisions of 1998 are in volumes 522-525 of U.S. in CourtListener bulk data of 2026-10-31' },
    ]);
  });

  it('a volume of another year that exists: says which years it holds', () => {
    expect(evidenceOf(580, 'U.S.', 1998)).toEqual([{ kind: 'volume-years', text: 'the decisions of 1998 are in volumes 522-525 of U.S. in CourtListener bulk data of 2026-10-31; volume 580 holds decisions of 2017' }]);
  });

  it('955 F. Supp. 3d 441 (2025): the series had not reached it', () => {
    expect(evidenceOf(955, 'F. Supp. 3d', 2025).map((e) => e.kind)).toEqual(['past-newest', 'volume-years']);
    expect(evidenceOf(955, 'F. Supp. 3d', 2025)[0].text).toBe('the newest volume of F. Supp. 3d in CourtListener bulk data of 2026-10-31 is 780 (decisions of 2026); at about 60 volumes a year, volume 955 cannot hold a decision of 2025');
  });

  it.each([
    ['a volume within reach of a recent year (U.S. Reports are printed years late)', 603, 'U.S.', 2024],
    ['a volume of the cited year', 523, 'U.S.', 1998],
    ['a volume next to the cited year', 527, 'U.S.', 1998],
    ['no year cited', 612, 'U.S.', null],
    ['a year after the data was taken', 700, 'U.S.', 2031],
  ])('no evidence for %s', (_what, volume, reporter, year) => {
    expect(evidenceOf(volume as number, reporter as string, year as number | null)).toEqual([]);
  });
});

describe('the name search', () => {
  const q = (caseName: string, year: number | null, court: string | null, reporter = 'F.3d'): NameQuery => ({ id: 'q', caseName, year, court, reporter, volume: 1, page: '1' });

  it.each([
    ['as named', 'Ashcroft v. Iqbal'],
    ['an OCR misreading', 'Ashcroft v. Igbal'],
    ['Bluebook abbreviations', 'Zenith Radio Corp. v. Hazeltine Research, Inc.'],
    ['abbreviated further', 'Zenith Radio Corp. v. Hazeltine Rsch., Inc.'],
    ['the parties swapped', 'Iqbal v. Ashcroft'],
  ])('finds a case without any citation: %s', (_what, name) => {
    const year = name.includes('Zenith') ? 1969 : 2009;
    const r = index.searchByNameOne(q(name, year, 'scotus', 'U.S.'));
    expect(r.same.map((k) => k.caseName)).toHaveLength(1);
  });

  it('a generic party alone never matches: United States v. Smith is not United States v. Jones', () => {
    const r = index.searchByNameOne(q('United States v. Smith', 2010, 'ca2'));
    expect(r.same).toEqual([]);
  });

  it('looks only in the cited court family and within three years', () => {
    expect(index.searchByNameOne(q('Ashcroft v. Iqbal', 2009, 'ca2')).same).toEqual([]);
    expect(index.searchByNameOne(q('Ashcroft v. Iqbal', 2013, 'scotus', 'U.S.')).same).toEqual([]);
    expect(index.searchByNameOne(q('Ashcroft v. Iqbal', 2012, 'scotus', 'U.S.')).same).toHaveLength(1);
    // A state case of a similar name is not a federal one.
    expect(index.searchByNameOne(q('Smithfield v. Ohio', 2010, 'ca2')).same).toEqual([]);
  });

  it("a year written wrong does not hide the case: the cited volume's own years are searched too", () => {
    // 580 U.S. holds decisions of 2017 here; cited as 1998.
    const wrongYear = { id: 'q', caseName: 'Petitioner 580 v. Respondent 580', year: 1998, court: 'scotus', reporter: 'U.S.', volume: 580, page: '1' };
    expect(index.searchByNameOne(wrongYear).same.map((k) => k.caseName)).toEqual(['Petitioner 580 v. Respondent 580']);
  });

  it('a court written wrong does not make an absence: the same name in another court is a case to check', () => {
    const r = index.searchByNameOne(q('Ashcroft v. Iqbal', 2009, 'ca2'));
    expect(r).toMatchObject({ same: [], conclusive: false, why: 'a case of that name was decided by another court in those years' });
    expect(r.similar.map((k) => [k.caseName, k.court])).toEqual([['Ashcroft v. Iqbal', 'scotus']]);
  });

  it('finding nothing is evidence where the data holds the family and year as well as the years around it', () => {
    const r = index.searchByNameOne(q('Varghese v. China Southern Airlines Co.', 2010, 'ca2'));
    expect(r).toMatchObject({ same: [], similar: [], conclusive: true, scope: "the decisions of the federal courts of appeals from 2007 to 2013 in CourtListener bulk data of 2026-10-31" });
  });

  it.each([
    ['a gap in the collection (no decision of that court family that year)', q('Varghese v. China Southern Airlines Co.', 2012, 'ca2'), /holds no decisions of the federal courts of appeals from 2012, against about 1 in the years around it/],
    ['a year after the data', q('Varghese v. China Southern Airlines Co.', 2027, 'ca2'), /after the data was taken/],
    ['no year', q('Varghese v. China Southern Airlines Co.', null, 'ca2'), /the year is not known/],
    ['no court and a reporter of many', q('Varghese v. China Southern Airlines Co.', 2010, null, 'N.E.2d'), /the court is not known/],
    ['a name with nothing distinctive', q('United States v. State', 2010, 'ca2'), /has no word distinctive enough/],
  ])('finding nothing proves nothing with %s', (_what, query, why) => {
    const r = index.searchByNameOne(query);
    expect(r.conclusive).toBe(false);
    expect(r.why).toMatch(why);
  });
});
