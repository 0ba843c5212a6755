/**
 * The sign-in throttle with its counts in the store, as distributed mode runs it: replicas
 * share one database, so a guesser spreading attempts over them meets one count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqliteStore, type Store, type Stored } from '@citecheck/platform';
import { failingStore } from '@citecheck/platform/testing';
import { TestClock } from '../../test/harness';
import { storeLoginBackoffs } from '../store/login-backoffs';
import { LoginThrottle } from './login-throttle';

const OWNER = 'owner@firm.test';
const GUESSER = '203.0.113.7';

let dir: string;
let stores: Store[];
let clock: TestClock;

/** One replica: its own connection to the database every replica shares. */
function replica(store = open()): LoginThrottle {
  return new LoginThrottle(clock, storeLoginBackoffs(store));
}

function open(): Store {
  const store = createSqliteStore({ dir, service: 'identity' });
  stores.push(store);
  return store;
}

/** 200 when the throttle lets the attempt through, 429 when it must wait. */
async function attempt(throttle: LoginThrottle, email: string, ip: string): Promise<number> {
  try {
    await throttle.check(email, ip);
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'citecheck-throttle-'));
  stores = [];
  clock = new TestClock();
});
afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

it('counts failures from one place on every replica: 3 on A and 2 on B make the next attempt wait', async () => {
  const [a, b] = [replica(), replica()];
  for (let i = 0; i < 3; i += 1) await a.failed(OWNER, GUESSER);
  for (let i = 0; i < 2; i += 1) await b.failed(OWNER, GUESSER);
  expect(await attempt(a, OWNER, GUESSER)).toBe(429);
  expect(await attempt(b, OWNER, GUESSER)).toBe(429);
  // The first wait is a second; then the next failure doubles it, wherever it lands.
  clock.advance(1000);
  expect(await attempt(b, OWNER, GUESSER)).toBe(200);
  await b.failed(OWNER, GUESSER);
  clock.advance(1000);
  expect(await attempt(a, OWNER, GUESSER)).toBe(429);
  clock.advance(1000);
  expect(await attempt(a, OWNER, GUESSER)).toBe(200);
});

it('shares the owner\'s usual places and a success between replicas', async () => {
  const [a, b] = [replica(), replica()];
  const home = '198.51.100.20';
  await a.succeeded(OWNER, home);
  // Guessing from ten places (one failure each) holds the account elsewhere...
  for (let i = 0; i < 10; i += 1) await (i % 2 ? a : b).failed(OWNER, `192.0.2.${i}`);
  expect(await attempt(b, OWNER, '203.0.113.99')).toBe(429);
  // ...but not at the owner's usual place, which replica B learnt from A.
  expect(await attempt(b, OWNER, home)).toBe(200);

  // A success on one replica clears the place's count on the other.
  for (let i = 0; i < 5; i += 1) await b.failed(OWNER, home);
  clock.advance(60_000);
  await a.succeeded(OWNER, home);
  await b.failed(OWNER, home);
  expect(await attempt(b, OWNER, home)).toBe(200);
});

it('counts concurrent failures on several replicas exactly', async () => {
  const store = open();
  const replicas = [replica(store), replica(), replica()];
  await Promise.all(Array.from({ length: 30 }, (_, i) => replicas[i % 3].failed(OWNER, GUESSER)));
  const counts = await store.collection<Stored & { failures: number }>({ name: 'login_backoffs' }).find({});
  expect(Object.fromEntries(counts.map((c) => [c.id, c.failures]))).toEqual({
    [`account:${OWNER}|${GUESSER}`]: 30,
    [`ip:${GUESSER}`]: 30,
    [`account:${OWNER}`]: 30,
  });
  // 30 failures from one IP: past the per-IP free 20, so the IP waits 2^10 s (capped at 15 minutes).
  clock.advance(14 * 60_000);
  expect(await attempt(replicas[1], 'someone.else@firm.test', GUESSER)).toBe(429);
  clock.advance(60_000);
  expect(await attempt(replicas[2], 'someone.else@firm.test', GUESSER)).toBe(200);
});

it('starts a count again after a quiet hour, on whichever replica fails next', async () => {
  const [a, b] = [replica(), replica()];
  for (let i = 0; i < 5; i += 1) await a.failed(OWNER, GUESSER);
  clock.advance(60 * 60_000);
  await b.failed(OWNER, GUESSER);
  expect(await attempt(a, OWNER, GUESSER)).toBe(200);
});

it('counts in this process while the store fails, says so once, and shares again when it answers', async () => {
  const failing = failingStore(open());
  const logged: string[] = [];
  const logger = { error: (_: object, message: string) => void logged.push(message), info: (_: object, message: string) => void logged.push(message) };
  const a = new LoginThrottle(clock, storeLoginBackoffs(failing.store), logger);
  const b = replica();
  failing.down = true;
  for (let i = 0; i < 5; i += 1) await a.failed(OWNER, GUESSER);
  // Not locked out by the outage, nor unprotected: replica A still holds the guesser.
  expect(await attempt(a, OWNER, GUESSER)).toBe(429);
  expect(await attempt(a, OWNER, '198.51.100.1')).toBe(200);
  expect(logged).toEqual(['sign-in throttle store failed: counting in this process until it answers']);
  failing.down = false;
  await a.failed(OWNER, '198.51.100.1');
  expect(logged).toEqual(['sign-in throttle store failed: counting in this process until it answers', 'sign-in throttle store answers again: counting shared']);
  // What A counted during the outage stayed with A; what it counts now, B sees.
  expect(await attempt(b, OWNER, GUESSER)).toBe(200);
  for (let i = 0; i < 4; i += 1) await a.failed(OWNER, '198.51.100.1');
  expect(await attempt(b, OWNER, '198.51.100.1')).toBe(429);
});
