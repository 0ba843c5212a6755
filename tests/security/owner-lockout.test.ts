/**
 * Finding 8, owner lockout: login calls were counted per e-mail address (5 a minute), so
 * anyone typing the owner's address kept the owner out for as long as they liked, and wrong
 * passwords cost a guesser nothing more than any other call.
 * - fails before: after five sign-in calls naming the owner's address, from anywhere, the owner's
 *   right password answered 429 for the rest of the minute, again and again;
 * - fails before: one IP could try a password every call, never slowed down.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp } from '@citecheck/platform';
import { createUser } from '../../services/identity/src/app/new-account';
import { hashPassword } from '../../services/identity/src/domain/passwords';
import { createService } from '../../services/identity/src/service';
import { createWorld, identitySettings, TestClock, type TestWorld } from '../../services/identity/test/harness';

const OWNER = { email: 'owner@firm.test', password: 'the owner knows this' };
const clock = new TestClock();
let world: TestWorld;
let server: Server;
let url: string;

beforeAll(async () => {
  world = createWorld(clock);
  const ports = world.portsFor('identity');
  // The shipped per-address limit, which used to count every login call.
  const identity = createService(ports, identitySettings({ RATE_LIMIT_PER_EMAIL: 5 }));
  const user = await createUser(identity.context, { name: 'Owner', email: OWNER.email, newsletterOptIn: false, passwordHash: await hashPassword(OWNER.password) });
  await identity.context.users.markVerified(user.id, clock.now().toISOString());
  const app = createHttpApp({ service: 'identity', ports, routes: identity.module.routes, trustedProxies: ['127.0.0.1'] });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await world.close();
});

const login = async (ip: string, password: string) =>
  (
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: OWNER.email, password }),
    })
  ).status;

it('slows a guesser down and never locks the owner out', async () => {
  // The owner signs in at their usual machine.
  expect(await login('203.0.113.1', OWNER.password)).toBe(200);

  // One IP guessing: five free tries, then it must wait.
  const fromOne: number[] = [];
  for (let i = 0; i < 7; i++) fromOne.push(await login('198.51.100.1', `guess ${i}`));
  expect(fromOne).toEqual([401, 401, 401, 401, 401, 429, 429]);

  // Many IPs guessing the same account: after ten failures in all, the account waits too.
  const fromMany: number[] = [];
  for (let i = 2; i < 9; i++) fromMany.push(await login(`198.51.100.${i}`, `guess ${i}`));
  expect(fromMany).toEqual([401, 401, 401, 401, 401, 429, 429]);

  // The owner at their usual machine is not held, however many guesses came from elsewhere.
  expect(await login('203.0.113.1', OWNER.password)).toBe(200);
  // From a new place the account-wide backoff holds briefly (a minute at most), then lets them in.
  expect(await login('203.0.113.99', OWNER.password)).toBe(429);
  clock.advance(61_000);
  expect(await login('203.0.113.99', OWNER.password)).toBe(200);
  // The first guesser is still waiting: its own backoff keeps growing with its failures.
  expect(await login('198.51.100.1', 'guess again')).toBe(401);
  expect(await login('198.51.100.1', 'and again')).toBe(429);
});
