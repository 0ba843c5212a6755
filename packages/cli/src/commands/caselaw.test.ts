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
    expect(io.stdout.find((l) => l.startsWith('index '))).toMatch(/\(CourtListener bulk data of 2026-10-31\): \d+ rows; 6 cases for the name search, 6 with a citation in 5 volumes of 3 reporters; [\d,]+ rows\/s/);
    expect(io.stdout).toContain('Caselaw Access Project: 4 cases in 2 of 2 volumes of 1 reporters');
  });

  it('--with-cap is the new name of --with-page-ranges; both read the Caselaw Access Project', async () => {
    const io = capture(false);
    expect(await main(download('--with-cap'), io)).toBe(0);
    expect(io.stdout).toContain('Caselaw Access Project: 4 cases in 2 of 2 volumes of 1 reporters');
  });

  it('offline: says what to do (the network, --bucket-url, or caselaw import of files on disk)', async () => {
    const io = capture();
    const args = ['caselaw', 'download', '--bucket-url', 'http://127.0.0.1:9', '--index', join(dir, 'caselaw.sqlite'), '--dir', join(dir, 'bulk')];
    expect(await main(args, io)).toBe(2);
    const text = io.stderr.join('\n');
    expect(text).toMatch(/^citecheck caselaw: Cannot list http:\/\/127\.0\.0\.1:9 \(/);
    expect(text).toContain('Check the network connection');
    expect(text).toContain('--bucket-url');
    expect(text).toContain('citecheck caselaw import <folder> --authoritative');
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
  it('--with-opinions: says how many cases have opinion text', async () => {
    const io = capture();
    expect(await main(download('--with-opinions'), io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/opinion text: 2 cases \(4 opinions, [\d.]+ [kKM]?B stored for [\d.]+ [kKM]?B of text\)/);
    const cov = capture();
    expect(await main(['caselaw', 'coverage', '--index', join(dir, 'caselaw.sqlite')], cov)).toBe(0);
    expect(cov.stdout[2]).toBe('opinion text: 2 cases (quotations in a brief are checked against it)');
  });

  it('prints the source, snapshot date, and per reporter the volumes and case counts', async () => {
    expect(await main(download('--reporters', 'F.3d,U.S.,WL', '--with-page-ranges'), capture())).toBe(0);
    const io = capture();
    expect(await main(['caselaw', 'coverage', '--index', join(dir, 'caselaw.sqlite')], io)).toBe(0);
    console.log(io.stdout.join('\n'));
    expect(io.stdout[0]).toBe('source: CourtListener bulk data of 2026-10-31, only reporters F.3d, U.S., WL (authoritative: a citation is reported not found when the evidence below shows it)');
    expect(io.stdout[1]).toMatch(/^snapshot: 2026-10-31; imported \d{4}-\d\d-\d\dT.*; index .*caselaw\.sqlite$/);
    expect(io.stdout[2]).toBe('opinion text: none (citecheck caselaw download --with-opinions): quotations are checked only through the CourtListener API');
    expect(io.stdout[3]).toBe('name search: 6 cases, with or without a citation (only those of the reporters imported: a name it lacks proves nothing)');
    expect(io.stdout[4]).toMatch(/^Caselaw Access Project: 4 cases in 2 volume lists \(Caselaw Access Project \(http:\/\/127\.0\.0\.1:\d+\)\)$/);
    expect(io.stdout.slice(6, 10)).toEqual([
      'reporter  cases  volumes  CAP list  name search only  numbered by year',
      'F.3d          5        4  925, 928  926-927           -',
      'U.S.          1        1  -         550               -',
      'WL            1        1  -         -                 2019 (never complete: bulk data never holds every WL citation, so one missing from it may still exist)',
    ]);
    expect(io.stdout[10]).toBe('3 reporters, 6 volumes (2 with a CAP list, 1 numbered by year), 7 cases with a citation');

    const one = capture();
    expect(await main(['caselaw', 'coverage', '--index', join(dir, 'caselaw.sqlite'), '--reporter', 'F.3d'], one)).toBe(0);
    expect(one.stdout.slice(5)).toEqual([
      'F.3d: 5 cases in 4 volumes',
      'volume  cases  CAP list  a miss rests on',
      "   925      2         3  the Caselaw Access Project's list, page ranges, the name search",
      '   926      2         -  the name search and the volume facts (no list of its cases)',
      '   927      1         -  the name search and the volume facts (no list of its cases)',
      "   928      0         1  the Caselaw Access Project's list, page ranges, the name search",
    ]);
  });

  it('caselaw --help shows the usage and exits 0; a missing file is named, not ENOENT', async () => {
    for (const args of [['caselaw', '--help'], ['caselaw', 'download', '--help'], ['caselaw', 'help']]) {
      const io = capture();
      expect(await main(args, io)).toBe(0);
      expect(io.stdout.join('\n')).toMatch(/^Usage:\n {2}citecheck caselaw download .*--with-cap/);
    }
    const io = capture();
    expect(await main(['caselaw', 'import', join(dir, 'nothing-here.csv')], io)).toBe(2);
    expect(io.stderr.join('\n')).toBe(`citecheck caselaw: no such file or folder: ${join(dir, 'nothing-here.csv')}`);
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
  expect(volumeRanges([1975, '1975-2', 1976])).toBe('1975, 1975-2, 1976');
});
