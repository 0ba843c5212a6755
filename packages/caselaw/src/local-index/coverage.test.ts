/**
 * What a lookup answers, built through the importer from the download tests' snapshot (plain
 * CSV files here, no network): a case found; a miss with what in the data does or does not
 * show the citation false; a series the data never holds completely.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SNAPSHOT_DATE, snapshotTables } from '../testing/bulk-snapshot';
import { importBulkData } from './import';
import { LocalCitationIndex } from './lookup';

let dir: string;
let files: string[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'caselaw-coverage-'));
  const t = snapshotTables();
  files = (['courts', 'dockets', 'opinion-clusters', 'citations'] as const).map((name, i) => {
    const path = join(dir, `${name}-${SNAPSHOT_DATE}.csv`);
    writeFileSync(path, [t.courts, t.dockets, t.clusters, t.citations][i]);
    return path;
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an authoritative index (a full snapshot)', () => {
  let index: LocalCitationIndex;
  beforeAll(async () => {
    const report = await importBulkData(files, { indexPath: join(dir, 'full.sqlite'), authoritative: true });
    expect(report.coverage).toEqual({ reporters: 3, volumes: 5, yearNumberedVolumes: 1, cases: 6, clusters: 6, casesWithText: 0 });
    index = LocalCitationIndex.open(join(dir, 'full.sqlite'));
  });
  afterAll(() => index.close());

  it('takes the snapshot date from the file names and describes its source', () => {
    expect(index.info).toMatchObject({ snapshotDate: SNAPSHOT_DATE, description: 'CourtListener bulk data of 2026-10-31', clusters: 6, clustersComplete: true, cap: { cases: 0, volumes: 0, source: null } });
  });

  it.each([
    ['a case at the address', 925, 'F.3d', '1320', 'found'],
    ['a page before any case: no evidence in a volume without a list of its cases', 925, 'F.3d', '1000', 'not-found'],
    ['a page after the last case', 925, 'F.3d', '1400', 'not-found'],
    ['a page between two cases, no page ranges: the earlier one, approximately', 925, 'F.3d', '1339', 'contained-in'],
    ['a volume the snapshot holds no case of', 999, 'F.3d', '1', 'not-found'],
    ['a reporter the snapshot never uses', 100, 'F. Supp. 2d', '1', 'not-covered'],
    ['a WL number the snapshot does not have (the series is never complete)', 2019, 'WL', '999999', 'not-covered'],
    ['a reporter nobody knows', 1, 'Fake Rptr.', '1', 'unknown-reporter'],
  ])('%s: %s %s %s → %s', async (_what, volume, reporter, page, status) => {
    const [r] = await index.lookup([{ id: 'x', volume, reporter, page }]);
    expect(r.status).toBe(status);
    expect(r.source).toBe('CourtListener bulk data of 2026-10-31');
  });

  it('a miss carries no evidence of its own, and says what the data lacks', async () => {
    const [volume, page, reporter, wl] = await index.lookup([
      { id: 'a', volume: 999, reporter: 'F.3d', page: '1' },
      { id: 'b', volume: 925, reporter: 'F.3d', page: '1000' },
      { id: 'c', volume: 100, reporter: 'F. Supp. 2d', page: '1' },
      { id: 'd', volume: 2019, reporter: 'WL', page: '999999' },
    ]);
    expect(volume).toMatchObject({ status: 'not-found', evidence: [], gap: 'CourtListener bulk data of 2026-10-31 holds no case of volume 999 of F.3d, and no list of its cases' });
    expect(page).toMatchObject({ status: 'not-found', evidence: [], gap: 'CourtListener bulk data of 2026-10-31 holds 2 cases of volume 925 of F.3d but no list of all of them, and it lacks some cases and some citations' });
    expect(reporter).toMatchObject({ reason: 'not in the local data: CourtListener bulk data of 2026-10-31 holds no F. Supp. 2d cases' });
    expect(wl).toMatchObject({ reason: 'not in the local data: bulk data never holds every WL citation, so one missing from it may still exist' });
  });

  it('marks the nearest-first-page answer approximate, and bounds where the case can end', async () => {
    const [near, smith] = await index.lookup([
      { id: 'x', volume: 925, reporter: 'F.3d', page: '1339' },
      { id: 'y', volume: 925, reporter: 'F.3d', page: '1320' },
    ]);
    expect(near).toMatchObject({ status: 'contained-in', approximate: true, cluster: { caseName: 'Smith v. Jones', pages: null }, evidence: [] });
    // Doe v. Roe begins at 1350: Smith v. Jones cannot run past it.
    expect(smith).toMatchObject({ status: 'found', clusters: [{ caseName: 'Smith v. Jones', pages: null, endsBy: 1350 }] });
  });

  it('records per reporter and volume what the snapshot holds, and which volumes are numbers by year', () => {
    expect(index.coverage()).toEqual([
      {
        reporter: 'F.3d',
        cases: 5,
        volumes: [
          { volume: 925, cases: 2, capCases: null, yearNumbered: false },
          { volume: 926, cases: 2, capCases: null, yearNumbered: false },
          { volume: 927, cases: 1, capCases: null, yearNumbered: false },
        ],
        note: null,
      },
      { reporter: 'U.S.', cases: 1, volumes: [{ volume: 550, cases: 1, capCases: null, yearNumbered: false }], note: null },
      { reporter: 'WL', cases: 1, volumes: [{ volume: 2019, cases: 1, capCases: null, yearNumbered: true }], note: 'bulk data never holds every WL citation, so one missing from it may still exist' },
    ]);
  });

  it('finds every case by name, and lists its citations', async () => {
    const [doe] = await index.searchByName([{ id: 'n', caseName: 'Doe v. Roe', year: 2019, court: 'ca11', reporter: 'F.3d', volume: 925, page: '1350' }]);
    expect(doe.same.map((k) => [k.caseName, k.citations])).toEqual([['Doe v. Roe', ['925 F.3d 1350', '2019 WL 123456']]]);
  });
});

describe('an index that is not a full snapshot', () => {
  it('never answers a miss with "not found" or a case it may lie in: every miss is "not covered"', async () => {
    await importBulkData(files, { indexPath: join(dir, 'partial.sqlite'), authoritative: false, source: 'demo' });
    const index = LocalCitationIndex.open(join(dir, 'partial.sqlite'));
    const results = await index.lookup([
      { id: 'a', volume: 925, reporter: 'F.3d', page: '1320' },
      { id: 'b', volume: 925, reporter: 'F.3d', page: '1000' },
      { id: 'c', volume: 925, reporter: 'F.3d', page: '1339' },
    ]);
    expect(results.map((r) => r.status)).toEqual(['found', 'not-covered', 'not-covered']);
    expect(results[1]).toMatchObject({ reason: 'not in the local data (demo data, not authoritative)', source: 'demo data, not authoritative' });
    const [search] = await index.searchByName([{ id: 'n', caseName: 'Varghese v. China Southern Airlines Co.', year: 2019, court: 'ca11', reporter: 'F.3d', volume: 925, page: '1339' }]);
    expect(search).toMatchObject({ same: [], conclusive: false, why: 'demo data, not authoritative is not a full snapshot of every case' });
    index.close();
  });
});
