import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@citecheck/proto';
import Database from 'better-sqlite3';
import { describeBusContract } from '../testing/bus-contract';
import { delay, testEvent, waitFor } from '../testing/wait';
import { createEmbeddedBus } from './embedded-bus';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'citecheck-bus-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeBusContract('embedded (memory)', async () => createEmbeddedBus({ dir: ':memory:' }));
describeBusContract('embedded (file)', async () => createEmbeddedBus({ dir: tempDir() }));

describe('embedded bus specifics', () => {
  it('with a retry budget, retries past maxAttempts until it is spent, waits capped, the last attempt told', async () => {
    const bus = createEmbeddedBus({ dir: ':memory:', retryBudgetMs: 800, maxBackoffMs: 100 });
    const attempts: { final?: boolean; at: number }[] = [];
    const dead: EventEnvelope[] = [];
    await bus.subscribe('t', 'g', async (_event, ctx) => {
      attempts.push({ final: ctx.final, at: Date.now() });
      throw new Error('identity unreachable');
    }, { maxAttempts: 2, backoffMs: 20 });
    await bus.subscribe('t.dlq', 'reader', async (event) => void dead.push(event));
    await bus.publish('t', 'k', testEvent({}));
    await waitFor(() => dead.length === 1, 'the dead letter', 5000);
    expect(attempts.length).toBeGreaterThan(4);
    expect(attempts.map((a) => a.final)).toEqual([...Array(attempts.length - 1).fill(false), true]);
    expect(attempts[attempts.length - 1].at - attempts[0].at).toBeGreaterThanOrEqual(800 - 100 - 20);
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i].at);
    expect(Math.max(...gaps)).toBeLessThan(400);
    await bus.close();
  });

  it('wakes consumers on publish without waiting for the poll', async () => {
    const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 60_000 });
    let receivedAt = 0;
    await bus.subscribe('t', 'g', async () => {
      receivedAt = Date.now();
    });
    const sentAt = Date.now();
    await bus.publish('t', 'k', testEvent({}));
    await waitFor(() => receivedAt > 0, 'delivery', 1000);
    expect(receivedAt - sentAt).toBeLessThan(200);
    await bus.close();
  });

  it('commits the publishes of one turn together, each durable by the time its publish resolves', async () => {
    const dir = tempDir();
    const bus = createEmbeddedBus({ dir });
    await Promise.all(Array.from({ length: 200 }, (_, i) => bus.publish('t', `k${i % 7}`, testEvent({ n: i }))));
    // Another connection (another process) already sees all 200, in publish order.
    const reader = new Database(join(dir, 'bus.sqlite'), { readonly: true });
    const rows = reader.prepare("SELECT value FROM messages WHERE topic = 't' ORDER BY seq").all() as { value: string }[];
    reader.close();
    expect(rows.map((row) => (JSON.parse(row.value) as EventEnvelope<{ n: number }>).payload.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    // Each commit appends the pages it changed to the write-ahead log (32-byte header, then
    // frames of 24 bytes + one 4 KB page): one transaction per message would leave hundreds.
    const frames = (statSync(join(dir, 'bus.sqlite-wal')).size - 32) / (24 + 4096);
    expect(frames).toBeLessThan(40);
    await bus.close();
  });

  it("picks up another process's writes to the same file by polling", async () => {
    const dir = tempDir();
    const consumer = createEmbeddedBus({ dir, pollMs: 50 });
    const producer = createEmbeddedBus({ dir }); // stands in for a second process: no in-memory link
    const received: string[] = [];
    await consumer.subscribe('t', 'g', async (event) => {
      received.push(event.id);
    });
    const event = testEvent({});
    await producer.publish('t', 'k', event);
    await waitFor(() => received.length === 1, 'the polled message', 2000);
    expect(received).toEqual([event.id]);
    await Promise.all([producer.close(), consumer.close()]);
  });

  it('handles different keys concurrently', async () => {
    const bus = createEmbeddedBus({ dir: ':memory:', concurrency: 4 });
    let running = 0;
    let peak = 0;
    let done = 0;
    await bus.subscribe('t', 'g', async () => {
      running++;
      peak = Math.max(peak, running);
      await delay(50);
      running--;
      done++;
    });
    for (let i = 0; i < 8; i++) await bus.publish('t', `k${i}`, testEvent({}));
    await waitFor(() => done === 8, '8 deliveries');
    expect(peak).toBe(4);
    await bus.close();
  });

  it('delivers a message published before a shutdown exactly once after restart, and not again', async () => {
    const dir = tempDir();
    const before = createEmbeddedBus({ dir });
    const event = testEvent({ documentId: 'd1' });
    await before.publish('document.uploaded', 'd1', event);
    await before.close();

    const handled = new Set<string>();
    let calls = 0;
    const idempotent = async (e: EventEnvelope) => {
      calls++;
      handled.add(e.id);
    };
    const after = createEmbeddedBus({ dir, pollMs: 20 });
    await after.subscribe('document.uploaded', 'extraction', idempotent);
    await waitFor(() => handled.size === 1, 'redelivery after restart');
    await delay(150);
    expect(calls).toBe(1);
    expect([...handled]).toEqual([event.id]);
    await after.close();

    const again = createEmbeddedBus({ dir, pollMs: 20 });
    await again.subscribe('document.uploaded', 'extraction', idempotent);
    await delay(200);
    expect(calls).toBe(1);
    await again.close();
  });

  it('keeps out-of-order acknowledgements across a restart: only the unfinished message comes back', async () => {
    const dir = tempDir();
    const first = createEmbeddedBus({ dir });
    const seen: string[] = [];
    let fail: (error: Error) => void = () => undefined;
    await first.subscribe('t', 'g', async (_event, ctx) => {
      seen.push(ctx.key);
      // The first message's handler is still running at shutdown and then fails, so it stays
      // uncommitted while the two published after it (other keys) were handled and committed.
      if (ctx.key === 'slow') await new Promise<void>((_resolve, reject) => (fail = reject));
    });
    await first.publish('t', 'slow', testEvent({}));
    await first.publish('t', 'fast-1', testEvent({}));
    await first.publish('t', 'fast-2', testEvent({}));
    await waitFor(() => seen.length === 3, 'three deliveries');
    await delay(50);
    const closing = first.close();
    fail(new Error('interrupted by shutdown'));
    await closing;

    const second = createEmbeddedBus({ dir, pollMs: 20 });
    const redelivered: string[] = [];
    await second.subscribe('t', 'g', async (_event, ctx) => {
      redelivered.push(ctx.key);
    });
    await waitFor(() => redelivered.length >= 1, 'the unfinished message');
    await delay(150);
    expect(redelivered).toEqual(['slow']);
    await second.close();

    const third = createEmbeddedBus({ dir, pollMs: 20 });
    const none: string[] = [];
    await third.subscribe('t', 'g', async (_event, ctx) => {
      none.push(ctx.key);
    });
    await delay(150);
    expect(none).toEqual([]);
    await third.close();
  });

  it('redelivers after restart a message whose handler was in flight when the process was killed -9', async () => {
    const dir = tempDir();
    const script = join(dir, 'consumer.ts');
    const busModule = join(__dirname, 'embedded-bus').replace(/\\/g, '/');
    writeFileSync(
      script,
      `import { createEmbeddedBus } from ${JSON.stringify(busModule)};
       const bus = createEmbeddedBus({ dir: ${JSON.stringify(dir)} });
       (async () => {
         await bus.subscribe('document.uploaded', 'extraction', async (event, ctx) => {
           process.stdout.write('handling ' + event.id + ' ' + ctx.key + ' ' + ctx.attempt + '\\n');
           await new Promise(() => undefined); // a long job, cut short by the kill
         });
         await bus.publish('document.uploaded', 'd7', { id: 'evt-7', type: 'document.uploaded', version: 1, occurredAt: new Date().toISOString(), correlationId: 'd7', payload: {} });
         setInterval(() => undefined, 1000);
       })();`,
    );
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--require', 'tsx/cjs', script]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(() => stdout.includes('handling evt-7'), `the child to start handling (stderr: ${stderr})`, 20000);
    const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(stdout.trim().split('\n')).toEqual(['handling evt-7 d7 1']);

    const bus = createEmbeddedBus({ dir, pollMs: 20 });
    const redelivered: string[] = [];
    await bus.subscribe('document.uploaded', 'extraction', async (event, ctx) => {
      redelivered.push(`${event.id} ${ctx.key}`);
    });
    await waitFor(() => redelivered.length === 1, 'redelivery after kill -9');
    await delay(100);
    expect(redelivered).toEqual(['evt-7 d7']);
    await bus.close();
  }, 30000);

  it('refuses to publish or subscribe after close', async () => {
    const bus = createEmbeddedBus({ dir: ':memory:' });
    await bus.close();
    await expect(bus.publish('t', 'k', testEvent({}))).rejects.toThrow('bus is closed');
    await expect(bus.subscribe('t', 'g', async () => undefined)).rejects.toThrow('bus is closed');
  });
});
