/**
 * The contract every Bus adapter passes. Call it from a test file with a factory that
 * returns a fresh bus:
 *
 *   describeBusContract('embedded (memory)', async () => createEmbeddedBus({ dir: ':memory:' }));
 *
 * Topics and groups get unique names per test, so the suite can run against a shared broker.
 */
import type { EventEnvelope } from '@citecheck/proto';
import type { Bus, DeliveryContext } from '../ports';
import { delay, testEvent, uniqueName, waitFor } from './wait';

export interface BusContractOptions {
  /** How long to wait for deliveries (a real broker needs longer for group joins). */
  timeoutMs?: number;
}

type Seen = { key: string; n: number; attempt: number };

export function describeBusContract(name: string, makeBus: () => Promise<Bus>, options: BusContractOptions = {}): void {
  const timeoutMs = options.timeoutMs ?? 5000;

  describe(`Bus contract: ${name}`, () => {
    let bus: Bus;
    let topic: string;
    beforeEach(async () => {
      bus = await makeBus();
      topic = uniqueName('contract');
    });
    afterEach(async () => {
      await bus.close();
    });

    it('delivers a published event with its topic, key and attempt number', async () => {
      const received: [EventEnvelope, DeliveryContext][] = [];
      await bus.subscribe(topic, 'g', async (event, ctx) => {
        received.push([event, ctx]);
      });
      const event = testEvent({ documentId: 'd1' });
      await bus.publish(topic, 'd1', event);
      await waitFor(() => received.length === 1, 'delivery', timeoutMs);
      expect(received[0][0]).toEqual(event);
      expect(received[0][1]).toEqual({ topic, key: 'd1', attempt: 1, final: false });
    });

    it('starts a new group at the oldest message, or after the last one when fromBeginning is false', async () => {
      await bus.publish(topic, 'k', testEvent({ n: 0 }));
      const all: number[] = [];
      const fresh: number[] = [];
      await bus.subscribe(topic, uniqueName('all'), async (event) => void all.push((event.payload as { n: number }).n));
      await bus.subscribe(topic, uniqueName('fresh'), async (event) => void fresh.push((event.payload as { n: number }).n), { fromBeginning: false });
      await waitFor(() => all.length === 1, 'the earlier message', timeoutMs);
      // A broker's group may join a moment after subscribe returns: publish until the fresh
      // group sees one of the later messages.
      const deadline = Date.now() + timeoutMs;
      for (let n = 1; fresh.length === 0; n++) {
        if (Date.now() > deadline) throw new Error('the fresh group saw no later message');
        await bus.publish(topic, 'k', testEvent({ n }));
        await delay(50);
      }
      expect(all[0]).toBe(0);
      expect(fresh).not.toContain(0);
    });

    it('keeps the order of messages with one key, one at a time', async () => {
      const seen: Seen[] = [];
      const busyKeys = new Set<string>();
      let overlapped = false;
      await bus.subscribe(topic, 'g', async (event, ctx) => {
        if (busyKeys.has(ctx.key)) overlapped = true;
        busyKeys.add(ctx.key);
        await delay(Math.floor(Math.random() * 4));
        seen.push({ key: ctx.key, n: (event.payload as { n: number }).n, attempt: ctx.attempt });
        busyKeys.delete(ctx.key);
      });
      const keys = ['a', 'b', 'c'];
      for (let n = 0; n < 15; n++) for (const key of keys) await bus.publish(topic, key, testEvent({ n }));
      await waitFor(() => seen.length === 45, '45 deliveries', timeoutMs);
      for (const key of keys) {
        expect(seen.filter((s) => s.key === key).map((s) => s.n)).toEqual(Array.from({ length: 15 }, (_, i) => i));
      }
      expect(overlapped).toBe(false);
    });

    it('redelivers after a handler failure, with growing attempt numbers, before the next message of the key', async () => {
      const seen: Seen[] = [];
      await bus.subscribe(
        topic,
        'g',
        async (event, ctx) => {
          const n = (event.payload as { n: number }).n;
          seen.push({ key: ctx.key, n, attempt: ctx.attempt });
          if (n === 0 && ctx.attempt < 3) throw new Error('transient');
        },
        { maxAttempts: 5, backoffMs: 10 },
      );
      await bus.publish(topic, 'k', testEvent({ n: 0 }));
      await bus.publish(topic, 'k', testEvent({ n: 1 }));
      await waitFor(() => seen.length === 4, 'three attempts and the next message', timeoutMs);
      await delay(100);
      expect(seen.map((s) => [s.n, s.attempt])).toEqual([
        [0, 1],
        [0, 2],
        [0, 3],
        [1, 1],
      ]);
    });

    it('moves a message to <topic>.dlq after maxAttempts failures and goes on with the key', async () => {
      const attempts: number[] = [];
      const finals: (boolean | undefined)[] = [];
      const after: number[] = [];
      const dead: [EventEnvelope, DeliveryContext][] = [];
      await bus.subscribe(
        topic,
        'g',
        async (event, ctx) => {
          const n = (event.payload as { n: number }).n;
          if (n === 0) {
            attempts.push(ctx.attempt);
            finals.push(ctx.final);
            throw new Error('permanent');
          }
          after.push(n);
        },
        { maxAttempts: 3, backoffMs: 5 },
      );
      await bus.subscribe(`${topic}.dlq`, 'dlq-reader', async (event, ctx) => {
        dead.push([event, ctx]);
      });
      const poison = testEvent({ n: 0 });
      await bus.publish(topic, 'k', poison);
      await bus.publish(topic, 'k', testEvent({ n: 1 }));
      await waitFor(() => dead.length === 1 && after.length === 1, 'the dead letter and the next message', timeoutMs);
      await delay(100);
      expect(attempts).toEqual([1, 2, 3]);
      // The handler is told which attempt is the last (no retry budget on a bus by default).
      expect(finals).toEqual([false, false, true]);
      expect(after).toEqual([1]);
      expect(dead[0][0]).toEqual(poison);
      expect(dead[0][1]).toMatchObject({ topic: `${topic}.dlq`, key: 'k' });
    });

    it('shares the work between the members of one group, each message handled once', async () => {
      const byMember: string[][] = [[], []];
      for (const member of [0, 1]) {
        await bus.subscribe(topic, 'shared', async (event) => {
          byMember[member].push((event.payload as { id: string }).id);
        });
      }
      const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
      for (const id of ids) await bus.publish(topic, `key-${id}`, testEvent({ id }));
      await waitFor(() => byMember[0].length + byMember[1].length >= 40, '40 deliveries', timeoutMs);
      await delay(100);
      expect([...byMember[0], ...byMember[1]].sort()).toEqual([...ids].sort());
      expect(byMember[0].length).toBeGreaterThan(0);
      expect(byMember[1].length).toBeGreaterThan(0);
    });

    it('gives every message to each of two groups', async () => {
      const groups: Record<string, number[]> = { billing: [], analytics: [] };
      for (const group of Object.keys(groups)) {
        await bus.subscribe(topic, group, async (event) => {
          groups[group].push((event.payload as { n: number }).n);
        });
      }
      for (let n = 0; n < 10; n++) await bus.publish(topic, `k${n % 3}`, testEvent({ n }));
      await waitFor(() => groups.billing.length === 10 && groups.analytics.length === 10, 'both groups', timeoutMs);
      expect(groups.billing.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(groups.analytics.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('lets a handler in flight finish before close() resolves', async () => {
      let started = false;
      let finished = false;
      await bus.subscribe(topic, 'g', async () => {
        started = true;
        await delay(300);
        finished = true;
      });
      await bus.publish(topic, 'k', testEvent({}));
      await waitFor(() => started, 'the handler to start', timeoutMs);
      await bus.close();
      expect(finished).toBe(true);
    });

    it('stops delivering to a closed subscription once its handler in flight has finished', async () => {
      const handled: number[] = [];
      let started = false;
      let finished = false;
      const subscription = await bus.subscribe(topic, 'g', async (event) => {
        const n = (event.payload as { n: number }).n;
        if (n === 0) {
          started = true;
          await delay(200);
          finished = true;
        }
        handled.push(n);
      });
      await bus.publish(topic, 'k', testEvent({ n: 0 }));
      await waitFor(() => started, 'the handler to start', timeoutMs);
      await subscription.close();
      expect(finished).toBe(true);
      await bus.publish(topic, 'k', testEvent({ n: 1 }));
      await delay(300);
      expect(handled).toEqual([0]);
    });
  });
}
