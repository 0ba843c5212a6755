/**
 * The admin API in distributed mode, one process per service as gateway/src/main.ts and each
 * service's main.ts run them: the admin's sign-in cookie set by identity's subgraph reaches
 * the browser through the gateway, a federated admin query crosses the processes, and the IP
 * blacklist reaches the gateway process (its own copy, kept from the bus) within a second
 * and again when a gateway starts. As in distributed.test.ts, the processes share the
 * durable embedded bus and SQLite files under one DATA_DIR instead of Kafka and MongoDB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '@citecheck/identity';
import { freePort, until } from './pipeline-harness';
import { ProcessGroup, gatewayRoutes, localDistributedEnv, serviceUrls, startServices, untilBackendsReady, type Started } from './support/processes';

const ADMIN = { email: 'admin@citecheck.test', password: 'correct horse battery' };
const BLOCKED_IP = '203.0.113.77';

describe('the admin API, one process per service', () => {
  const processes = new ProcessGroup();
  let dataDir: string;
  let gatewayUrl: string;
  let gateway: Started;
  let startGateway: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-admin-distributed-'));
    const urls = await serviceUrls();
    const common = {
      ...process.env,
      ...localDistributedEnv(dataDir),
      INTERNAL_TOKEN: 'admin-distributed-internal-token',
      IDENTITY_URL: urls.identity,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password),
      ADMIN_FAILURE_LIMIT: '1000',
      TRUSTED_PROXIES: '127.0.0.1',
    };
    startServices(processes, urls, { env: common, keep: 2000 });
    startGateway = async () => {
      const port = await freePort();
      gatewayUrl = `http://127.0.0.1:${port}`;
      gateway = processes.start('gateway/src/main.ts', { env: { ...common, PORT: String(port), PUBLIC_URL: gatewayUrl, ...gatewayRoutes(urls) }, keep: 2000 });
      await untilBackendsReady(processes, gatewayUrl, 90_000);
    };
    await startGateway();
  }, 120_000);

  afterAll(async () => {
    await processes.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const graphql = async (query: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1', ...headers },
      body: JSON.stringify({ query }),
    });
    return { response, body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string }[] } };
  };

  it('signs the admin in through identity’s subgraph and answers a federated admin query with the cookie', async () => {
    const login = await graphql(`mutation { adminLogin(email: "${ADMIN.email}", password: "${ADMIN.password}") { email } }`);
    expect(login.body.errors).toBeUndefined();
    const setCookie = login.response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^citecheck_admin=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=7200; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0];
    const answer = await graphql('{ adminSession { email } users { id } documents { id user { id } } usageMetrics { id document { id } } blacklist { totalBlacklisted } }', { cookie });
    expect(answer.body).toEqual({ data: { adminSession: { email: ADMIN.email }, users: [], documents: [], usageMetrics: [], blacklist: { totalBlacklisted: 0 } } });
    const refused = await graphql('{ users { id } }', { cookie: 'citecheck_admin=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(refused.body.errors?.[0].message).toBe('Invalid email or password');
  });

  it('refuses a blocked address at the gateway process within a second, and again after the gateway restarts', async () => {
    const asBlocked = (pathname: string, headers: Record<string, string> = {}) => fetch(`${gatewayUrl}${pathname}`, { headers: { 'x-forwarded-for': BLOCKED_IP, ...headers } });
    const adminBearer = { authorization: `Bearer ${JSON.stringify(ADMIN)}` };
    expect((await asBlocked('/api/usage-stats')).status).toBe(200);
    const block = await fetch(`${gatewayUrl}/api/admin/blacklist/add`, { method: 'POST', headers: { 'content-type': 'application/json', ...adminBearer }, body: JSON.stringify({ ipAddress: BLOCKED_IP }) });
    const blockedAt = performance.now();
    expect(block.status).toBe(200);
    await until('the block to reach the gateway process', async () => (await asBlocked('/api/usage-stats')).status === 403, 2000, 20);
    const tookMs = performance.now() - blockedAt;
    console.log(`distributed: block enforced at the gateway after ${tookMs.toFixed(0)} ms`);
    expect(tookMs).toBeLessThan(1000);
    expect((await asBlocked('/api/admin/blacklist', adminBearer)).status).toBe(200);

    // A new gateway process reads the list from analytics at start.
    await processes.stop(gateway);
    await startGateway();
    await until('the restarted gateway to have the list', async () => (await asBlocked('/api/usage-stats')).status === 403, 5000, 50);

    const unblock = await fetch(`${gatewayUrl}/api/admin/blacklist/remove`, { method: 'POST', headers: { 'content-type': 'application/json', ...adminBearer }, body: JSON.stringify({ ipAddress: BLOCKED_IP }) });
    const unblockedAt = performance.now();
    expect(await unblock.json()).toEqual({ success: true, message: 'IP Unblocked' });
    await until('the unblock to reach the gateway process', async () => (await asBlocked('/api/usage-stats')).status === 200, 2000, 20);
    expect(performance.now() - unblockedAt).toBeLessThan(1000);
  }, 120_000);
});
