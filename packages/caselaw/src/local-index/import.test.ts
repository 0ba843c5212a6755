import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportError, bulkFileKind, importBulkData, renderImportProgress } from './import';
import type { ImportProgress } from './import';
import { LocalCitationIndex } from './lookup';

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

describe('renderImportProgress', () => {
  it('shows rows, bad rows, rate and elapsed time', () => {
    const line = renderImportProgress({ file: '/x/citations-2024.csv.bz2', kind: 'citations', rows: 1_200_000, inserted: 1_199_997, duplicates: 3, corrupt: 0, totalRows: 1_300_000, elapsedMs: 183_000, rowsPerSecond: 410_000, phase: 'loading' });
    expect(line).toBe('citations-2024.csv.bz2: 1,200,000 rows (3 duplicates, 0 corrupt), 410,000 rows/s, 3:03');
  });
});
