/**
 * `citecheck caselaw download`: the newest CourtListener bulk snapshot, from the public
 * bucket into the local index, in one command. Lists the bucket, picks the newest complete
 * set (courts, dockets, opinion clusters, citations), checks free disk space, downloads what
 * is not already on disk (resuming partial files), imports it (bzip2 decoded natively while
 * streaming, only the columns the index needs), optionally adds the Caselaw Access Project's
 * case lists, and records the snapshot's date in the index.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Bzip2Error } from '../local-index/csv';
import { checkSubset, importBulkData } from '../local-index/import';
import type { ImportProgress, ImportReport } from '../local-index/import';
import { defaultIndexPath } from '../local-index/schema';
import { BULK_PREFIX, COURTLISTENER_BUCKET_URL, listBucket, pickSnapshot } from './bucket';
import type { Snapshot, SnapshotFile } from './bucket';
import { checkDiskSpace, estimateIndexBytes, formatBytes, freeBytes } from './disk';
import { fetchFile } from './fetch-file';
import { CAP_STATIC_URL } from './cap';
import type { CapReport } from './cap';

export interface DownloadOptions {
  /** The bucket's base URL (default CourtListener's public bucket). */
  bucketUrl?: string;
  prefix?: string;
  /** Where the .bz2 files go (default `<DATA_DIR>/courtlistener-bulk`). */
  dir?: string;
  indexPath?: string;
  /** List the files and the space needed; download nothing. */
  dryRun?: boolean;
  reporters?: string[];
  courts?: string[];
  /** Also import the Caselaw Access Project's case lists of every volume it has (`--with-cap`). */
  withCap?: boolean;
  /** The former name of withCap (`--with-page-ranges`), kept so existing scripts keep working. */
  withPageRanges?: boolean;
  capUrl?: string;
  /**
   * Also download and import the snapshot's opinions file (`--with-opinions`, tens of GB): each
   * case's opinion text with its pages, for quotation checks, and star-pagination page ranges.
   */
  withOpinions?: boolean;
  /** Keep the .bz2 files after a successful import (default: delete them). */
  keepDownloads?: boolean;
  retries?: number;
  retryDelayMs?: number;
  /** See fetchFile (default 60 s). */
  stallTimeoutMs?: number;
  /** Free bytes on the filesystem holding a folder (tests pass their own). */
  freeBytes?: (dir: string) => number;
  onEvent?: (e: DownloadEvent) => void;
  /** Minimum time between byte-progress events (default 250 ms). */
  progressIntervalMs?: number;
}

export interface DownloadProgress {
  file: string;
  fileBytes: number;
  fileSize: number;
  /** Bytes on disk across all files of the snapshot. */
  doneBytes: number;
  totalBytes: number;
  /** Over this run's transfers only (resumed bytes came for free). */
  bytesPerSecond: number;
  /** null until there is a rate to go by. */
  secondsLeft: number | null;
}

export type DownloadEvent =
  | { type: 'snapshot'; snapshot: Snapshot; needBytes: number; freeBytes: number }
  | { type: 'file-start'; file: SnapshotFile; onDisk: number }
  | { type: 'bytes'; progress: DownloadProgress }
  | { type: 'retry'; file: SnapshotFile; attempt: number; reason: string; bytesOnDisk: number }
  | { type: 'file-done'; file: SnapshotFile; transferred: number; resumedFrom: number }
  | { type: 'import'; progress: ImportProgress }
  | { type: 'cap'; done: number; total: number; cases: number };

export interface DownloadResult {
  snapshot: Snapshot;
  dryRun: boolean;
  dir: string;
  indexPath: string;
  /** Bytes still to download when the command started, and the space the whole run needs. */
  remainingBytes: number;
  needBytes: number;
  freeBytes: number;
  files: { name: string; size: number; onDisk: number }[];
  import: ImportReport | null;
  /** What the Caselaw Access Project step read (with `withCap`). */
  cap: CapReport | null;
}

/**
 * Downloads the newest snapshot and imports it.
 * @example await downloadSnapshot({ reporters: ['F.3d', 'U.S.'], onEvent: (e) => console.log(e.type) })
 */
export async function downloadSnapshot(options: DownloadOptions = {}): Promise<DownloadResult> {
  const bucketUrl = options.bucketUrl ?? COURTLISTENER_BUCKET_URL;
  const prefix = options.prefix ?? BULK_PREFIX;
  const indexPath = resolve(options.indexPath ?? defaultIndexPath());
  const dir = resolve(options.dir ?? join(dirname(indexPath), 'courtlistener-bulk'));
  const free = options.freeBytes ?? freeBytes;
  checkSubset(options); // a typo in --reporters should not cost a multi-gigabyte download first

  const snapshot = pickSnapshot(await listBucket(bucketUrl, prefix), prefix, { withOpinions: options.withOpinions });
  const onDisk = (f: SnapshotFile): number => {
    const path = join(dir, f.name);
    if (existsSync(path) && statSync(path).size === f.size) return f.size;
    return existsSync(`${path}.part`) ? Math.min(f.size, statSync(`${path}.part`).size) : 0;
  };
  const files = snapshot.files.map((f) => ({ name: f.name, size: f.size, onDisk: onDisk(f) }));
  const remainingBytes = files.reduce((n, f) => n + f.size - f.onDisk, 0);
  const indexBytes = estimateIndexBytes(snapshot.totalBytes);
  const need = { downloadDir: dir, downloadBytes: remainingBytes, indexDir: dirname(indexPath), indexBytes };
  mkdirSync(dir, { recursive: true });
  const available = free(dir);
  options.onEvent?.({ type: 'snapshot', snapshot, needBytes: remainingBytes + indexBytes, freeBytes: available });
  const result: DownloadResult = {
    snapshot,
    dryRun: Boolean(options.dryRun),
    dir,
    indexPath,
    remainingBytes,
    needBytes: remainingBytes + indexBytes,
    freeBytes: available,
    files,
    import: null,
    cap: null,
  };
  if (options.dryRun) return result;
  checkDiskSpace(need, free);

  const started = Date.now();
  let transferredThisRun = 0;
  let doneBefore = 0; // bytes of the files already finished in this loop
  let lastEvent = 0;
  const interval = options.progressIntervalMs ?? 250;
  for (const f of snapshot.files) {
    const dest = join(dir, f.name);
    const startOnDisk = onDisk(f);
    options.onEvent?.({ type: 'file-start', file: f, onDisk: startOnDisk });
    let lastOnDisk = startOnDisk;
    const got = await fetchFile(`${bucketUrl.replace(/\/+$/, '')}/${f.key.split('/').map(encodeURIComponent).join('/')}`, dest, {
      size: f.size,
      retries: options.retries,
      retryDelayMs: options.retryDelayMs,
      stallTimeoutMs: options.stallTimeoutMs,
      onRetry: (attempt, reason, bytesOnDisk) => {
        lastOnDisk = bytesOnDisk;
        options.onEvent?.({ type: 'retry', file: f, attempt, reason, bytesOnDisk });
      },
      onBytes: (bytesOnDisk) => {
        transferredThisRun += Math.max(0, bytesOnDisk - lastOnDisk);
        lastOnDisk = bytesOnDisk;
        const now = Date.now();
        if (now - lastEvent < interval && bytesOnDisk < f.size) return;
        lastEvent = now;
        const elapsed = (now - started) / 1000;
        const rate = elapsed > 0 ? transferredThisRun / elapsed : 0;
        const doneBytes = doneBefore + bytesOnDisk + snapshot.files.slice(snapshot.files.indexOf(f) + 1).reduce((n, g) => n + onDisk(g), 0);
        options.onEvent?.({
          type: 'bytes',
          progress: { file: f.name, fileBytes: bytesOnDisk, fileSize: f.size, doneBytes, totalBytes: snapshot.totalBytes, bytesPerSecond: Math.round(rate), secondsLeft: rate > 0 ? Math.round((snapshot.totalBytes - doneBytes) / rate) : null },
        });
      },
    });
    doneBefore += f.size;
    options.onEvent?.({ type: 'file-done', file: f, transferred: got.transferred, resumedFrom: got.resumedFrom });
  }

  result.import = await importBulkData(
    snapshot.files.map((f) => join(dir, f.name)),
    {
      indexPath,
      authoritative: true,
      source: 'courtlistener-bulk',
      snapshotDate: snapshot.date,
      reporters: options.reporters,
      courts: options.courts,
      onProgress: (progress) => options.onEvent?.({ type: 'import', progress }),
      cap:
        options.withCap || options.withPageRanges
          ? { url: options.capUrl ?? CAP_STATIC_URL, retryDelayMs: options.retryDelayMs, onProgress: (done, total, cases) => options.onEvent?.({ type: 'cap', done, total, cases }) }
          : undefined,
    },
  ).catch((err: Error) => {
    // A file that does not decode matches its listed size all the same: without this, every
    // later run would skip downloading it and fail on it again.
    if (err.cause instanceof Bzip2Error) {
      rmSync(err.cause.path, { force: true });
      err.message += '. The file was deleted: run the command again to download it anew';
    }
    throw err;
  });
  result.cap = result.import.cap;
  if (!options.keepDownloads) for (const f of snapshot.files) rmSync(join(dir, f.name), { force: true });
  return result;
}

/**
 * One progress line.
 * @example renderDownloadProgress(p) // 'citations-2026-10-31.csv.bz2: 1.2 GB of 4.0 GB; all files 3.1 GB of 9.8 GB (32%), 12.3 MB/s, 9:05 left'
 */
export function renderDownloadProgress(p: DownloadProgress): string {
  const pct = p.totalBytes > 0 ? Math.floor((100 * p.doneBytes) / p.totalBytes) : 100;
  const left = p.secondsLeft === null ? 'time left unknown' : `${clock(p.secondsLeft)} left`;
  return `${p.file}: ${formatBytes(p.fileBytes)} of ${formatBytes(p.fileSize)}; all files ${formatBytes(p.doneBytes)} of ${formatBytes(p.totalBytes)} (${pct}%), ${formatBytes(p.bytesPerSecond)}/s, ${left}`;
}

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}
