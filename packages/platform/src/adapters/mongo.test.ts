import type mongoose from 'mongoose';
import { connectMongo } from './mongo';

/** A stand-in for a mongoose connection: connected, with a database object. */
function fakeConnection(): mongoose.Connection {
  const connection = { readyState: 1, db: { databaseName: 'x' }, close: jest.fn(async () => undefined) };
  return connection as unknown as mongoose.Connection;
}

describe('connectMongo', () => {
  it('retries the first connection with growing delays until the database answers', async () => {
    let calls = 0;
    const delays: number[] = [];
    const handle = connectMongo('mongodb://down.example:27017', `retry-${Date.now()}`, {
      backoffMs: 5,
      maxBackoffMs: 20,
      open: async () => {
        calls++;
        if (calls < 5) throw new Error('connect ECONNREFUSED');
        return fakeConnection();
      },
      onRetry: (_error, _attempt, delayMs) => delays.push(delayMs),
    });
    expect(handle.connected()).toBe(false);
    await expect(handle.db).resolves.toEqual({ databaseName: 'x' });
    expect(calls).toBe(5);
    expect(delays).toEqual([5, 10, 20, 20]);
    expect(handle.connected()).toBe(true);
    expect(handle.state()).toEqual({ attempts: 4, lastError: 'connect ECONNREFUSED' });
    await handle.release();
  });

  it('stops retrying once released', async () => {
    let calls = 0;
    const handle = connectMongo('mongodb://down.example:27017', `released-${Date.now()}`, {
      backoffMs: 5,
      open: async () => {
        calls++;
        throw new Error('connect ECONNREFUSED');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await handle.release();
    await expect(handle.db).rejects.toThrow();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(after);
  });
});
