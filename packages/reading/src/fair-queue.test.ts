/** The OCR queue's order: owner by owner, fewest in hand first, never one owner's backlog first. */
import { FairQueue, QueueFullError } from './fair-queue';

type Step = { push: [owner: string, item: string] } | { take: number } | { done: string };

/** Runs the steps; returns the items taken, in order. */
function run(steps: Step[], queue = new FairQueue<string>()): string[] {
  const taken: string[] = [];
  for (const step of steps) {
    if ('push' in step) queue.push(...step.push);
    else if ('done' in step) queue.done(step.done);
    else for (let i = 0; i < step.take; i++) taken.push(queue.take()?.item ?? '(none)');
  }
  return taken;
}

const pushes = (owner: string, count: number, from = 1): Step[] => Array.from({ length: count }, (_, i) => ({ push: [owner, `${owner}${from + i}`] }));

it.each<[string, Step[], string[]]>([
  ['one owner: first in, first out', [...pushes('a', 3), { take: 3 }], ['a1', 'a2', 'a3']],
  ['an empty queue gives nothing', [{ take: 1 }], ['(none)']],
  ['two owners alternate, whoever queued more', [...pushes('a', 4), ...pushes('b', 2), { take: 6 }], ['a1', 'b1', 'a2', 'b2', 'a3', 'a4']],
  [
    // The attacker holds both workers (a1, a2 running); the bystander's page is next, not a3.
    'a newcomer goes before the backlog of an owner who holds workers',
    [...pushes('a', 5), { take: 2 }, ...pushes('b', 1), { done: 'a' }, { take: 1 }],
    ['a1', 'a2', 'b1'],
  ],
  [
    'fewest in hand wins even over an owner ahead in the rotation',
    [...pushes('a', 3), { take: 1 }, ...pushes('b', 2), { take: 2 }],
    ['a1', 'b1', 'a2'],
  ],
  [
    'equal holdings: the owner served longest ago goes first',
    [...pushes('a', 2), ...pushes('b', 2), ...pushes('c', 2), { take: 6 }],
    ['a1', 'b1', 'c1', 'a2', 'b2', 'c2'],
  ],
  [
    'an owner who comes back after emptying their queue waits behind owners served less lately',
    [...pushes('a', 1), ...pushes('b', 2), { take: 1 }, { done: 'a' }, ...pushes('a', 1, 2), ...pushes('c', 1), { take: 4 }],
    ['a1', 'b1', 'c1', 'a2', 'b2'],
  ],
  [
    // One worker: the attacker's page finishes just after the bystander queued; the bystander is next.
    'a newcomer goes next even when the owner ahead of them holds nothing at that moment',
    [...pushes('a', 5), { take: 1 }, ...pushes('b', 1), { done: 'a' }, { take: 2 }],
    ['a1', 'b1', 'a2'],
  ],
])('%s', (_name, steps, expected) => {
  expect(run(steps)).toEqual(expected);
});

it('serves many owners in turn: each one’s first page comes before anyone’s second', () => {
  const queue = new FairQueue<string>();
  for (let i = 0; i < 200; i++) queue.push('attacker', `attacker${i}`);
  for (let owner = 0; owner < 50; owner++) for (let i = 0; i < 3; i++) queue.push(`user${owner}`, `user${owner}.${i}`);
  const order: string[] = [];
  for (let next = queue.take(); next; next = queue.take()) {
    order.push(next.item);
    queue.done(next.owner);
  }
  expect(order).toHaveLength(350);
  // Round 1: every owner once, in the order they arrived; the attacker gets one page per round.
  expect(order.slice(0, 51)).toEqual(['attacker0', ...Array.from({ length: 50 }, (_, owner) => `user${owner}.0`)]);
  const lastUserPage = Math.max(...order.map((item, i) => (item.startsWith('user') ? i : -1)));
  expect(lastUserPage).toBe(3 * 51 - 1);
  expect(order.slice(153)).toEqual(Array.from({ length: 197 }, (_, i) => `attacker${i + 3}`));
});

it('drops a cancelled item at once and keeps the order of the rest', () => {
  const queue = new FairQueue<string>();
  run([...pushes('a', 3), ...pushes('b', 2)], queue);
  expect(queue.remove('a', 'a2')).toBe(true);
  expect(queue.remove('a', 'a2')).toBe(false);
  expect(queue.remove('c', 'c1')).toBe(false);
  expect(queue.size).toBe(4);
  expect(run([{ take: 5 }], queue)).toEqual(['a1', 'b1', 'a3', 'b2', '(none)']);
});

it('removing an owner’s last waiting item takes them out of the rotation', () => {
  const queue = new FairQueue<string>();
  run([...pushes('a', 1), ...pushes('b', 1)], queue);
  queue.remove('a', 'a1');
  expect(queue.waitingFor('a')).toBe(0);
  expect(run([{ take: 2 }], queue)).toEqual(['b1', '(none)']);
});

it('bounds what one owner may have waiting, without limiting anyone else', () => {
  const queue = new FairQueue<string>(2);
  run(pushes('a', 2), queue);
  expect(() => queue.push('a', 'a3')).toThrow(QueueFullError);
  expect(() => queue.push('b', 'b1')).not.toThrow();
  // A page taken frees its place.
  queue.take();
  expect(() => queue.push('a', 'a3')).not.toThrow();
  expect(queue.size).toBe(3);
});

it('drain empties the queue', () => {
  const queue = new FairQueue<string>();
  run([...pushes('a', 2), ...pushes('b', 1)], queue);
  expect(queue.drain().sort()).toEqual(['a1', 'a2', 'b1']);
  expect(queue.size).toBe(0);
  expect(queue.take()).toBeUndefined();
});

it('skips the owners the taker refuses, and takes nothing when it refuses all', () => {
  const queue = new FairQueue<string>();
  run([...pushes('a', 2), ...pushes('b', 1)], queue);
  expect(queue.take((owner) => owner !== 'a')).toEqual({ owner: 'b', item: 'b1' });
  expect(queue.take((owner) => owner !== 'a')).toBeUndefined();
  expect(queue.size).toBe(2);
  expect(queue.take()).toEqual({ owner: 'a', item: 'a1' });
});
