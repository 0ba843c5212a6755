/**
 * Free disk space, checked before a download starts: a full disk halfway through a
 * multi-gigabyte download or an index build fails late and leaves litter.
 */
import { existsSync, mkdirSync, statSync, statfsSync } from 'node:fs';

export class DiskSpaceError extends Error {
  override name = 'DiskSpaceError';
}

/** Bytes an unprivileged process may still write on the filesystem holding `dir`. */
export function freeBytes(dir: string): number {
  mkdirSync(dir, { recursive: true });
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
}

/**
 * The local index takes roughly half the compressed size of the files it is built from (it
 * keeps a few columns of each table, plus its lookup index and SQLite's sort space while that
 * index is built). A deliberately generous estimate: running out of space costs more.
 */
export function estimateIndexBytes(compressedBytes: number): number {
  return Math.max(64 << 20, Math.ceil(compressedBytes * 0.5));
}

export interface SpaceNeed {
  downloadDir: string;
  downloadBytes: number;
  indexDir: string;
  indexBytes: number;
}

/**
 * Throws DiskSpaceError, naming both figures, when the space needed is not free. The two
 * folders may share a filesystem (then their needs add up) or not.
 */
export function checkDiskSpace(need: SpaceNeed, free: (dir: string) => number = freeBytes): void {
  const device = (dir: string): number => (existsSync(dir) ? statSync(dir).dev : -1);
  mkdirSync(need.downloadDir, { recursive: true });
  mkdirSync(need.indexDir, { recursive: true });
  const same = device(need.downloadDir) === device(need.indexDir);
  const checks = same
    ? [{ dir: need.downloadDir, bytes: need.downloadBytes + need.indexBytes }]
    : [
        { dir: need.downloadDir, bytes: need.downloadBytes },
        { dir: need.indexDir, bytes: need.indexBytes },
      ];
  for (const c of checks) {
    const available = free(c.dir);
    if (available < c.bytes) {
      throw new DiskSpaceError(
        `Not enough free disk space in ${c.dir}: this needs about ${formatBytes(c.bytes)} ` +
          `(${formatBytes(need.downloadBytes)} of files still to download, about ${formatBytes(need.indexBytes)} for the index) ` +
          `and ${formatBytes(available)} is free. Free some space, or choose other folders with --dir and --index.`,
      );
    }
  }
}

/** `1.2 GB`, `340.0 MB`, `12 B` (decimal units, as download sizes are usually shown). */
export function formatBytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return i === 0 ? `${n} B` : `${v.toFixed(1)} ${units[i]}`;
}
