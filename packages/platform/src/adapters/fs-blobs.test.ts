import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describeBlobsContract } from '../testing/blobs-contract';
import { blobPath, createFsBlobs } from './fs-blobs';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'citecheck-blobs-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeBlobsContract('fs', async () => createFsBlobs({ dataDir: tempDir() }));

describe('fs blobs specifics', () => {
  it('refuses keys that could leave the blob directory', () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '', 'a/./b', 'nul\0byte']) {
      expect(() => blobPath(key)).toThrow('invalid blob key');
    }
    expect(blobPath('documents/d1/My Brief.pdf')).toBe(join('documents', 'd1', 'My%20Brief.pdf'));
    expect(blobPath('.hidden')).toBe('%2Ehidden');
  });

  it('keeps the old blob and leaves no temp file when an upload stream fails midway', async () => {
    const dataDir = tempDir();
    const blobs = createFsBlobs({ dataDir });
    await blobs.put('doc', Buffer.from('good'));
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(blobs.put('doc', failing)).rejects.toThrow('client went away');
    expect((await blobs.getBuffer('doc')).toString()).toBe('good');
    expect(readdirSync(join(dataDir, 'blobs', '.tmp'))).toEqual([]);
  });

  it('writes under <dataDir>/blobs', async () => {
    const dataDir = tempDir();
    await createFsBlobs({ dataDir }).put('a/b.txt', Buffer.from('x'));
    expect(existsSync(join(dataDir, 'blobs', 'a', 'b.txt'))).toBe(true);
  });
});
