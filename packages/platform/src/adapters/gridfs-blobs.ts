/**
 * The distributed Blobs: MongoDB GridFS in the service's place on the MongoDB `MONGO_URL`
 * names (mongoLayout): bucket `<service>.blobs` in the URL's database, or `blobs` in the
 * service's own database when the URL names none. Reached
 * through mongoose's driver. GridFS files are immutable and filenames are not unique, so a
 * put uploads a new file and only then deletes older files of the same key: a reader sees
 * the old version or the new one, never a missing blob in between.
 */
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mongoose from 'mongoose';
import { BlobNotFoundError, type BlobInfo, type Blobs } from '../ports';
import { connectMongo, mongoLayout } from './mongo';

export interface GridfsBlobsOptions {
  url: string;
  service: string;
  /** Database name, with the bucket unprefixed; defaults to mongoLayout's. */
  database?: string;
  bucketName?: string;
}

export function createGridfsBlobs(options: GridfsBlobsOptions): Blobs {
  const layout = options.database ? { database: options.database, prefix: '' } : mongoLayout(options.url, options.service);
  const handle = connectMongo(options.url, layout.database);
  const bucket = handle.db.then((db) => new mongoose.mongo.GridFSBucket(db, { bucketName: layout.prefix + (options.bucketName ?? 'blobs') }));

  const latest = async (key: string) => {
    const files = await (await bucket).find({ filename: key }).sort({ uploadDate: -1, _id: -1 }).limit(1).toArray();
    return files[0];
  };

  return {
    async put(key: string, data: Buffer | Readable): Promise<BlobInfo> {
      if (typeof key !== 'string' || key.length === 0) throw new Error('invalid blob key');
      const b = await bucket;
      const upload = b.openUploadStream(key);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, counter, upload);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        throw error;
      }
      const older = await b.find({ filename: key, _id: { $ne: upload.id } }).toArray();
      for (const file of older) await b.delete(file._id).catch(() => undefined); // already gone is fine
      return { key, size };
    },

    async get(key: string): Promise<Readable> {
      const file = await latest(key);
      if (!file) throw new BlobNotFoundError(key);
      return (await bucket).openDownloadStream(file._id);
    },

    async getBuffer(key: string): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async exists(key: string): Promise<boolean> {
      return (await latest(key)) !== undefined;
    },

    async delete(key: string): Promise<boolean> {
      const b = await bucket;
      const files = await b.find({ filename: key }).toArray();
      for (const file of files) await b.delete(file._id);
      return files.length > 0;
    },

    async close(): Promise<void> {
      await handle.release();
    },
  };
}
