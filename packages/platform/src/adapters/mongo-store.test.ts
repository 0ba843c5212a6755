import { randomUUID } from 'node:crypto';
import { announceSkip } from '../testing/skip';
import { describeStoreContract } from '../testing/store-contract';
import { connectMongo } from './mongo';
import { createMongoStore, toMongoFilter, toMongoSort, toMongoUpdate } from './mongo-store';

const url = process.env.MONGO_URL;

if (url) {
  const database = `citecheck_contract_${randomUUID().slice(0, 8)}`;
  describeStoreContract('mongo', async () => createMongoStore({ url, service: 'contract', database }));
  afterAll(async () => {
    const handle = connectMongo(url, database);
    await (await handle.db).dropDatabase();
    await handle.release();
  });
} else {
  announceSkip('SKIPPED: mongo store contract suite (no MONGO_URL)');
  describe.skip('Store contract: mongo (no MONGO_URL)', () => {
    it('needs MONGO_URL', () => undefined);
  });
}

// The translation to MongoDB's query language runs without a server.
describe('mongo store translation', () => {
  it('maps id to _id in filters and sorts, and keeps operators as they are', () => {
    expect(toMongoFilter({ id: 'u1', 'address.city': { $in: ['London'] }, age: { $gte: 3 } })).toEqual({
      _id: 'u1',
      'address.city': { $in: ['London'] },
      age: { $gte: 3 },
    });
    expect(toMongoSort({ id: -1 })).toEqual([['_id', -1]]);
    expect(toMongoSort({ name: 1 })).toEqual([
      ['name', 1],
      ['_id', 1],
    ]);
  });

  it('refuses operators outside the Store port, which could run code or scan on the server', () => {
    expect(() => toMongoFilter({ $where: 'sleep(1000)' })).toThrow('unsupported filter operator $where');
    expect(() => toMongoFilter({ name: { $regex: '.*' } })).toThrow('unsupported filter operator $regex');
  });

  it('builds $set/$inc/$unset and drops empty parts', () => {
    expect(toMongoUpdate('u1', { $set: { id: 'u1', name: 'A' }, $inc: { n: -1 }, $unset: ['tmp'] } as never)).toEqual({
      $set: { name: 'A' },
      $inc: { n: -1 },
      $unset: { tmp: '' },
    });
    expect(toMongoUpdate('u1', { $set: {} })).toEqual({});
    expect(() => toMongoUpdate('u1', { $set: { id: 'u2' } } as never)).toThrow('id of a document cannot change');
  });
});
