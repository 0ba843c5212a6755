import pino from 'pino';
import { installShutdown } from './lifecycle';

const silent = pino({ level: 'silent' });

describe('installShutdown', () => {
  it('runs the steps in order on the signal, then exits 0', async () => {
    const order: string[] = [];
    const exited: number[] = [];
    const handle = installShutdown(
      silent,
      [
        { name: 'stop accepting', run: () => void order.push('http') },
        {
          name: 'stop consumers',
          run: async () => {
            await new Promise((r) => setTimeout(r, 20));
            order.push('consumers');
          },
        },
        {
          name: 'drain bus',
          run: () => {
            order.push('bus');
            throw new Error('already closed');
          },
        },
        { name: 'close store', run: async () => void order.push('store') },
      ],
      { signals: ['SIGUSR2'], exit: (code) => exited.push(code) },
    );
    process.emit('SIGUSR2');
    process.emit('SIGUSR2'); // a second signal does not run the steps twice
    await handle.shutdown('test');
    expect(order).toEqual(['http', 'consumers', 'bus', 'store']);
    expect(exited).toEqual([0]);
    handle.uninstall();
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });

  it('gives up waiting after the cap and exits 0 anyway', async () => {
    const exited: number[] = [];
    let reachedLast = false;
    const handle = installShutdown(
      silent,
      [
        { name: 'hangs', run: () => new Promise<void>(() => undefined) },
        { name: 'never reached', run: () => void (reachedLast = true) },
      ],
      { signals: [], timeoutMs: 50, exit: (code) => exited.push(code) },
    );
    const started = Date.now();
    await handle.shutdown('test');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(exited).toEqual([0]);
    expect(reachedLast).toBe(false);
  });
});
