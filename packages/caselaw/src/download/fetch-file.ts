/**
 * One large file over HTTP into `<dest>.part`, resumable: a retry (in this run, after a
 * dropped connection, or in a later run) asks only for the missing bytes with a Range
 * request, and the part file becomes `<dest>` only when it has exactly the listed size.
 */
import { createWriteStream, existsSync, renameSync, statSync, truncateSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class DownloadError extends Error {
  override name = 'DownloadError';
}

export interface FetchFileOptions {
  /** Size from the bucket listing; the download is complete at exactly this many bytes. */
  size: number;
  /** Attempts after the first, each resuming where the last stopped (default 5). */
  retries?: number;
  /** Wait before retry n is n × this (default 2,000 ms). */
  retryDelayMs?: number;
  /** Called with the bytes on disk so far (resumed bytes included) as they arrive. */
  onBytes?: (bytesOnDisk: number) => void;
  /** Called before a retry, for the log. */
  onRetry?: (attempt: number, reason: string, bytesOnDisk: number) => void;
  /** A connection that delivers nothing for this long is given up and resumed (default 60 s). */
  stallTimeoutMs?: number;
}

export interface FetchFileResult {
  path: string;
  /** Bytes already on disk from an earlier attempt or run. */
  resumedFrom: number;
  /** Bytes transferred by this call. */
  transferred: number;
  attempts: number;
}

/** A failure not worth retrying (404, 403: the file is not there, or not ours to read). */
class Fatal extends DownloadError {}

/**
 * Downloads `url` to `dest`, resuming a `dest.part` left by an earlier run.
 * @example await fetchFile('https://…/bulk-data/citations-2026-10-31.csv.bz2', '/data/bulk/citations-2026-10-31.csv.bz2', { size: 123456789 })
 */
export async function fetchFile(url: string, dest: string, options: FetchFileOptions): Promise<FetchFileResult> {
  const part = `${dest}.part`;
  const { size } = options;
  if (existsSync(dest) && statSync(dest).size === size) return { path: dest, resumedFrom: size, transferred: 0, attempts: 0 };
  const sizeOnDisk = (): number => (existsSync(part) ? statSync(part).size : 0);
  if (sizeOnDisk() > size) truncateSync(part, 0); // a part of some other, larger version of the file
  const resumedFrom = sizeOnDisk();
  const retries = options.retries ?? 5;
  let transferred = 0;
  let attempt = 0;
  for (;;) {
    attempt++;
    const have = sizeOnDisk();
    try {
      if (have < size) transferred += await fetchRange(url, part, have, size, options);
      const got = sizeOnDisk();
      if (got !== size) throw new DownloadError(`${basename(dest)}: got ${got} bytes, the listing says ${size}`);
      renameSync(part, dest);
      return { path: dest, resumedFrom, transferred, attempts: attempt };
    } catch (err) {
      if (err instanceof Fatal || attempt > retries) {
        const why = (err as Error).message;
        throw new DownloadError(`Downloading ${basename(dest)} failed after ${attempt} attempt(s): ${why}. Run the command again to resume (${sizeOnDisk()} of ${size} bytes are kept).`);
      }
      options.onRetry?.(attempt, (err as Error).message, sizeOnDisk());
      await new Promise((r) => setTimeout(r, attempt * (options.retryDelayMs ?? 2000)));
    }
  }
}

/** One request from byte `from` to the end; appends to the part file; returns bytes written. */
async function fetchRange(url: string, part: string, from: number, size: number, options: FetchFileOptions): Promise<number> {
  const headers: Record<string, string> = from > 0 ? { range: `bytes=${from}-` } : {};
  // A connection can stay open and deliver nothing (a stuck proxy, a half-dead peer): abort it
  // when no byte has come for a while, and let the retry resume from what is on disk.
  const stall = new AbortController();
  const stallMs = options.stallTimeoutMs ?? 60_000;
  let timer = setTimeout(() => stall.abort(new Error(`no data for ${stallMs / 1000} s`)), stallMs);
  const alive = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(new Error(`no data for ${stallMs / 1000} s`)), stallMs);
  };
  try {
    return await fetchBody(url, part, from, size, options, headers, stall.signal, alive);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchBody(url: string, part: string, from: number, size: number, options: FetchFileOptions, headers: Record<string, string>, signal: AbortSignal, alive: () => void): Promise<number> {
  const res = await fetch(url, { headers, signal });
  let start = 0;
  if (res.status === 206) {
    const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
    if (!m || Number(m[1]) !== from) throw new DownloadError(`unexpected Content-Range ${res.headers.get('content-range')} for a request from byte ${from}`);
    if (m[3] !== '*' && Number(m[3]) !== size) {
      // The object changed since it was listed: what is on disk belongs to another version.
      truncateSync(part, 0);
      throw new DownloadError(`the file is now ${m[3]} bytes, it was listed at ${size}; starting it again`);
    }
    start = from;
  } else if (res.status === 200) {
    start = 0; // the server ignored the Range header: the whole file comes again
  } else if (res.status === 416) {
    truncateSync(part, 0);
    throw new DownloadError(`the server refused the range from byte ${from} (HTTP 416); starting it again`);
  } else if (res.status === 404 || res.status === 403) {
    throw new Fatal(`HTTP ${res.status} for ${url}`);
  } else {
    throw new DownloadError(`HTTP ${res.status} for ${url}`);
  }
  if (!res.body) throw new DownloadError(`an empty answer for ${url}`);
  let written = 0;
  const out = createWriteStream(part, start > 0 ? { flags: 'a' } : { flags: 'w' });
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    alive();
    written += chunk.length;
    options.onBytes?.(start + written);
  });
  // On a dropped connection the body errors; the bytes that arrived stay in the part file.
  await pipeline(body, out);
  return written;
}
