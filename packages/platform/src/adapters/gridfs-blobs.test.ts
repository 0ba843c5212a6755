import { randomUUID } from 'node:crypto';
import { announceSkip } from '../testing/skip';
import { describeBlobsContract } from '../testing/blobs-contract';
import { createGridfsBlobs } from './gridfs-blobs';
import { connectMongo } from './mongo';

const url = process.env.MONGO_URL;

if (url) {
  const database = `citecheck_blobs_${randomUUID().slice(0, 8)}`;
  describeBlobsContract('gridfs', async () => createGridfsBlobs({ url, service: 'contract', database }));
  afterAll(async () => {
    const handle = connectMongo(url, database);
    await (await handle.db).dropDatabase();
    await handle.release();
  });
} else {
  announceSkip('SKIPPED: gridfs blobs contract suite (no MONGO_URL)');
  describe.skip('Blobs contract: gridfs (no MONGO_URL)', () => {
    it('needs MONGO_URL', () => undefined);
  });
}
