/**
 * The embedded Blobs: files under `<dataDir>/blobs`.
 *
 * A put streams into a temporary file in the same directory tree, fsyncs it and renames it
 * over the target: rename is atomic on one file system, so a reader sees the old blob or
 * the new one, never half of either, and a crash mid-upload leaves only a stray temp file.
 *
 * Keys may contain `/` (e.g. `documents/<id>/original.pdf`); each segment is
 * percent-encoded and `.`/`..`/empty segments are refused, so no key can escape the root.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, readFile, readdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, type BlobInfo, type Blobs } from '../ports';

export interface FsBlobsOptions {
  /** The data directory; blobs live in `<dataDir>/blobs`. */
  dataDir: string;
  /** A subdirectory per owner (createPorts passes the service), so services never share keys. */
  namespace?: string;
}

/** Maps a key to a relative file path, refusing keys that could leave the root. */
export function blobPath(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw new Error('invalid blob key');
  const segments = key.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('\0')) {
      throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
    }
  }
  // encodeURIComponent leaves letters, digits and - _ . ! ~ * ' ( ) alone; a leading dot is
  // escaped too so no blob hides among (or collides with) the temp directory.
  return join(...segments.map((s) => encodeURIComponent(s).replace(/^\./, '%2E')));
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

export function createFsBlobs(options: FsBlobsOptions): Blobs {
  const root = options.namespace ? join(options.dataDir, 'blobs', blobPath(options.namespace)) : join(options.dataDir, 'blobs');
  const tmp = join(root, '.tmp');
  const file = (key: string) => join(root, blobPath(key));
  let cleaned: Promise<void> | undefined;

  /** Temp files left by a crashed put are garbage; clear them once per open. */
  const ready = () =>
    (cleaned ??= (async () => {
      await mkdir(tmp, { recursive: true });
      for (const name of await readdir(tmp)) await rm(join(tmp, name), { force: true });
    })());

  return {
    async put(key: string, data: Buffer | Readable): Promise<BlobInfo> {
      const target = file(key);
      await ready();
      const temp = join(tmp, randomUUID());
      try {
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temp));
        const handle = await open(temp, 'r');
        try {
          await handle.sync(); // data on disk before the rename makes it visible
        } finally {
          await handle.close();
        }
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { key, size: (await stat(target)).size };
    },

    async get(key: string): Promise<Readable> {
      const path = file(key);
      // Open first, so a missing blob is an error here and not a later stream error.
      const handle = await open(path, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new BlobNotFoundError(key) : error;
      });
      return createReadStream('', { fd: handle.fd, autoClose: true }).on('close', () => void handle.close().catch(() => undefined));
    },

    async getBuffer(key: string): Promise<Buffer> {
      return readFile(file(key)).catch((error: unknown) => {
        throw isMissing(error) ? new BlobNotFoundError(key) : error;
      });
    },

    async exists(key: string): Promise<boolean> {
      return stat(file(key)).then(
        (s) => s.isFile(),
        (error: unknown) => {
          if (isMissing(error)) return false;
          throw error;
        },
      );
    },

    async delete(key: string): Promise<boolean> {
      return unlink(file(key)).then(
        () => true,
        (error: unknown) => {
          if (isMissing(error)) return false;
          throw error;
        },
      );
    },

    async close(): Promise<void> {
      // Nothing is held open between calls.
    },
  };
}
