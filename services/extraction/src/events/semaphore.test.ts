import { Semaphore } from './semaphore';

it('never runs more than its limit at once, and runs everything', async () => {
  const semaphore = new Semaphore(2);
  let running = 0;
  let peak = 0;
  const done = await Promise.all(
    Array.from({ length: 7 }, (_, i) =>
      semaphore.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (i === 3) throw new Error('a failed holder still frees its slot');
        return i;
      }).catch(() => -1),
    ),
  );
  expect(peak).toBe(2);
  expect(done).toEqual([0, 1, 2, -1, 4, 5, 6]);
});
