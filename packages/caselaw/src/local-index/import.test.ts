import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgCopyCsv, type PgValue } from '../testing/fake-bulk-data';
import { ImportError, bulkFileKind, importBulkData, renderImportProgress } from './import';
import type { ImportProgress } from './import';
import { LocalCitationIndex } from './lookup';
import { pageNumber, romanValue, volumeOf } from './pages';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caselaw-import-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const q = (row: (string | number)[]): string => row.map((v) => `"${v}"`).join(',') + '\n';

function writeSet(sub: string, citations: (string | number)[][]): string {
  const folder = join(dir, sub);
  execFileSync('mkdir', ['-p', folder]);
  writeFileSync(join(folder, 'courts-2024.csv'), q(['full_name', 'id', 'citation_string']) + q(['Court of Appeals for the Fifth Circuit', 'ca5', '5th Cir.']));
  writeFileSync(join(folder, 'dockets-2024.csv'), q(['court_id', 'id']) + q(['ca5', 10]));
  // Column order differs from CourtListener's usual one: columns are read by name.
  writeFileSync(join(folder, 'opinion-clusters-2024.csv'), q(['docket_id', 'date_filed', 'case_name', 'id', 'case_name_short', 'case_name_full']) + q([10, '2019-05-01', '', 20, 'Doe', 'Doe v. Roe Shipping Co.']));
  writeFileSync(join(folder, 'citations-2024.csv'), q(['cluster_id', 'page', 'reporter', 'volume', 'id']) + citations.map(q).join(''));
  writeFileSync(join(folder, 'README.txt'), 'not a bulk file');
  return folder;
}

describe('importBulkData', () => {
  it('imports a folder, reading columns by name, normalising reporters, counting bad rows', async () => {
    const folder = writeSet('a', [
      [20, '100', 'F. 3d', 900, 1],
      [20, '100', 'F.3d', 900, 1], // duplicate id
      [20, '7', 'So. 2d', 'x9', 2], // corrupt volume
      [20, '', 'F.3d', 900, 3], // corrupt page
    ]);
    const progress: ImportProgress[] = [];
    const report = await importBulkData([folder], { indexPath: join(dir, 'i.sqlite'), authoritative: true, onProgress: (p) => progress.push(p), progressIntervalMs: 0 });
    expect(report.skipped).toEqual([join(folder, 'README.txt')]);
    const cites = report.files.find((f) => f.kind === 'citations')!;
    expect(cites).toMatchObject({ rows: 4, inserted: 1, duplicates: 1, corrupt: 2 });
    expect(cites.corruptSamples.map((s) => s.reason)).toEqual(['bad volume', 'bad page']);
    expect(progress.map((p) => p.phase)).toContain('indexing');
    expect(progress[progress.length - 1].phase).toBe('done');

    const index = LocalCitationIndex.open(join(dir, 'i.sqlite'));
    expect(index.authoritative).toBe(true);
    const [hit] = await index.lookup([{ id: 'x', volume: 900, reporter: 'F.3d', page: '100' }]);
    expect(hit).toMatchObject({
      status: 'found',
      clusters: [{ caseName: 'Doe v. Roe Shipping Co.', court: 'ca5', courtCitation: '5th Cir.', year: 2019, citation: '900 F.3d 100' }],
    });
    index.close();
  });

  it('streams .bz2 files', async () => {
    const folder = writeSet('b', [[20, '5', 'F.3d', 901, 1]]);
    execFileSync('bzip2', [join(folder, 'citations-2024.csv')]);
    expect(bulkFileKind(join(folder, 'citations-2024.csv.bz2'))).toBe('citations');
    const report = await importBulkData([folder], { indexPath: join(dir, 'b.sqlite') });
    expect(report.files.find((f) => f.kind === 'citations')?.inserted).toBe(1);
    const index = LocalCitationIndex.open(join(dir, 'b.sqlite'));
    expect(index.authoritative).toBe(false);
    expect((await index.lookup([{ id: 'x', volume: 901, reporter: 'F.3d', page: '5' }]))[0].status).toBe('found');
    index.close();
  });

  it('keeps the previous index when an import fails', async () => {
    const good = writeSet('c', [[20, '5', 'F.3d', 901, 1]]);
    await importBulkData([good], { indexPath: join(dir, 'c.sqlite') });
    writeFileSync(join(dir, 'citations-bad.csv'), q(['id', 'volume', 'page']) + q([1, 2, 3]));
    await expect(importBulkData([join(dir, 'citations-bad.csv')], { indexPath: join(dir, 'c.sqlite') })).rejects.toThrow(/missing column\(s\) reporter, cluster_id/);
    expect(existsSync(join(dir, 'c.sqlite.importing'))).toBe(false);
    const index = LocalCitationIndex.open(join(dir, 'c.sqlite'));
    expect(index.info.citations).toBe(1);
    index.close();
  });

  it('refuses inputs with no citations file', async () => {
    writeFileSync(join(dir, 'courts-x.csv'), q(['id']) + q(['ca1']));
    await expect(importBulkData([join(dir, 'courts-x.csv')], { indexPath: join(dir, 'd.sqlite') })).rejects.toThrow(ImportError);
  });
});

/** A snapshot in CourtListener's real dialect (header bare, values quoted, NULL as nothing), from rows. */
function realSet(sub: string, tables: { clusters: PgValue[][]; citations: PgValue[][]; dockets?: PgValue[][] }, dialect: 'quote' | 'backtick' = 'quote', base = dir): string {
  const folder = join(base, sub);
  execFileSync('mkdir', ['-p', folder]);
  const STAMP = '2025-03-31 02:15:00.000000+00';
  writeFileSync(join(folder, 'courts-2025-03-31.csv'), pgCopyCsv(['id', 'date_modified', 'in_use', 'citation_string', 'short_name', 'full_name', 'jurisdiction'], [
    ['scotus', STAMP, true, 'SCOTUS', 'Supreme Court', 'Supreme Court of the United States', 'F'],
    ['ohio', STAMP, true, 'Ohio', 'Supreme Court of Ohio', 'Ohio Supreme Court', 'S'],
    ['nysd', STAMP, true, 'S.D.N.Y.', 'S.D. New York', 'District Court, S.D. New York', 'FD'],
    ['pr', STAMP, true, 'P.R.', 'Supreme Court of Puerto Rico', 'Supreme Court of Puerto Rico', 'S'],
    ['neb', STAMP, true, 'Neb.', 'Nebraska Supreme Court', 'Nebraska Supreme Court', 'S'],
  ], dialect));
  const dockets = tables.dockets ?? tables.clusters.map((c) => [c[6], STAMP, STAMP, 0, c[7], c[4]]);
  writeFileSync(join(folder, 'dockets-2025-03-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'source', 'court_id', 'case_name'], dockets, dialect));
  writeFileSync(join(folder, 'opinion-clusters-2025-03-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'date_filed', 'case_name_short', 'case_name', 'docket_id'], tables.clusters.map((c) => c.slice(0, 7)), dialect));
  writeFileSync(join(folder, 'citations-2025-03-31.csv'), pgCopyCsv(['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'], tables.citations.map((c) => [...c, STAMP, STAMP]), dialect));
  return folder;
}

const STAMP = '2025-03-31 02:15:00.000000+00';
/** Clusters: id, created, modified, date_filed, short name, name, docket id, court (the last feeds the dockets). */
const CLUSTERS: PgValue[][] = [
  [1, STAMP, STAMP, '2007-05-21', 'Twombly', 'Bell Atlantic Corp. v. Twombly', 101, 'scotus'],
  [2, STAMP, STAMP, '2019-04-02', '', 'State v. Quarterman', 102, 'ohio'],
  [3, STAMP, STAMP, '1975-06-30', '', 'United States v. Acme Widget Co.', 103, 'nysd'],
  [4, STAMP, STAMP, '1971-01-01', 'Pueblo', 'Pueblo v. Ortiz Rivera', 104, 'pr'],
  [5, STAMP, STAMP, '1880-01-01', '', 'In re Front Matter', 105, 'neb'],
  // A real case CourtListener holds without any citation row (its tracker, issue #6889).
  [6, STAMP, STAMP, '2014-06-16', 'Driehaus', 'Susan B. Anthony List v. Driehaus', 106, 'scotus'],
];
const CITATIONS: PgValue[][] = [
  [11, '550', 'U.S.', '544', 1, 1],
  [12, '2019', 'Ohio', '1234', 8, 2],
  [13, '1975-2', 'Trade Cas.', '60,123', 4, 3],
  [14, '100', 'P.R.', '123', 2, 4],
  [15, '5', 'Neb.', 'xii', 2, 5],
];

describe("CourtListener's real data, as it is", () => {
  let real: string;
  beforeAll(() => {
    real = mkdtempSync(join(tmpdir(), 'caselaw-real-'));
  });
  afterAll(() => rmSync(real, { recursive: true, force: true }));

  it.each(['quote', 'backtick'] as const)('reads the %s dialect alike (backtick: the files before 2025-01-24)', async (dialect) => {
    const folder = realSet(dialect, { clusters: CLUSTERS, citations: CITATIONS }, dialect, real);
    const report = await importBulkData([folder], { indexPath: join(real, `${dialect}.sqlite`), authoritative: true });
    expect(report.files.find((f) => f.kind === 'citations')).toMatchObject({ rows: 5, inserted: 5, corrupt: 0 });
    expect(report.coverage).toMatchObject({ cases: 5, clusters: 6 });
    const index = LocalCitationIndex.open(join(real, `${dialect}.sqlite`));
    const [twombly] = await index.lookup([{ id: 'a', volume: 550, reporter: 'U.S.', page: '544' }]);
    expect(twombly).toMatchObject({ status: 'found', clusters: [{ caseName: 'Bell Atlantic Corp. v. Twombly', court: 'scotus', year: 2007 }] });
    index.close();
  });

  it('keeps every cluster, with or without a citation, for the name search', async () => {
    const index = LocalCitationIndex.open(join(real, 'quote.sqlite'));
    const [sba] = await index.searchByName([{ id: 'n', caseName: 'Susan B. Anthony List v. Driehaus', year: 2014, court: 'scotus', reporter: 'U.S.', volume: 573, page: '149' }]);
    expect(sba.same).toMatchObject([{ caseName: 'Susan B. Anthony List v. Driehaus', court: 'scotus', citations: [], citation: '' }]);
    index.close();
  });

  it("takes CourtListener's citation type: a neutral (8), West (7) or Lexis (6) volume is never held completely", async () => {
    const index = LocalCitationIndex.open(join(real, 'quote.sqlite'));
    const [ohio] = await index.lookup([{ id: 'a', volume: 2019, reporter: 'Ohio', page: '999' }]);
    expect(ohio).toMatchObject({ status: 'not-covered', reason: expect.stringContaining('never holds every Ohio citation') });
    expect(index.coverage().find((r) => r.reporter === 'Ohio')?.volumes).toEqual([{ volume: 2019, cases: 1, capCases: null, yearNumbered: true }]);
    index.close();
  });

  it("reads CourtListener's P.R. as the Puerto Rico Reports, not the Pacific Reporter", async () => {
    const index = LocalCitationIndex.open(join(real, 'quote.sqlite'));
    const [pr, pacific] = await index.lookup([
      { id: 'a', volume: 100, reporter: 'P.R.R.', page: '123' },
      { id: 'b', volume: 100, reporter: 'P.', page: '123' },
    ]);
    expect(pr).toMatchObject({ status: 'found', clusters: [{ caseName: 'Pueblo v. Ortiz Rivera', citation: '100 P.R.R. 123' }] });
    expect(pacific.status).not.toBe('found');
    index.close();
  });

  it('keeps text volumes (1975-2 Trade Cas.), pages with thousands separators, and Roman-numeral pages', async () => {
    const index = LocalCitationIndex.open(join(real, 'quote.sqlite'));
    const [trade, roman] = await index.lookup([
      { id: 'a', volume: '1975-2', reporter: 'Trade Cas. (CCH)', page: '60,123' },
      { id: 'b', volume: 5, reporter: 'Neb.', page: 'xii' },
    ]);
    expect(trade).toMatchObject({ status: 'found', clusters: [{ caseName: 'United States v. Acme Widget Co.', citation: '1975-2 Trade Cas. (CCH) 60123' }] });
    expect(roman).toMatchObject({ status: 'found', clusters: [{ caseName: 'In re Front Matter' }] });
    index.close();
  });

  it('an import that reads no rows never replaces an index', async () => {
    const good = writeSet('keep', [[20, '5', 'F.3d', 901, 1]]);
    await importBulkData([good], { indexPath: join(dir, 'keep.sqlite') });
    // Rows this version cannot read at all (here: every volume unreadable), and a file with only its header.
    const unreadable = realSet('unreadable', { clusters: CLUSTERS, citations: CITATIONS.map((c) => [c[0], 'vol. ?', ...c.slice(2)]) });
    await expect(importBulkData([unreadable], { indexPath: join(dir, 'keep.sqlite') })).rejects.toThrow(/citations-2025-03-31\.csv: no rows could be read, all 5 rows were unreadable \(row 1: bad volume; .*the index was left as it was/);
    const empty = realSet('empty', { clusters: CLUSTERS, citations: [] });
    await expect(importBulkData([empty], { indexPath: join(dir, 'keep.sqlite') })).rejects.toThrow(/citations-2025-03-31\.csv: no rows could be read, it holds no data rows/);
    const index = LocalCitationIndex.open(join(dir, 'keep.sqlite'));
    expect(index.info.citations).toBe(1);
    index.close();
  });
});

describe('volumes and pages as written', () => {
  it.each([
    ['550', 550],
    ['1975-2', '1975-2'],
    ['x9', null],
    ['', null],
  ])('volume %j → %j', (text, volume) => expect(volumeOf(text)).toEqual(volume));

  it.each([
    ['1339', 1339],
    ['111279-U', 111279],
    ['xii', -12],
    ['XIV', -14],
    ['iiii', null],
    ['___', null],
  ])('page %j sorts as %j', (page, n) => expect(pageNumber(page)).toBe(n));

  it('reads Roman numerals written the standard way only', () => {
    expect([romanValue('ix'), romanValue('xl'), romanValue('mcmxc'), romanValue('ic'), romanValue('vv')]).toEqual([9, 40, 1990, null, null]);
  });
});

describe('renderImportProgress', () => {
  it('shows rows, bad rows, rate and elapsed time', () => {
    const line = renderImportProgress({ file: '/x/citations-2024.csv.bz2', kind: 'citations', rows: 1_200_000, inserted: 1_199_997, duplicates: 3, corrupt: 0, totalRows: 1_300_000, elapsedMs: 183_000, rowsPerSecond: 410_000, phase: 'loading' });
    expect(line).toBe('citations-2024.csv.bz2: 1,200,000 rows (3 duplicates, 0 corrupt), 410,000 rows/s, 3:03');
  });
});
