/**
 * The contract every Store adapter passes. Call it from a test file with a factory that
 * returns a fresh, empty store:
 *
 *   describeStoreContract('sqlite (memory)', async () => createSqliteStore({ dir: ':memory:', service: 't' }));
 */
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Store } from '../ports';

interface Person {
  id: string;
  name: string;
  age?: number;
  email?: string;
  active?: boolean;
  tags?: string[];
  address?: { city: string; zip?: string };
  nickname?: string | null;
}

const people: Person[] = [
  { id: 'p1', name: 'Ada', age: 36, email: 'ada@example.com', active: true, address: { city: 'London', zip: 'N1' } },
  { id: 'p2', name: 'Brian', age: 25, email: 'brian@example.com', active: false, address: { city: 'Paris' } },
  { id: 'p3', name: 'Chen', age: 41, email: 'chen@example.com', active: true, nickname: null },
  { id: 'p4', name: 'Dana', age: 25, email: 'dana@example.com', nickname: 'D' },
  { id: 'p5', name: 'Eve', email: 'eve@example.com', active: true, address: { city: 'London' } },
];

const ids = (docs: { id: string }[]) => docs.map((d) => d.id).sort();

export function describeStoreContract(name: string, makeStore: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    // A fresh collection name per test keeps tests independent on a shared database.
    let collectionName: string;

    beforeEach(async () => {
      store = await makeStore();
      collectionName = `people_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    });
    afterEach(async () => {
      await store.close();
    });

    const people$ = () =>
      store.collection<Person>({
        name: collectionName,
        indexes: [{ fields: ['email'], unique: true }, { fields: ['age'] }, { fields: ['name', 'age'] }],
      });
    const seeded = async () => {
      const collection = people$();
      for (const p of people) await collection.insert(p);
      return collection;
    };

    it('keeps a collection with a TTL like any other: reads show only what was written, and the sweep deletes by time', async () => {
      const events = store.collection<{ id: string; at: string; n: number }>({ name: `${collectionName}_ttl`, indexes: [{ fields: ['at'], expireAfterMs: 60_000 }] });
      await events.insert({ id: 'old', at: '2020-01-01T00:00:00.000Z', n: 1 });
      await events.insert({ id: 'new', at: '2999-01-01T00:00:00.000Z', n: 2 });
      expect(await events.get('old')).toEqual({ id: 'old', at: '2020-01-01T00:00:00.000Z', n: 1 });
      expect(await events.update('new', { $set: { at: '2998-01-01T00:00:00.000Z' } })).toEqual({ id: 'new', at: '2998-01-01T00:00:00.000Z', n: 2 });
      expect(await events.find({}, { sort: { at: 1 } })).toEqual([
        { id: 'old', at: '2020-01-01T00:00:00.000Z', n: 1 },
        { id: 'new', at: '2998-01-01T00:00:00.000Z', n: 2 },
      ]);
      expect(await events.deleteMany({ at: { $lt: '2021-01-01T00:00:00.000Z' } })).toBe(1);
      expect(ids(await events.find())).toEqual(['new']);
    });

    it('inserts, gets, updates and deletes a document', async () => {
      const c = people$();
      const inserted = await c.insert({ id: 'x1', name: 'Xena', age: 30, address: { city: 'Rome' } });
      expect(inserted).toEqual({ id: 'x1', name: 'Xena', age: 30, address: { city: 'Rome' } });
      expect(await c.get('x1')).toEqual(inserted);
      expect(await c.get('missing')).toBeNull();

      const updated = await c.update('x1', { $set: { name: 'Xenia', 'address.zip': '00100' } as Partial<Person> });
      expect(updated).toEqual({ id: 'x1', name: 'Xenia', age: 30, address: { city: 'Rome', zip: '00100' } });
      expect(await c.get('x1')).toEqual(updated);
      expect(await c.update('missing', { $set: { name: 'nobody' } })).toBeNull();

      expect(await c.delete('x1')).toBe(true);
      expect(await c.delete('x1')).toBe(false);
      expect(await c.get('x1')).toBeNull();
    });

    it('rejects a second document with the same id', async () => {
      const c = people$();
      await c.insert({ id: 'dup', name: 'One' });
      await expect(c.insert({ id: 'dup', name: 'Two' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await c.get('dup'))?.name).toBe('One');
    });

    it('raises DuplicateKeyError naming the field on a unique index violation, on insert and update', async () => {
      const c = await seeded();
      const error = await c.insert({ id: 'p9', name: 'Copy', email: 'ada@example.com' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect((error as DuplicateKeyError).fields).toEqual(['email']);
      expect((error as DuplicateKeyError).collection).toBe(collectionName);
      await expect(c.update('p2', { $set: { email: 'ada@example.com' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await c.get('p2'))?.email).toBe('brian@example.com');
      expect(await c.count()).toBe(people.length);
    });

    it('finds by equality, on top-level and dotted fields, booleans and null', async () => {
      const c = await seeded();
      expect(ids(await c.find({ age: 25 }))).toEqual(['p2', 'p4']);
      expect(ids(await c.find({ 'address.city': 'London' }))).toEqual(['p1', 'p5']);
      expect(ids(await c.find({ active: true }))).toEqual(['p1', 'p3', 'p5']);
      expect(ids(await c.find({ active: false }))).toEqual(['p2']);
      // null matches a null value and a missing field, as in MongoDB
      expect(ids(await c.find({ nickname: null }))).toEqual(['p1', 'p2', 'p3', 'p5']);
      expect(ids(await c.find({ id: 'p3' }))).toEqual(['p3']);
      expect(ids(await c.find({ name: 'Dana', age: 25 }))).toEqual(['p4']);
      expect(await c.find({ name: 'Nobody' })).toEqual([]);
      expect(ids(await c.find())).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
      expect(ids(await c.find({ age: undefined }))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    });

    it('supports every filter operator', async () => {
      const c = await seeded();
      expect(ids(await c.find({ age: { $eq: 41 } }))).toEqual(['p3']);
      expect(ids(await c.find({ age: { $ne: 25 } }))).toEqual(['p1', 'p3', 'p5']); // missing counts as "not 25"
      expect(ids(await c.find({ name: { $in: ['Ada', 'Eve', 'Zed'] } }))).toEqual(['p1', 'p5']);
      expect(ids(await c.find({ name: { $nin: ['Ada', 'Eve'] } }))).toEqual(['p2', 'p3', 'p4']);
      expect(ids(await c.find({ age: { $nin: [25] } }))).toEqual(['p1', 'p3', 'p5']);
      expect(await c.find({ name: { $in: [] } })).toEqual([]);
      expect(ids(await c.find({ age: { $gt: 25 } }))).toEqual(['p1', 'p3']);
      expect(ids(await c.find({ age: { $gte: 36 } }))).toEqual(['p1', 'p3']);
      expect(ids(await c.find({ age: { $lt: 36 } }))).toEqual(['p2', 'p4']);
      expect(ids(await c.find({ age: { $lte: 36 } }))).toEqual(['p1', 'p2', 'p4']);
      expect(ids(await c.find({ age: { $gt: 20, $lt: 40 } }))).toEqual(['p1', 'p2', 'p4']);
      expect(ids(await c.find({ name: { $gte: 'C', $lt: 'E' } }))).toEqual(['p3', 'p4']);
      expect(ids(await c.find({ age: { $exists: false } }))).toEqual(['p5']);
      expect(ids(await c.find({ 'address.zip': { $exists: true } }))).toEqual(['p1']);
      expect(ids(await c.find({ nickname: { $exists: true } }))).toEqual(['p3', 'p4']); // null exists
      expect(ids(await c.find({ 'address.city': { $ne: 'London' } }))).toEqual(['p2', 'p3', 'p4']);
      expect(await c.count({ active: { $ne: true } })).toBe(2);
    });

    it('sorts, limits and skips', async () => {
      const c = await seeded();
      const byName = await c.find({}, { sort: { name: -1 } });
      expect(byName.map((p) => p.name)).toEqual(['Eve', 'Dana', 'Chen', 'Brian', 'Ada']);
      const byAgeThenName = await c.find({ age: { $exists: true } }, { sort: { age: 1, name: -1 } });
      expect(byAgeThenName.map((p) => p.id)).toEqual(['p4', 'p2', 'p1', 'p3']);
      const page = await c.find({}, { sort: { name: 1 }, skip: 1, limit: 2 });
      expect(page.map((p) => p.name)).toEqual(['Brian', 'Chen']);
      const rest = await c.find({}, { sort: { name: 1 }, skip: 3 });
      expect(rest.map((p) => p.name)).toEqual(['Dana', 'Eve']);
      const oldest = await c.findOne({ active: true }, { sort: { age: -1 } });
      expect(oldest?.id).toBe('p3');
      expect(await c.findOne({ name: 'Nobody' })).toBeNull();
      expect(await c.count({ active: true })).toBe(3);
    });

    it('applies $inc, $set and $unset, and updateMany/deleteMany report what they changed', async () => {
      const c = await seeded();
      const older = await c.update('p1', { $inc: { age: 2 }, $set: { name: 'Ada L.' }, $unset: ['address'] });
      expect(older).toEqual({ id: 'p1', name: 'Ada L.', age: 38, email: 'ada@example.com', active: true });
      const fromNothing = await c.update('p5', { $inc: { age: 3 } });
      expect(fromNothing?.age).toBe(3); // $inc of a missing field starts at 0

      expect(await c.updateMany({ age: 25 }, { $set: { active: true }, $inc: { age: 1 } })).toBe(2);
      expect(ids(await c.find({ age: 26, active: true }))).toEqual(['p2', 'p4']);
      expect(await c.updateMany({ name: 'Nobody' }, { $set: { active: false } })).toBe(0);

      expect(await c.deleteMany({ age: { $lt: 30 } })).toBe(3);
      expect(ids(await c.find())).toEqual(['p1', 'p3']);
    });

    it('updates conditionally: only when the document still matches', async () => {
      const c = await seeded();
      expect(await c.update('p2', { $set: { active: true } }, { active: true })).toBeNull();
      expect((await c.get('p2'))?.active).toBe(false);
      const changed = await c.update('p2', { $set: { active: true } }, { active: false, age: { $lt: 30 } });
      expect(changed?.active).toBe(true);
    });

    it('lets exactly 5 of 50 concurrent conditional decrements of a counter at 5 succeed', async () => {
      interface Counter {
        id: string;
        remaining: number;
      }
      const counters = store.collection<Counter>({ name: `${collectionName}_counters` });
      await counters.insert({ id: 'quota', remaining: 5 });
      const attempts = await Promise.all(
        Array.from({ length: 50 }, () => counters.update('quota', { $inc: { remaining: -1 } }, { remaining: { $gt: 0 } })),
      );
      expect(attempts.filter((r) => r !== null)).toHaveLength(5);
      expect((await counters.get('quota'))?.remaining).toBe(0);
      // every success saw a distinct remaining value: 4, 3, 2, 1, 0
      expect(attempts.flatMap((r) => (r ? [r.remaining] : [])).sort()).toEqual([0, 1, 2, 3, 4]);
    });

    it('keeps documents across collection() calls and sees indexes declared later', async () => {
      const c = await seeded();
      const again = store.collection<Person>({ name: collectionName, indexes: [{ fields: ['address.city'] }] });
      expect(ids(await again.find({ 'address.city': 'London' }))).toEqual(['p1', 'p5']);
      expect(await c.count()).toBe(5);
    });
  });
}
