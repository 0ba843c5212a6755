import { withHeartbeat } from './kafka-bus';

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
