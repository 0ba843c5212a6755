/**
 * Abuse benchmark: what ordinary users see while an attacker tries to take the server down.
 * The embedded server runs in a child process (as `npm start` runs it). Twenty ordinary users
 * each upload the sample filing (web/public/sample-filing.pdf) while one attacker uploads a
 * 2,000-page scan, a .docx that spells out 150,000 citations and sends a GraphQL request with
 * 300 aliased `users` and a wrong admin bearer.
 *
 *   npx tsx scripts/bench/abuse.ts [--users 20]
 *
 * Prints the ordinary users' upload time (p50/p95), the server's peak resident memory
 * (/proc/<pid>/status VmHWM) and what each attack got back.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleDocx } from '../../packages/reading/test/fixtures';
import { blankScanPdf } from '../../tests/src/pipeline-fixtures';
import { DOCX_TYPE, freePort, serverArgs, until, upload, verifiedUser } from '../../tests/src/pipeline-harness';

const ROOT = path.resolve(__dirname, '..', '..');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A small .docx whose text holds `count` distinct citations. */
async function citationFlood(count: number): Promise<Buffer> {
  const perParagraph = 1000;
  const paragraph = Array.from({ length: perParagraph }, (_, i) => `${i + 1} U.S. ${i + 2};`).join(' ');
  return simpleDocx(Array.from({ length: Math.ceil(count / perParagraph) }, () => paragraph));
}

const brief = (body: { message?: string; error?: string; citations?: unknown[] }) =>
  body.citations ? `${body.citations.length} citations` : `${body.error ?? ''}: ${body.message ?? ''}`;

async function main(): Promise<void> {
  const users = arg('users', 20);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-abuse-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_EMAIL: '1000', DEV_MAIL_OUTBOX: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await until('the server', async () => (await fetch(`${url}/api/usage-stats`)).ok, 120_000, 250);
    const sample = readFileSync(path.join(ROOT, 'web', 'public', 'sample-filing.pdf'));
    const [bigScan, flood] = await Promise.all([blankScanPdf(2000), citationFlood(150_000)]);
    console.log(`attack files: scan 2,000 pages (${(bigScan.length / 1024).toFixed(0)} KB), .docx with 150,000 citations (${(flood.length / 1024).toFixed(0)} KB)`);

    const tokens = await Promise.all(Array.from({ length: users }, (_, i) => verifiedUser(url, `user-${i}@example.com`)));
    const attacker = await verifiedUser(url, 'attacker@example.com');
    const aliases = `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: users { id }`).join(' ')} }`;
    const wrongAdmin = `Bearer ${JSON.stringify({ email: 'admin@example.com', password: 'guess' })}`;

    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const result = await work();
      return { ms: performance.now() - started, result };
    };
    const attacks = Promise.all([
      timed(() => upload(url, attacker, bigScan, 'scan.pdf', 'attack-scan')),
      timed(() => upload(url, attacker, flood, 'flood.docx', 'attack-flood', DOCX_TYPE)),
      timed(async () => {
        const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: wrongAdmin }, body: JSON.stringify({ query: aliases }) });
        return { status: response.status, text: (await response.text()).slice(0, 160) };
      }),
    ]);
    // The attack starts first: ordinary users arrive while it is under way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ordinary = await Promise.all(
      tokens.map((token, i) =>
        timed(async () => {
          const result = await upload(url, token, sample, 'sample-filing.pdf', `user-${i}`);
          if (result.status !== 200) throw new Error(`user ${i}: ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
          return result;
        }),
      ),
    );
    const [scanResult, floodResult, graphqlResult] = await attacks;
    const times = ordinary.map((o) => o.ms);
    console.log(`${users} ordinary users: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`);
    console.log(`server peak RSS: ${peakRssMb(child.pid!).toFixed(0)} MB`);
    console.log(`2,000-page scan: ${scanResult.result.status} after ${scanResult.ms.toFixed(0)} ms (${brief(scanResult.result.body)})`);
    console.log(`150,000-citation .docx: ${floodResult.result.status} after ${floodResult.ms.toFixed(0)} ms (${brief(floodResult.result.body)})`);
    console.log(`300-alias GraphQL: ${graphqlResult.result.status} after ${graphqlResult.ms.toFixed(0)} ms: ${graphqlResult.result.text}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
