/**
 * Abuse benchmark: what ordinary users see while an attacker tries to take the server down.
 * The embedded server runs in a child process (as `npm start` runs it). Twenty ordinary users
 * each upload the sample filing (web/public/sample-filing.pdf) while one attacker uploads a
 * 2,000-page scan, a .docx that spells out 150,000 citations and sends a GraphQL request with
 * 300 aliased `users` and a wrong admin bearer.
 *
 *   npx tsx scripts/bench/abuse.ts [--users 20] [--no-attack] [--profile <dir>]
 *
 * Prints the ordinary users' upload time (p50/p95), the server's peak resident memory
 * (/proc/<pid>/status VmHWM) and what each attack got back. To tell what the attack costs
 * from what the machine costs, it also prints the server's CPU seconds split between OCR
 * threads (the tesseract threads run at nice 10, so they are told apart by their nice value)
 * and the rest, and how long a trivial request took at worst while the users waited (a probe
 * every 100 ms: the server's event loop stalls show here). `--no-attack` runs the users alone,
 * the baseline on the same machine. The machine's load average is printed at the start and the
 * end of the users' wait: on a shared machine it says how far two runs compare.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds of the server's threads so far, OCR (nice 10) and the rest. Threads that end are
 * gone from /proc, so the caller samples often and keeps each thread's highest figure.
 */
function sampleThreadCpu(pid: number, seen: Map<number, { ocr: boolean; ticks: number }>): void {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      // After the command: state is field 0, utime 11, stime 12, nice 16.
      const ticks = Number(fields[11]) + Number(fields[12]);
      const ocr = Number(fields[16]) > 0;
      const previous = seen.get(Number(tid));
      if (!previous || ticks > previous.ticks) seen.set(Number(tid), { ocr: ocr || (previous?.ocr ?? false), ticks });
    } catch {
      // the thread ended between the listing and the read
    }
  }
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

/** CPU seconds spent since `before`, OCR threads and the rest. */
function cpuSplit(now: Map<number, { ocr: boolean; ticks: number }>, before: Map<number, { ocr: boolean; ticks: number }>): { ocr: number; other: number } {
  let ocr = 0;
  let other = 0;
  for (const [tid, thread] of now) {
    const ticks = thread.ticks - (before.get(tid)?.ticks ?? 0);
    if (thread.ocr) ocr += ticks;
    else other += ticks;
  }
  return { ocr: ocr / TICKS_PER_SECOND, other: other / TICKS_PER_SECOND };
}

const brief = (body: { message?: string; error?: string; citations?: unknown[] }) =>
  body.citations ? `${body.citations.length} citations` : `${body.error ?? ''}: ${body.message ?? ''}`;

async function main(): Promise<void> {
  const users = arg('users', 20);
  const attack = !process.argv.includes('--no-attack');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-abuse-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // --profile <dir>: the server writes V8 CPU profiles of its threads there (open in Chrome DevTools).
  const profileDir = process.argv.includes('--profile') ? path.resolve(process.argv[process.argv.indexOf('--profile') + 1]) : null;
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...serverArgs()], {
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
    const loadBefore = loadavg()[0];
    const threads = new Map<number, { ocr: boolean; ticks: number }>();
    sampleThreadCpu(child.pid!, threads);
    const cpuBefore = new Map(threads);
    // A trivial request every 100 ms while the users wait: its worst time shows event-loop stalls.
    let slowestProbe = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        await fetch(`${url}/api/usage-stats`).then((r) => r.arrayBuffer());
        slowestProbe = Math.max(slowestProbe, performance.now() - started);
        sampleThreadCpu(child.pid!, threads);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const attacks = attack
      ? Promise.all([
          timed(() => upload(url, attacker, bigScan, 'scan.pdf', 'attack-scan')),
          timed(() => upload(url, attacker, flood, 'flood.docx', 'attack-flood', DOCX_TYPE)),
          timed(async () => {
            const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: wrongAdmin }, body: JSON.stringify({ query: aliases }) });
            return { status: response.status, text: (await response.text()).slice(0, 160) };
          }),
        ])
      : null;
    // The attack starts first: ordinary users arrive while it is under way.
    if (attack) await new Promise((resolve) => setTimeout(resolve, 200));
    const usersStarted = process.hrtime.bigint();
    const ordinary = await Promise.all(
      tokens.map((token, i) =>
        timed(async () => {
          const result = await upload(url, token, sample, 'sample-filing.pdf', `user-${i}`);
          if (result.status !== 200) throw new Error(`user ${i}: ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
          return result;
        }),
      ),
    );
    const usersEnded = process.hrtime.bigint();
    sampleThreadCpu(child.pid!, threads);
    const cpuWhileUsers = cpuSplit(threads, cpuBefore);
    const probeWhileUsers = slowestProbe;
    const attackResults = attacks ? await attacks : null;
    probing = false;
    await probe;
    const times = ordinary.map((o) => o.ms);
    console.log(`${users} ordinary users${attack ? ' beside the attack' : ', no attack'}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms`);
    console.log(`server CPU while the users waited: ${cpuWhileUsers.ocr.toFixed(1)} s OCR threads, ${cpuWhileUsers.other.toFixed(1)} s everything else; slowest trivial request ${probeWhileUsers.toFixed(0)} ms`);
    console.log(`server peak RSS: ${peakRssMb(child.pid!).toFixed(0)} MB; load average ${loadBefore.toFixed(1)} when the users started, ${loadavg()[0].toFixed(1)} at the end`);
    // V8's profiles time their samples by the same monotonic clock (in µs) on Linux.
    if (profileDir) console.log(`profiles: the users waited from ${usersStarted / 1000n} to ${usersEnded / 1000n} µs on the profiles' clock`);
    if (attackResults) {
      const [scanResult, floodResult, graphqlResult] = attackResults;
      console.log(`2,000-page scan: ${scanResult.result.status} after ${scanResult.ms.toFixed(0)} ms (${brief(scanResult.result.body)})`);
      console.log(`150,000-citation .docx: ${floodResult.result.status} after ${floodResult.ms.toFixed(0)} ms (${brief(floodResult.result.body)})`);
      console.log(`300-alias GraphQL: ${graphqlResult.result.status} after ${graphqlResult.ms.toFixed(0)} ms: ${graphqlResult.result.text}`);
    }
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
