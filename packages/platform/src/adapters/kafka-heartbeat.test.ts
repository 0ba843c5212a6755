import { retryWait, STOPPING, withHeartbeat } from './kafka-bus';

describe('withHeartbeat', () => {
  it('heartbeats while a long handler runs and stops when it ends', async () => {
    let beats = 0;
    const result = await withHeartbeat(
      () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 360)),
      async () => {
        beats++;
      },
      50,
    );
    expect(result).toBe('done');
    expect(beats).toBeGreaterThanOrEqual(5);
    const after = beats;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(beats).toBe(after);
  });

  it('keeps working through a failed heartbeat and passes the handler error on', async () => {
    const errors: unknown[] = [];
    await expect(
      withHeartbeat(
        () => new Promise((_, reject) => setTimeout(() => reject(new Error('handler failed')), 120)),
        async () => {
          throw new Error('The group is rebalancing');
        },
        30,
        (error) => errors.push(error),
      ),
    ).rejects.toThrow('handler failed');
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('retryWait', () => {
  const rebalancing = Object.assign(new Error('The group is rebalancing, so a rejoin is needed'), { type: 'REBALANCE_IN_PROGRESS' });

  it('heartbeats through the wait and ends it on time', async () => {
    let beats = 0;
    const started = Date.now();
    const result = await retryWait(300, async () => void beats++, 40);
    expect(result).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(beats).toBeGreaterThanOrEqual(4);
  });

  it('gives the wait up when the group rebalances, returning why; other heartbeat errors only reported', async () => {
    const errors: unknown[] = [];
    let beats = 0;
    const started = Date.now();
    const result = await retryWait(
      30_000,
      async () => {
        beats++;
        if (beats < 3) throw new Error('broker connection reset');
        throw rebalancing;
      },
      30,
      (error) => errors.push(error),
    );
    expect(result).toBe(rebalancing);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(errors.map((e) => (e as Error).message)).toEqual(['broker connection reset', 'broker connection reset']);
  });

  it('ends when the consumer is stopping, so a drain does not sit out a 30 s backoff', async () => {
    let stopping = false;
    setTimeout(() => (stopping = true), 100);
    const started = Date.now();
    expect(await retryWait(30_000, async () => undefined, 20, undefined, () => stopping)).toBe(STOPPING);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
