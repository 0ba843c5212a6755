import { randomUUID } from 'node:crypto';
import { announceSkip } from '../testing/skip';
import { describeStoreContract } from '../testing/store-contract';
import { connectMongo } from './mongo';
import { createMongoStore, toMongoFilter, toMongoSort, toMongoUpdate, updateWithExpiry, withExpiry } from './mongo-store';

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

  it('keeps a TTL collection expiry as a BSON date beside its ISO timestamp, on insert and on update', () => {
    const ttl = { field: 'at', keepMs: 60_000 };
    expect(withExpiry({ _id: 'e1', at: '2026-01-01T00:00:00.000Z' }, ttl)).toEqual({ _id: 'e1', at: '2026-01-01T00:00:00.000Z', _expires: new Date('2026-01-01T00:01:00.000Z') });
    // No TTL, or no readable timestamp: nothing added (the sweep still judges the record).
    expect(withExpiry({ _id: 'e1', at: '2026-01-01T00:00:00.000Z' }, null)).toEqual({ _id: 'e1', at: '2026-01-01T00:00:00.000Z' });
    expect(withExpiry({ _id: 'e1' }, ttl)).toEqual({ _id: 'e1' });
    expect(updateWithExpiry(toMongoUpdate('e1', { $set: { at: '2026-02-01T00:00:00.000Z', n: 1 } } as never), ttl)).toEqual({
      $set: { at: '2026-02-01T00:00:00.000Z', n: 1, _expires: new Date('2026-02-01T00:01:00.000Z') },
    });
    expect(updateWithExpiry(toMongoUpdate('e1', { $unset: ['at'] } as never), ttl)).toEqual({ $unset: { at: '', _expires: '' } });
    expect(updateWithExpiry(toMongoUpdate('e1', { $set: { n: 2 } } as never), ttl)).toEqual({ $set: { n: 2 } });
  });
});
