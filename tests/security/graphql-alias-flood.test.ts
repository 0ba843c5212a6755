/**
 * Finding 2, one GraphQL request stalls the server: 300 aliased `users` with a wrong
 * bearer ran 300 scrypt checks (~120 ms each) at once, filling libuv's thread pool and
 * holding every other password check and file read behind them for many seconds.
 * - fails before: the 300-alias request ran (status 200 after seconds, 300 errors) and a login
 *   sent meanwhile waited behind it;
 * - fails before: 12 aliases with a wrong bearer counted 12 admin failures, so the admin's
 *   own next call (right password) answered 429.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { hashPassword } from '../../services/identity/src/domain/passwords';

let server: EmbeddedServer;
let dataDir: string;
const ADMIN = { email: 'admin@firm.test', password: 'correct horse battery' };
const bearer = (password: string) => `Bearer ${JSON.stringify({ email: ADMIN.email, password })}`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-alias-'));
  server = await startEmbedded({
    port: 0,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password),
      ADMIN_FAILURE_LIMIT: '3',
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const graphql = (query: string, authorization?: string) =>
  fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ query }),
  });

const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: users { id }`).join(' ')} }`;

it('refuses 300 aliased admin fields at once, and a login sent meanwhile is not delayed', async () => {
  const started = Date.now();
  const flood = graphql(aliases(300), bearer('wrong password')).then(async (response) => ({
    status: response.status,
    body: await response.text(),
    ms: Date.now() - started,
  }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const loginStarted = Date.now();
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'someone@firm.test', password: 'not the password' }),
  });
  const loginMs = Date.now() - loginStarted;
  const refused = await flood;
  expect(refused.status).toBe(400);
  expect(refused.body).toContain('Query too complex: more than 15 aliases');
  // Error bodies carry no server stack.
  expect(refused.body).not.toContain('stacktrace');
  expect(refused.ms).toBeLessThan(1000);
  expect(login.status).toBeLessThan(500);
  // One password check on a 2-core machine; the flood used to hold it for seconds.
  expect(loginMs).toBeLessThan(1500);
});

it('checks the admin once per request, so aliases count as one failure', async () => {
  const denied = (await (await graphql(aliases(12), bearer('wrong password'))).json()) as { errors: { extensions: { code: string } }[] };
  expect(denied.errors.length).toBeGreaterThan(0);
  // ADMIN_FAILURE_LIMIT is 3: one failed request must not lock the admin out.
  const admin = (await (await graphql('{ users { id } }', bearer(ADMIN.password))).json()) as { data?: unknown; errors?: unknown };
  expect(admin.errors).toBeUndefined();
  expect(admin.data).toEqual({ users: [] });
});
