import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bucketObjects, capVolume925 } from '@citecheck/caselaw/testing/bulk-snapshot';
import { FakeBulkData } from '@citecheck/caselaw/testing/fake-bulk-data';
import { main, type CliIO } from '../main';
import { volumeRanges } from './caselaw';

function capture(isTTY = false): CliIO & { stdout: string[]; stderr: string[]; progressLines: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const progressLines: string[] = [];
  return { stdout, stderr, progressLines, out: (t) => stdout.push(t), err: (t) => stderr.push(t), progress: (l) => progressLines.push(l), isTTY };
}

let dir: string;
let bucket: FakeBulkData;
let cap: FakeBulkData;
beforeAll(async () => {
  bucket = new FakeBulkData(bucketObjects());
  cap = new FakeBulkData(capVolume925());
  await bucket.start();
  await cap.start();
});
afterAll(async () => {
  await bucket.stop();
  await cap.stop();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'citecheck-caselaw-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const download = (...flags: string[]): string[] => ['caselaw', 'download', '--bucket-url', bucket.url, '--cap-url', cap.url, '--index', join(dir, 'caselaw.sqlite'), '--dir', join(dir, 'bulk'), ...flags];

describe('citecheck caselaw download', () => {
  it('--dry-run lists the snapshot files and sizes and the space needed', async () => {
    const io = capture();
    expect(await main(download('--dry-run'), io)).toBe(0);
    const text = io.stdout.join('\n');
    expect(io.stdout[0]).toBe('CourtListener bulk data of 2026-10-31: 4 files, ' + /[\d.]+ kB/.exec(io.stdout[0])![0]);
    expect(text).toMatch(/^ {2}courts-2026-10-31\.csv\.bz2 +\d+ B$/m);
    expect(text).toMatch(/^ {2}citations-2026-10-31\.csv\.bz2 +\d+ B$/m);
    expect(text).toMatch(/^ {2}total +[\d.]+ kB; [\d.]+ kB still to download$/m);
    expect(text).toMatch(/^disk: needs about [\d.]+ MB \(downloads and the index\); .* free in /m);
    expect(io.stdout[io.stdout.length - 1]).toBe('dry run: nothing downloaded');
    expect(bucket.objectGets()).toEqual([]);
  });

  it('downloads and imports, printing plain progress lines when piped', async () => {
    const io = capture(false);
    expect(await main(download('--with-page-ranges'), io)).toBe(0);
    expect(io.progressLines).toEqual([]);
    expect(io.stdout).toContain('citations-2026-10-31.csv.bz2: downloading ' + /downloading (.*)$/.exec(io.stdout.find((l) => l.startsWith('citations-2026-10-31.csv.bz2: downloading'))!)![1]);
    expect(io.stdout).toContain('citations-2026-10-31.csv.bz2: done');
    expect(io.stdout.find((l) => l.startsWith('index '))).toMatch(/\(CourtListener bulk data of 2026-10-31\): \d+ rows; 4 of 5 volumes complete in 3 reporters; [\d,]+ rows\/s/);
    expect(io.stdout).toContain('page ranges: 2 cases in 1 of 4 complete volumes (Caselaw Access Project; the others keep the approximate rule)');
  });

  it('draws progress in place on a terminal', async () => {
    const io = capture(true);
    expect(await main(download(), io)).toBe(0);
    expect(io.progressLines.some((l) => /: [\d.]+ (B|kB) of [\d.]+ (B|kB); all files .* \(\d+%\), [\d.]+ (B|kB|MB)\/s, (\d+:\d\d left|time left unknown)$/.test(l))).toBe(true);
    expect(io.progressLines[io.progressLines.length - 1]).toBe('');
    expect(io.stdout.some((l) => l.endsWith(': downloading'))).toBe(false);
  });

  it('refuses a subset with an unknown reporter before downloading anything', async () => {
    const io = capture();
    bucket.requests.length = 0;
    expect(await main(download('--reporters', 'F.3d,Imaginary Rptr.'), io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('Unknown reporter(s): Imaginary Rptr.');
    expect(bucket.requests).toEqual([]);
  });
});

describe('citecheck caselaw coverage', () => {
  it('prints the source, snapshot date, and per reporter the volumes and case counts', async () => {
    expect(await main(download('--reporters', 'F.3d,U.S.,WL', '--with-page-ranges'), capture())).toBe(0);
    const io = capture();
    expect(await main(['caselaw', 'coverage', '--index', join(dir, 'caselaw.sqlite')], io)).toBe(0);
    console.log(io.stdout.join('\n'));
    expect(io.stdout[0]).toBe('source: CourtListener bulk data of 2026-10-31, only reporters F.3d, U.S., WL (authoritative: a citation missing from a complete volume is reported not found)');
    expect(io.stdout[1]).toMatch(/^snapshot: 2026-10-31; imported \d{4}-\d\d-\d\dT.*; index .*caselaw\.sqlite$/);
    expect(io.stdout[2]).toBe('page ranges: 2 cases (Caselaw Access Project (static.case.law))');
    expect(io.stdout.slice(4, 8)).toEqual([
      'reporter  cases  volumes  complete  volumes held',
      'F.3d          5        3         3  925-927',
      'U.S.          1        1         1  550',
      'WL            1        1         0  2019 (never complete: bulk data never holds every WL citation, so one missing from it may still exist)',
    ]);
    expect(io.stdout[8]).toBe('3 reporters, 5 volumes (4 complete), 7 cases');

    const one = capture();
    expect(await main(['caselaw', 'coverage', '--index', join(dir, 'caselaw.sqlite'), '--reporter', 'F.3d'], one)).toBe(0);
    expect(one.stdout.slice(3)).toEqual(['F.3d: 5 cases in 3 volumes', 'volume  cases  complete', '   925      2  yes', '   926      2  yes', '   927      1  yes']);
  });

  it('says where no index is', async () => {
    const io = capture();
    expect(await main(['caselaw', 'coverage', '--index', join(dir, 'none.sqlite')], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('No case-law index at');
  });
});

it('writes volume lists as ranges', () => {
  expect(volumeRanges([1, 2, 3, 7, 9, 10])).toBe('1-3, 7, 9-10');
  expect(volumeRanges([])).toBe('');
});
