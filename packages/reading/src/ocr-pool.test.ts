/**
 * The tesseract pool's scheduling: pages are recognised owner by owner, a cancelled document's
 * queued pages leave at once, one owner's queue is bounded, and OCR threads run at a lower
 * CPU priority than the rest of the process.
 */
import { QueueFullError } from './fair-queue';
import { OcrPool } from './ocr';
import { pngBytes, threadNiceValues } from '../test/fixtures';

let pool: OcrPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

it('recognises a newcomer’s page right after the page in progress, before the backlog queued ahead of it', async () => {
  pool = new OcrPool({ size: 1 });
  const png = await pngBytes();
  const finished: string[] = [];
  const page = (owner: string, name: string) => pool!.recognize(png, { owner }).then(() => void finished.push(name));
  const pages = [page('attacker', 'a1'), page('attacker', 'a2'), page('attacker', 'a3'), page('attacker', 'a4'), page('lawyer', 'l1')];
  await Promise.all(pages);
  expect(finished).toEqual(['a1', 'l1', 'a2', 'a3', 'a4']);
}, 60_000);

it('drops the queued pages of a cancelled document the moment it is cancelled', async () => {
  pool = new OcrPool({ size: 1 });
  const png = await pngBytes();
  const cancel = new AbortController();
  const other = pool.recognize(png, { owner: 'other' });
  const cancelled = [1, 2, 3].map(() => pool!.recognize(png, { owner: 'scanner', signal: cancel.signal }));
  expect(pool.stats().queued).toBe(4); // the worker is still starting: nothing has been taken
  cancel.abort(new Error('cancelled'));
  expect(pool.stats().queued).toBe(1);
  for (const page of cancelled) await expect(page).rejects.toThrow('cancelled');
  await expect(other).resolves.toMatchObject({ items: expect.any(Array) });
  // Already cancelled: refused without queueing.
  await expect(pool.recognize(png, { owner: 'scanner', signal: cancel.signal })).rejects.toThrow('cancelled');
  expect(pool.stats()).toEqual({ queued: 0, busy: 0 });
}, 60_000);

it('refuses pages beyond one owner’s queue bound, and only that owner’s', async () => {
  pool = new OcrPool({ size: 1, maxQueuedPerOwner: 2 });
  const png = await pngBytes();
  const accepted = [pool.recognize(png, { owner: 'a' }), pool.recognize(png, { owner: 'a' })];
  await expect(pool.recognize(png, { owner: 'a' })).rejects.toBeInstanceOf(QueueFullError);
  accepted.push(pool.recognize(png, { owner: 'b' }));
  await expect(Promise.all(accepted)).resolves.toHaveLength(3);
}, 60_000);

it('fails queued pages when the pool is closed', async () => {
  pool = new OcrPool({ size: 1 });
  const png = await pngBytes();
  const failed = expect(pool.recognize(png, { owner: 'a' })).rejects.toThrow('OCR pool closed');
  await pool.close();
  await failed;
});

(process.platform === 'linux' ? it : it.skip)('runs tesseract threads at a lower CPU priority, and not the main thread', async () => {
  const before = threadNiceValues();
  pool = new OcrPool({ size: 1 });
  await pool.recognize(await pngBytes());
  // Threads of pools closed by earlier tests may still be exiting: look only at new ones.
  const lowered = [...threadNiceValues()].filter(([tid, nice]) => !before.has(tid) && nice === 10);
  expect(lowered).toHaveLength(1);
  const after = threadNiceValues();
  expect(after.get(process.pid)).toBe(0);
}, 60_000);

/** Tesseract threads of this process (they alone run at nice 10 here) that were not in `before`. */
const newOcrThreads = (before: Map<number, number>) => [...threadNiceValues()].filter(([tid, nice]) => !before.has(tid) && nice === 10).length;

async function until(condition: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

(process.platform === 'linux' ? it : it.skip)('stops idle workers after a quiet spell, unless kept warm: warm() starts them all before any page', async () => {
  const before = threadNiceValues();
  pool = new OcrPool({ size: 2, idleShutdownMs: 300 });
  await pool.recognize(await pngBytes());
  await until(() => newOcrThreads(before) === 0);
  expect(newOcrThreads(before)).toBe(0);
  await pool.close();

  const beforeWarm = threadNiceValues();
  pool = new OcrPool({ size: 2, idleShutdownMs: 300 });
  pool.warm();
  await until(() => newOcrThreads(beforeWarm) === 2);
  expect(newOcrThreads(beforeWarm)).toBe(2);
  await pool.recognize(await pngBytes());
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(newOcrThreads(beforeWarm)).toBe(2);
}, 90_000);
