/**
 * The contract every Blobs adapter passes:
 *
 *   describeBlobsContract('fs', async () => createFsBlobs({ dataDir: tmp }));
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobNotFoundError, type Blobs } from '../ports';
import { uniqueName } from './wait';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function describeBlobsContract(name: string, makeBlobs: () => Promise<Blobs>): void {
  describe(`Blobs contract: ${name}`, () => {
    let blobs: Blobs;
    let prefix: string;
    beforeEach(async () => {
      blobs = await makeBlobs();
      prefix = uniqueName('documents');
    });
    afterEach(async () => {
      await blobs.close();
    });

    it('stores a buffer and gives it back as a buffer and as a stream', async () => {
      const data = Buffer.from('%PDF-1.7 a small brief');
      const info = await blobs.put(`${prefix}/d1/original.pdf`, data);
      expect(info).toEqual({ key: `${prefix}/d1/original.pdf`, size: data.length });
      expect(await blobs.getBuffer(`${prefix}/d1/original.pdf`)).toEqual(data);
      expect(await readAll(await blobs.get(`${prefix}/d1/original.pdf`))).toEqual(data);
      expect(await blobs.exists(`${prefix}/d1/original.pdf`)).toBe(true);
    });

    it('streams a large upload in and out unchanged', async () => {
      const chunks = Array.from({ length: 40 }, () => randomBytes(64 * 1024));
      const info = await blobs.put(`${prefix}/big.bin`, Readable.from(chunks));
      expect(info.size).toBe(40 * 64 * 1024);
      expect((await readAll(await blobs.get(`${prefix}/big.bin`))).equals(Buffer.concat(chunks))).toBe(true);
    });

    it('replaces a blob written twice under one key', async () => {
      await blobs.put(`${prefix}/x`, Buffer.from('first version'));
      const info = await blobs.put(`${prefix}/x`, Buffer.from('second'));
      expect(info.size).toBe(6);
      expect((await blobs.getBuffer(`${prefix}/x`)).toString()).toBe('second');
    });

    it('reports a missing blob with BlobNotFoundError and exists() false', async () => {
      await expect(blobs.get(`${prefix}/missing`)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(blobs.getBuffer(`${prefix}/missing`)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await blobs.exists(`${prefix}/missing`)).toBe(false);
    });

    it('deletes, saying whether there was something to delete', async () => {
      await blobs.put(`${prefix}/gone`, Buffer.from('x'));
      expect(await blobs.delete(`${prefix}/gone`)).toBe(true);
      expect(await blobs.delete(`${prefix}/gone`)).toBe(false);
      expect(await blobs.exists(`${prefix}/gone`)).toBe(false);
    });

    it('stores an empty blob', async () => {
      expect(await blobs.put(`${prefix}/empty`, Buffer.alloc(0))).toEqual({ key: `${prefix}/empty`, size: 0 });
      expect((await blobs.getBuffer(`${prefix}/empty`)).length).toBe(0);
    });
  });
}
