import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalCitationIndex } from '../local-index/lookup';
import { bucketObjects, capVolume925, opinionsTable, SNAPSHOT_DATE, snapshotTables } from '../testing/bulk-snapshot';
import { importBulkData } from '../local-index/import';
import { checkQuote, findQuotes, prepareOpinion, quoteTarget } from '@citecheck/quotes';
import { findCitations } from '@citecheck/citations';
import { writeFileSync, mkdirSync } from 'node:fs';
import { FakeBulkData, bzip2 } from '../testing/fake-bulk-data';
import { listBucket, parseListObjectsV2, pickSnapshot } from './bucket';
import { DiskSpaceError } from './disk';
import { downloadSnapshot, renderDownloadProgress } from './download';
import type { DownloadEvent, DownloadOptions } from './download';
import { capReporterSlug } from './cap';

let dir: string;
let bucket: FakeBulkData;
const CITATIONS = `bulk-data/citations-${SNAPSHOT_DATE}.csv.bz2`;

async function startBucket(objects = bucketObjects()): Promise<FakeBulkData> {
  bucket = new FakeBulkData(objects, { pageSize: 3 });
  await bucket.start();
  return bucket;
}

function options(extra: Partial<DownloadOptions> = {}): DownloadOptions {
  return { bucketUrl: bucket.url, dir: join(dir, 'bulk'), indexPath: join(dir, 'caselaw.sqlite'), retryDelayMs: 1, freeBytes: () => 1e12, ...extra };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caselaw-download-'));
});
afterEach(async () => {
  await bucket?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bucket listing', () => {
  it('follows continuation tokens and picks the newest date with all four files', async () => {
    await startBucket();
    const objects = await listBucket(bucket.url, 'bulk-data/');
    expect(objects.map((o) => o.key)).not.toContain('other/readme.txt');
    expect(objects).toHaveLength(12);
    const listings = bucket.requests.filter((r) => r.path === '/');
    expect(listings.length).toBe(4); // 12 keys, 3 a page
    expect(listings[0].query).toEqual({ 'list-type': '2', prefix: 'bulk-data/' });
    expect(listings[1].query['continuation-token']).toBeTruthy();

    const snapshot = pickSnapshot(objects);
    expect(snapshot.date).toBe(SNAPSHOT_DATE); // not 2026-11-30: that one has only a courts file so far
    expect(snapshot.files.map((f) => f.name)).toEqual([
      `courts-${SNAPSHOT_DATE}.csv.bz2`,
      `dockets-${SNAPSHOT_DATE}.csv.bz2`,
      `opinion-clusters-${SNAPSHOT_DATE}.csv.bz2`,
      `citations-${SNAPSHOT_DATE}.csv.bz2`,
    ]);
  });

  it('reads S3 XML escapes and refuses a listing that is not one', () => {
    const page = parseListObjectsV2('<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>bulk-data/a&amp;b.csv.bz2</Key><Size>7</Size></Contents></ListBucketResult>');
    expect(page.objects).toEqual([{ key: 'bulk-data/a&b.csv.bz2', size: 7, lastModified: null }]);
    expect(() => parseListObjectsV2('<html>captive portal</html>')).toThrow(/something other than a ListObjectsV2 result/);
  });
});

describe('citecheck caselaw download', () => {
  it('downloads the newest snapshot, imports it authoritative, records its date and deletes the downloads', async () => {
    await startBucket();
    const events: DownloadEvent[] = [];
    const result = await downloadSnapshot(options({ onEvent: (e) => events.push(e), progressIntervalMs: 0 }));
    expect(result.import?.snapshotDate).toBe(SNAPSHOT_DATE);
    expect(result.import?.files.find((f) => f.kind === 'dockets')).toMatchObject({ inserted: 6, filtered: 1 }); // the PACER docket has no case
    expect(readdirSync(join(dir, 'bulk'))).toEqual([]);
    const bytes = events.filter((e): e is Extract<DownloadEvent, { type: 'bytes' }> => e.type === 'bytes');
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes[bytes.length - 1].progress.doneBytes).toBe(result.snapshot.totalBytes);

    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    expect(index.info).toMatchObject({ authoritative: true, snapshotDate: SNAPSHOT_DATE, description: `CourtListener bulk data of ${SNAPSHOT_DATE}` });
    const [hit] = await index.lookup([{ id: 'a', volume: 925, reporter: 'F.3d', page: '1320' }]);
    expect(hit).toMatchObject({ status: 'found', clusters: [{ caseName: 'Smith v. Jones', court: 'ca11' }], source: `CourtListener bulk data of ${SNAPSHOT_DATE}` });
    index.close();
  });

  it('resumes with a Range request after the connection drops mid-file', async () => {
    await startBucket();
    bucket.dropOnce(CITATIONS, 40);
    const retries: DownloadEvent[] = [];
    await downloadSnapshot(options({ onEvent: (e) => e.type === 'retry' && retries.push(e) }));
    const gets = bucket.objectGets().filter((r) => r.path === `/${CITATIONS}`);
    expect(gets.map((r) => r.range)).toEqual([null, 'bytes=40-']);
    expect(retries).toHaveLength(1);
    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    expect(index.info.citations).toBe(7);
    index.close();
  });

  it('gives up on a connection that stalls, and resumes where it stopped', async () => {
    await startBucket();
    bucket.stallOnce(CITATIONS, 50);
    const retries: string[] = [];
    await downloadSnapshot(options({ stallTimeoutMs: 300, onEvent: (e) => e.type === 'retry' && retries.push(e.reason) }));
    expect(retries).toEqual(['no data for 0.3 s']);
    expect(bucket.objectGets().filter((r) => r.path === `/${CITATIONS}`).map((r) => r.range)).toEqual([null, 'bytes=50-']);
  });

  it('leaves a partial file that the next run continues', async () => {
    await startBucket();
    bucket.dropOnce(CITATIONS, 40);
    await expect(downloadSnapshot(options({ retries: 0 }))).rejects.toThrow(/Run the command again to resume \(40 of \d+ bytes are kept\)/);
    expect(statSync(join(dir, 'bulk', `citations-${SNAPSHOT_DATE}.csv.bz2.part`)).size).toBe(40);
    expect(existsSync(join(dir, 'caselaw.sqlite'))).toBe(false);

    bucket.requests.length = 0;
    await downloadSnapshot(options({ retries: 0 }));
    // The three finished files are not fetched again; the fourth continues at byte 40.
    expect(bucket.objectGets().map((r) => [r.path, r.range])).toEqual([[`/${CITATIONS}`, 'bytes=40-']]);
    expect(existsSync(join(dir, 'caselaw.sqlite'))).toBe(true);
  });

  it('refuses to start without the disk space it needs, and says how much', async () => {
    await startBucket();
    await expect(downloadSnapshot(options({ freeBytes: () => 1_000_000 }))).rejects.toThrow(DiskSpaceError);
    await expect(downloadSnapshot(options({ freeBytes: () => 1_000_000 }))).rejects.toThrow(/Not enough free disk space in .*: this needs about 67\.1 MB .* and 1\.0 MB is free/);
    expect(bucket.objectGets()).toEqual([]);
  });

  it('says so clearly when a file is not valid bzip2, and keeps the previous index', async () => {
    await startBucket();
    await downloadSnapshot(options());
    await bucket.stop();
    const broken = bzip2(snapshotTables().citations);
    broken.fill(0x41, 40, 60); // damage a block
    await startBucket(bucketObjects({ citations: broken }));
    await expect(downloadSnapshot(options())).rejects.toThrow(/citations-2026-10-31\.csv\.bz2 is not a valid bzip2 file, or is damaged or truncated/);
    await bucket.stop();
    await startBucket(bucketObjects({ citations: Buffer.from('"id","volume"\n"1","2"\n') }));
    await expect(downloadSnapshot(options())).rejects.toThrow(/is not a valid bzip2 file.*The file was deleted: run the command again to download it anew/);
    expect(existsSync(join(dir, 'bulk', `citations-${SNAPSHOT_DATE}.csv.bz2`))).toBe(false);
    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    expect(index.info.citations).toBe(7);
    index.close();
  });

  it('names the missing column when a newer dump renamed one', async () => {
    const renamed = snapshotTables().citations.replace(',reporter,', ',reporter_abbreviation,');
    await startBucket(bucketObjects({ citations: renamed }));
    await expect(downloadSnapshot(options())).rejects.toThrow(/citations-2026-10-31\.csv\.bz2: missing column\(s\) reporter in the header \(it has: id, volume, reporter_abbreviation, .*CourtListener may have renamed a column/);
  });

  it('--dry-run lists the files and sizes and downloads nothing', async () => {
    await startBucket();
    const result = await downloadSnapshot(options({ dryRun: true }));
    expect(result.dryRun).toBe(true);
    expect(result.files.map((f) => f.name)).toEqual(result.snapshot.files.map((f) => f.name));
    expect(result.files.every((f) => f.size > 0 && f.onDisk === 0)).toBe(true);
    expect(result.remainingBytes).toBe(result.snapshot.totalBytes);
    expect(bucket.objectGets()).toEqual([]);
    expect(existsSync(join(dir, 'caselaw.sqlite'))).toBe(false);
  });

  it('--reporters imports only those reporters; the others are not covered', async () => {
    await startBucket();
    const result = await downloadSnapshot(options({ reporters: ['U.S.'] }));
    expect(result.import?.description).toBe(`CourtListener bulk data of ${SNAPSHOT_DATE}, only reporters U.S.`);
    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    const [us, f3d] = await index.lookup([
      { id: 'a', volume: 550, reporter: 'U.S.', page: '544' },
      { id: 'b', volume: 925, reporter: 'F.3d', page: '1320' },
    ]);
    expect(us).toMatchObject({ status: 'found', clusters: [{ caseName: 'Alpha v. Beta', court: 'scotus', courtName: 'Supreme Court of the United States' }] });
    expect(f3d).toMatchObject({ status: 'not-covered' });
    expect(index.coverage().map((r) => r.reporter)).toEqual(['U.S.']);
    index.close();
  });

  it('--courts keeps those courts: a miss rests on no evidence from volumes the subset holds only part of', async () => {
    await startBucket();
    await downloadSnapshot(options({ courts: ['ca9'] }));
    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    const results = await index.lookup([
      { id: 'gamma', volume: 926, reporter: 'F.3d', page: '100' },
      { id: 'shared-volume-miss', volume: 926, reporter: 'F.3d', page: '400' },
      { id: 'own-volume-miss', volume: 927, reporter: 'F.3d', page: '900' },
      { id: 'other-court', volume: 925, reporter: 'F.3d', page: '1320' },
    ]);
    expect(results.map((r) => r.status)).toEqual(['found', 'not-found', 'not-found', 'not-found']);
    expect(results.slice(1).map((r) => (r.status === 'not-found' ? r.evidence : null))).toEqual([[], [], []]);
    expect(index.coverage()).toEqual([
      { reporter: 'F.3d', cases: 2, volumes: [{ volume: 926, cases: 1, capCases: null, yearNumbered: false }, { volume: 927, cases: 1, capCases: null, yearNumbered: false }], note: null },
    ]);
    index.close();
  });

  it.each([['withCap'], ['withPageRanges']] as const)('%s reads the Caselaw Access Project: every volume it lists, its cases and their pages', async (flag) => {
    await startBucket();
    const cap = new FakeBulkData(capVolume925());
    await cap.start();
    try {
      const result = await downloadSnapshot(options({ [flag]: true, capUrl: cap.url }));
      expect(result.cap).toMatchObject({ reporters: 1, volumes: 2, volumesFound: 2, cases: 4, failures: [] });
      expect(cap.requests.map((r) => r.path).sort()).toEqual(['/ReportersMetadata.json', '/f3d/925/CasesMetadata.json', '/f3d/928/CasesMetadata.json', '/f3d/VolumesMetadata.json']);
    } finally {
      await cap.stop();
    }
    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    expect(index.info.cap).toMatchObject({ cases: 4, volumes: 2 });
    expect(index.info.cap.source).toMatch(/^Caselaw Access Project \(http:\/\/127\.0\.0\.1:\d+\)$/);
    const [inside, pinPast, pinInside, gap, noRanges, capOnly, capVolume] = await index.lookup([
      { id: 'a', volume: 925, reporter: 'F.3d', page: '1339' },
      { id: 'b', volume: 925, reporter: 'F.3d', page: '1320', pin: '1345' },
      { id: 'c', volume: 925, reporter: 'F.3d', page: '1320', pin: '1330' },
      { id: 'd', volume: 925, reporter: 'F.3d', page: '1345' },
      { id: 'e', volume: 926, reporter: 'F.3d', page: '150' },
      { id: 'f', volume: 925, reporter: 'F.3d', page: '1370' },
      { id: 'g', volume: 928, reporter: 'F.3d', page: '5' },
    ]);
    expect(inside).toMatchObject({ status: 'contained-in', approximate: false, cluster: { caseName: 'Smith v. Jones', pages: { firstPage: 1320, lastPage: 1342 } }, note: '925 F.3d 1339 is page 1339 of Smith v. Jones, which runs from page 1320 to 1342' });
    expect(pinPast).toMatchObject({ status: 'found', pin: { pin: '1345', lastPage: 1342, beyondLastPage: true, note: 'pin 1345 is beyond the last page, 1342' } });
    expect(pinInside).toMatchObject({ status: 'found', pin: { beyondLastPage: false, note: null } });
    // After Smith's last page, before Doe's first: in no case, and CAP's list says none begins there.
    expect(gap).toMatchObject({ status: 'not-found', evidence: [{ kind: 'cap-list', text: expect.stringContaining("the Caselaw Access Project's list of the 3 cases in volume 925 of F.3d has none beginning at page 1345") }] });
    expect(noRanges).toMatchObject({ status: 'contained-in', approximate: true, cluster: { caseName: 'Gamma v. Delta', pages: null }, evidence: [] });
    // A case CourtListener's snapshot lacks, listed by CAP: found.
    expect(capOnly).toMatchObject({ status: 'found', clusters: [{ caseName: 'Kappa v. Lambda', origin: 'cap', pages: { firstPage: 1370, lastPage: 1380 } }], source: 'CourtListener bulk data of 2026-10-31 and the Caselaw Access Project' });
    // A volume only CAP has.
    expect(capVolume).toMatchObject({ status: 'contained-in', approximate: false, cluster: { caseName: 'Mu v. Nu' } });
    index.close();
  });

  it('a CAP volume that cannot be read is no list at all: no evidence rests on it', async () => {
    await startBucket();
    const site = capVolume925();
    delete site['f3d/928/CasesMetadata.json'];
    const cap = new FakeBulkData(site);
    await cap.start();
    try {
      const result = await downloadSnapshot(options({ withCap: true, capUrl: cap.url }));
      expect(result.cap).toMatchObject({ volumesFound: 1, failed: 1, failures: [{ volume: '928 F.3d', reason: 'no CasesMetadata.json' }] });
    } finally {
      await cap.stop();
    }
    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    expect(index.coverage().find((r) => r.reporter === 'F.3d')!.volumes.map((v) => [v.volume, v.capCases])).toEqual([[925, 3], [926, null], [927, null]]);
    index.close();
  });

  it('refuses a CAP address that is not the static site, leaving the previous index', async () => {
    await startBucket();
    const cap = new FakeBulkData({});
    await cap.start();
    try {
      await expect(downloadSnapshot(options({ withCap: true, capUrl: cap.url }))).rejects.toThrow(/has no ReportersMetadata\.json/);
    } finally {
      await cap.stop();
    }
    expect(existsSync(join(dir, 'caselaw.sqlite'))).toBe(false);
  });
});

describe('--with-opinions: the opinions file, in the real dialect, from the bucket', () => {
  const OPINIONS = `bulk-data/opinions-${SNAPSHOT_DATE}.csv.bz2`;

  it('downloads the opinions file with the rest, keeps each case\'s text with its pages, and page ranges from its stars', async () => {
    await startBucket();
    const result = await downloadSnapshot(options({ withOpinions: true }));
    expect(result.snapshot.files.map((f) => f.name)).toContain(`opinions-${SNAPSHOT_DATE}.csv.bz2`);
    expect(bucket.objectGets().map((r) => r.path)).toContain(`/${OPINIONS}`);
    const file = result.import!.files.find((f) => f.kind === 'opinions')!;
    // Four opinions with text (one of a cluster the snapshot lacks: dropped at the end), one without any.
    expect(file).toMatchObject({ rows: 5, corrupt: 0, texts: { opinions: 4 } });
    expect(file.texts!.bytes).toBeGreaterThan(0);
    expect(result.import!.coverage.casesWithText).toBe(2);

    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    try {
      expect(index.info.casesWithText).toBe(2);
      // Smith v. Jones: majority and dissent joined, pages from html_with_citations' star pagination.
      const smith = index.opinionTextOf(10)!;
      expect(smith.text).toContain('may not weigh the "credibility" of witnesses');
      expect(smith.text).toContain('I respectfully dissent.');
      // The dissent begins on the page where the majority ended (1323), then runs onto 1324.
      expect(smith.marks.map((m) => m.label)).toEqual(['1321', '1322', '1323', '1323', '1324']);
      expect(index.opinionTextOf(12)!.text).toMatch(/^The question presented/);
      expect(index.opinionTextOf(13)).toBeNull(); // no text in any field
      expect(index.opinionTextOf(999)).toBeNull(); // not a case of the index
      // The star pages give Smith a page range (no CAP list imported): a pin past it is caught.
      const [pin] = await index.lookup([{ id: 'a', volume: 925, reporter: 'F.3d', page: '1320', pin: '1330' }]);
      expect(pin).toMatchObject({ status: 'found', clusters: [{ caseName: 'Smith v. Jones', pages: { firstPage: 1320, lastPage: 1324 } }], pin: { beyondLastPage: true } });

      // A brief's quotation checked against the stored text: on its page, and altered.
      const brief =
        'A court "may not weigh the credibility of witnesses." Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019). ' +
        'And "the contract required the buyer to give notice within thirty days." Smith, 925 F.3d at 1321.';
      const citations = findCitations(brief);
      const checks = findQuotes(brief, citations).map((q) => {
        const target = quoteTarget(q, citations);
        if ('reason' in target) throw new Error(target.reason);
        return checkQuote(q, { opinion: prepareOpinion(smith), target });
      });
      expect(checks.map((c) => [c.status, c.foundPage])).toEqual([['verified', '1321'], ['altered', '1321']]);
    } finally {
      index.close();
    }
  });

  it('without --with-opinions the opinions file is not fetched', async () => {
    await startBucket();
    await downloadSnapshot(options());
    expect(bucket.objectGets().map((r) => r.path)).not.toContain(`/${OPINIONS}`);
    const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
    expect(index.info.casesWithText).toBe(0);
    expect(index.opinionTextOf(10)).toBeNull();
    index.close();
  });

  it('a snapshot whose opinions file is not yet published is not complete with --with-opinions', async () => {
    const objects = bucketObjects();
    delete objects[OPINIONS];
    await startBucket(objects);
    await expect(downloadSnapshot(options({ withOpinions: true }))).rejects.toThrow(/need courts-, dockets-, opinion-clusters-, citations- and opinions-<date>\.csv\.bz2 of one date/);
  });

  it('caselaw import reads an opinions file on disk in the older backtick dialect too', async () => {
    const folder = join(dir, 'disk');
    mkdirSync(folder);
    const tables = snapshotTables();
    writeFileSync(join(folder, `courts-${SNAPSHOT_DATE}.csv`), tables.courts);
    writeFileSync(join(folder, `dockets-${SNAPSHOT_DATE}.csv`), tables.dockets);
    writeFileSync(join(folder, `opinion-clusters-${SNAPSHOT_DATE}.csv`), tables.clusters);
    writeFileSync(join(folder, `citations-${SNAPSHOT_DATE}.csv`), tables.citations);
    writeFileSync(join(folder, `opinions-${SNAPSHOT_DATE}.csv.bz2`), bzip2(opinionsTable('backtick')));
    const report = await importBulkData([folder], { indexPath: join(dir, 'disk.sqlite'), authoritative: true, reporters: ['F.3d'] });
    // --reporters F.3d: only Smith's opinions are kept (Alpha v. Beta is a U.S. case).
    expect(report.coverage.casesWithText).toBe(1);
    const index = LocalCitationIndex.open(join(dir, 'disk.sqlite'));
    expect(index.opinionTextOf(10)!.text).toContain("the buyer's delay did not forfeit its claim");
    expect(index.opinionTextOf(12)).toBeNull();
    index.close();
  });
});

describe('helpers', () => {
  it('names CAP reporter folders as the static site does', () => {
    expect(['F.3d', 'U.S.', 'F. Supp. 2d', 'S. Ct.', "F. App'x", 'L. Ed. 2d', 'N.E.2d', 'So. 3d'].map(capReporterSlug)).toEqual(['f3d', 'us', 'f-supp-2d', 's-ct', 'f-appx', 'l-ed-2d', 'ne2d', 'so-3d']);
  });

  it('renders bytes, rate and time left', () => {
    expect(renderDownloadProgress({ file: 'citations-2026-10-31.csv.bz2', fileBytes: 1.2e9, fileSize: 4e9, doneBytes: 3.1e9, totalBytes: 9.8e9, bytesPerSecond: 12.3e6, secondsLeft: 545 })).toBe(
      'citations-2026-10-31.csv.bz2: 1.2 GB of 4.0 GB; all files 3.1 GB of 9.8 GB (31%), 12.3 MB/s, 9:05 left',
    );
  });
});
