import { Waiters } from './waiters';

describe('Waiters', () => {
  it('settles every waiter of a document in process', async () => {
    const waiters = new Waiters();
    const a = waiters.wait('doc', 5000, async () => null);
    const b = waiters.wait('doc', 5000, async () => null);
    waiters.settle('doc', { ok: true });
    await expect(Promise.all([a, b])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(waiters.size).toBe(0);
  });

  it('finds an outcome stored by another replica through the poll', async () => {
    const waiters = new Waiters();
    let stored: { ok: false; message: string; code: string } | null = null;
    const waiting = waiters.wait('doc', 5000, async () => stored, 20);
    stored = { ok: false, message: 'This PDF is password-protected.', code: 'pdf-encrypted' };
    await expect(waiting).resolves.toEqual(stored);
  });

  it('answers null on timeout and forgets the waiter', async () => {
    const waiters = new Waiters();
    await expect(waiters.wait('doc', 30, async () => null, 10)).resolves.toBeNull();
    expect(waiters.size).toBe(0);
  });
});
