/**
 * Identity run as distributed mode runs it: two replicas behind a load balancer, one database.
 * Every limit must hold for the pair as it would for one process; counted per replica, a
 * client spreading its calls over N replicas would get N times each limit.
 */
import { createFsBlobs, createLogger, createMetricsRegistry, createSqliteStore, type Ports } from '@citecheck/platform';
import { hashPassword } from '../domain/passwords';
import { adminBearer, call, createWorld, identitySettings, serve, type TestServer, type TestWorld } from '../../test/harness';
import { createService } from '../service';

const TOO_MANY = { status: 429, body: { message: 'Too many requests. Please wait a minute and try again.', error: 'rate_limited' } };
const ADMIN_EMAIL = 'admin@citecheck.test';
const ADMIN_PASSWORD = 'correct admin password';

let world: TestWorld;
let closers: (() => Promise<void>)[];

/** One replica of identity in `mode`: its own connection to the database file the replicas share. */
async function startReplica(mode: 'embedded' | 'distributed', overrides: Record<string, unknown>): Promise<TestServer> {
  const store = createSqliteStore({ dir: world.dataDir, service: 'identity' });
  const ports: Ports = {
    service: 'identity',
    bus: world.bus,
    store,
    blobs: createFsBlobs({ dataDir: world.dataDir }),
    clock: world.clock,
    logger: createLogger('identity', 'silent'),
    metrics: createMetricsRegistry('identity'),
  };
  const identity = createService(ports, identitySettings({ MODE: mode, ...overrides }));
  const server = await serve([identity.module.routes]);
  closers.push(() => server.close(), () => store.close());
  return server;
}

async function twoReplicas(mode: 'embedded' | 'distributed', overrides: Record<string, unknown> = {}): Promise<[TestServer, TestServer]> {
  return [await startReplica(mode, overrides), await startReplica(mode, overrides)];
}

const login = (replica: TestServer, body: Record<string, string>) => call(replica.url, 'POST', '/api/auth/login', { body });

beforeEach(() => {
  world = createWorld();
  closers = [];
});
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  await world.close();
});

it('limits sign-ins per IP across replicas: with RATE_LIMIT_PER_IP=3, 2 on A and 2 on B, the 4th is refused', async () => {
  const [a, b] = await twoReplicas('distributed', { RATE_LIMIT_PER_IP: 3 });
  const statuses = [];
  for (const replica of [a, a, b]) statuses.push((await login(replica, { email: 'x@firm.test' })).status);
  // An unknown address gets the one 'Check Your Email' answer (403), counted all the same.
  expect(statuses).toEqual([403, 403, 403]);
  expect(await login(b, { email: 'x@firm.test' })).toMatchObject(TOO_MANY);
  expect(await login(a, { email: 'x@firm.test' })).toMatchObject(TOO_MANY);
  // The next window opens on both.
  world.clock.advance(60_000);
  expect((await login(a, { email: 'x@firm.test' })).status).toBe(403);
});

it('slows password guessing spread over replicas as if it came to one', async () => {
  const [a, b] = await twoReplicas('distributed');
  const guess = { email: 'owner@firm.test', password: 'guess' };
  const statuses = [];
  for (const replica of [a, b, a, b, a]) statuses.push((await login(replica, guess)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  expect(await login(b, guess)).toMatchObject(TOO_MANY);
  world.clock.advance(1000);
  expect((await login(b, guess)).status).toBe(401);
});

it('counts failed admin sign-ins across replicas', async () => {
  const [a, b] = await twoReplicas('distributed', { ADMIN_EMAIL, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN_PASSWORD), ADMIN_FAILURE_LIMIT: 2 });
  const wrong = adminBearer(ADMIN_EMAIL, 'guess');
  expect((await call(a.url, 'GET', '/api/admin/users', { headers: wrong })).status).toBe(401);
  expect((await call(b.url, 'GET', '/api/admin/users', { headers: wrong })).status).toBe(401);
  expect(await call(a.url, 'GET', '/api/admin/users', { headers: adminBearer(ADMIN_EMAIL, ADMIN_PASSWORD) })).toMatchObject(TOO_MANY);
});

it('in embedded mode counts in the process, as one process sees every call', async () => {
  // Two embedded instances never serve one installation; they show where the counts live.
  const [a, b] = await twoReplicas('embedded', { RATE_LIMIT_PER_IP: 3 });
  const statuses = [];
  for (const replica of [a, a, b, b]) statuses.push((await login(replica, { email: 'x@firm.test' })).status);
  expect(statuses).toEqual([403, 403, 403, 403]);
  expect(await login(a, { email: 'x@firm.test' })).toMatchObject({ status: 403 });
  expect(await login(a, { email: 'x@firm.test' })).toMatchObject(TOO_MANY);
});
