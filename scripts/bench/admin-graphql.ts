/**
 * The admin API's armour and its edge check, through the embedded server (in this process):
 *
 * - a GraphQL request with 300 aliased `users` and a wrong admin bearer, refused by the
 *   gateway's operation limits before any resolver runs (target: under 50 ms);
 * - the admin's federated read of users, documents (with their uploader) and usage records
 *   (with their document), with the admin session cookie;
 * - how long an IP block takes to reach the gateway (target: under a second).
 *
 *   npx tsx scripts/bench/admin-graphql.ts [--runs 50]
 *
 * Prints p50/p95 of each, the CPU time per request and the load average, since the machine's
 * cores may be shared.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '@citecheck/identity';
import { startEmbedded } from '../../gateway/src/embedded';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const RUNS = flag('runs', 50);
const ADMIN = { email: 'admin@citecheck.test', password: 'correct horse battery' };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-bench-admin-'));
  const server = await startEmbedded({
    port: 0,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password), TRUSTED_PROXIES: '127.0.0.1', ADMIN_FAILURE_LIMIT: '1000' },
  });
  const post = async (query: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, body, response };
  };
  try {
    const login = await post(`mutation { adminLogin(email: "${ADMIN.email}", password: "${ADMIN.password}") { email } }`);
    const cookie = (login.response.headers.get('set-cookie') ?? '').split(';')[0];
    const flood = `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: users { id }`).join(' ')} }`;
    const wrongBearer = { authorization: `Bearer ${JSON.stringify({ email: ADMIN.email, password: 'guess' })}` };
    const federated = '{ users { id email } documents { id filename user { id email } } usageMetrics { id document { id filename } } }';
    const refused: number[] = [];
    const joined: number[] = [];
    // CPU time of this process (server and client alike): on a shared machine the wall clock
    // also counts other processes' turns.
    let refusalCpuUs = 0;
    let joinCpuUs = 0;
    const cpuOf = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return used.user + used.system;
    };
    for (let i = 0; i < RUNS; i++) {
      let before = process.cpuUsage();
      const answer = await post(flood, wrongBearer);
      refusalCpuUs += cpuOf(before);
      if (answer.status !== 400 || !answer.body.includes('Query too complex')) throw new Error(`300 aliases were not refused: ${answer.status} ${answer.body.slice(0, 200)}`);
      refused.push(answer.ms);
      before = process.cpuUsage();
      const admin = await post(federated, { cookie });
      joinCpuUs += cpuOf(before);
      if (admin.status !== 200 || admin.body.includes('"errors"')) throw new Error(`federated admin query failed: ${admin.body.slice(0, 200)}`);
      joined.push(admin.ms);
    }
    const blockedIp = '203.0.113.99';
    await post(`mutation { blockIp(ipAddress: "${blockedIp}") { ipAddress } }`, { cookie });
    const blockedAt = performance.now();
    while ((await fetch(`${server.url}/api/usage-stats`, { headers: { 'x-forwarded-for': blockedIp } })).status !== 403) {
      if (performance.now() - blockedAt > 5000) throw new Error('the block did not reach the gateway in 5 s');
    }
    const blockMs = performance.now() - blockedAt;
    console.log(`runs: ${RUNS}`);
    console.log(`300-alias query refused: p50 ${percentile(refused, 50).toFixed(1)} ms, p95 ${percentile(refused, 95).toFixed(1)} ms (target < 50 ms)`);
    console.log(`federated admin query (users, documents + user, usageMetrics + document): p50 ${percentile(joined, 50).toFixed(1)} ms, p95 ${percentile(joined, 95).toFixed(1)} ms`);
    console.log(`block enforced at the gateway after ${blockMs.toFixed(1)} ms (target < 1000 ms)`);
    console.log(`CPU per request (client and server): refusal ${(refusalCpuUs / RUNS / 1000).toFixed(1)} ms, federated read ${(joinCpuUs / RUNS / 1000).toFixed(1)} ms`);
    console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
