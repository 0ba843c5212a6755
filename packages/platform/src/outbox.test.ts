import { Registry } from 'prom-client';
import { createLogger } from './logger';
import { createSqliteStore } from './adapters/sqlite-store';
import { Outbox, OutboxSender, retryDelayMs } from './outbox';
import type { Store } from './ports';

interface Note {
  id: string;
  to: string;
}

let now = Date.parse('2025-03-01T12:00:00.000Z');
const clock = { now: () => new Date(now) };
let store: Store;
let outbox: Outbox<Note>;
let sent: string[];
let failNext: number;

function sender(maxAttempts = 3, metrics?: Registry) {
  return new OutboxSender(
    outbox,
    async (note) => {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('provider said no');
      }
      sent.push(note.id);
    },
    clock,
    createLogger('outbox-test', 'silent'),
    { what: 'note', pollMs: 60_000, maxAttempts, backoff: { baseMs: 1000, maxMs: 60_000 }, leaseMs: 300_000, metrics },
  );
}

beforeEach(() => {
  store = createSqliteStore({ dir: ':memory:', service: 'outbox' });
  outbox = new Outbox<Note>(store, { name: 'notes' });
  sent = [];
  failNext = 0;
});

afterEach(() => store.close());

describe('Outbox and OutboxSender', () => {
  it('records an id once and sends it once', async () => {
    expect(await outbox.enqueue({ id: 'n1', to: 'a' }, clock.now())).toBe(true);
    expect(await outbox.enqueue({ id: 'n1', to: 'a' }, clock.now())).toBe(false);
    const loop = sender();
    expect(await loop.runOnce()).toBe(1);
    expect(await loop.runOnce()).toBe(0);
    expect(sent).toEqual(['n1']);
    expect(await outbox.records.get('n1')).toMatchObject({ to: 'a', status: 'sent', attempts: 1, lastError: null });
    expect(await outbox.backlog()).toBe(0);
  });

  it('retries after a failure once the backoff has passed, and gives up after maxAttempts', async () => {
    await outbox.enqueue({ id: 'n2', to: 'b' }, clock.now());
    const loop = sender(2);
    failNext = 5;
    expect(await loop.runOnce()).toBe(0);
    expect(await outbox.records.get('n2')).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider said no' });
    expect(await loop.runOnce()).toBe(0); // not due yet
    expect(failNext).toBe(4);
    now += 1200; // past the first delay (1 s plus at most 20% jitter)
    expect(await loop.runOnce()).toBe(0);
    expect(await outbox.records.get('n2')).toMatchObject({ status: 'failed', attempts: 2 });
    now += 3_600_000;
    expect(await loop.runOnce()).toBe(0); // failed for good: never tried again
    expect(failNext).toBe(3);
  });

  it('leaves a claimed record alone during its lease, and takes it again after (a sender that died)', async () => {
    await outbox.enqueue({ id: 'n3', to: 'c' }, clock.now());
    const [due] = await outbox.due(clock.now(), 10);
    expect(await outbox.claim(due, clock.now(), 300_000)).not.toBeNull();
    expect(await outbox.claim(due, clock.now(), 300_000)).toBeNull(); // a second sender loses the race
    const loop = sender();
    expect(await loop.runOnce()).toBe(0);
    now += 300_000;
    expect(await loop.runOnce()).toBe(1);
    expect(sent).toEqual(['n3']);
  });

  it('backs off exponentially up to the cap', () => {
    const none = () => 0;
    expect([1, 2, 3, 10].map((a) => retryDelayMs(a, { baseMs: 1000, maxMs: 5000 }, none))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('reports its backlog when scraped and counts failed attempts, final ones apart', async () => {
    const registry = new Registry();
    const loop = sender(2, registry);
    await outbox.enqueue({ id: 'n7', to: 'g' }, clock.now());
    await outbox.enqueue({ id: 'n8', to: 'h' }, clock.now());
    expect(await registry.metrics()).toContain('citecheck_outbox_backlog{what="note"} 2');
    failNext = 3;
    await loop.runOnce();
    now += 1200;
    await loop.runOnce();
    const text = await registry.metrics();
    expect(text).toContain('citecheck_outbox_send_failures_total{what="note",final="false"} 2');
    expect(text).toContain('citecheck_outbox_send_failures_total{what="note",final="true"} 1');
    expect(text).toContain('citecheck_outbox_backlog{what="note"} 0'); // one sent, one given up on
  });
});
