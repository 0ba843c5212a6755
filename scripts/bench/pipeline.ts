/**
 * Pipeline benchmark: the embedded server in a child process (as `npm start` runs it, with
 * the demo case-law index), a generated 50-page text PDF with 100 citations.
 *
 *   npx tsx scripts/bench/pipeline.ts [--runs 10] [--concurrent 20]
 *
 * Prints the time from upload to answer for one upload at a time (target p50 < 3 s), the
 * same for N concurrent uploads from N users (p50/p95), and the server process's peak
 * resident memory, read from /proc/<pid>/status VmHWM (target < 800 MB).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { briefCitations, briefPages, makePdf } from '../../tests/src/pipeline-fixtures';
import { freePort, serverArgs, until, upload, verifiedUser } from '../../tests/src/pipeline-harness';

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

async function main(): Promise<void> {
  const runs = arg('runs', 10);
  const concurrent = arg('concurrent', 20);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-bench-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_EMAIL: '1000', DEV_MAIL_OUTBOX: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await until('the server', async () => (await fetch(`${url}/api/usage-stats`)).ok, 120_000, 250);
    const pdf = await makePdf(briefPages(50, briefCitations(100)));
    console.log(`document: 50 pages, 100 citations, ${(pdf.length / 1024).toFixed(0)} KB`);

    // One at a time; free accounts have 5 reports, so a fresh user every 5 runs.
    const sequential: number[] = [];
    let token = '';
    for (let i = 0; i < runs; i++) {
      if (i % 5 === 0) token = await verifiedUser(url, `bench-seq-${i}@example.com`);
      const started = performance.now();
      const result = await upload(url, token, pdf, 'bench.pdf', `bench-seq-${i}`);
      if (result.status !== 200 || result.body.citations?.length !== 100) throw new Error(`run ${i}: ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`);
      sequential.push(performance.now() - started);
    }
    console.log(`one at a time (${runs} runs): p50 ${percentile(sequential, 50).toFixed(0)} ms, p95 ${percentile(sequential, 95).toFixed(0)} ms`);

    const tokens = await Promise.all(Array.from({ length: concurrent }, (_, i) => verifiedUser(url, `bench-con-${i}@example.com`)));
    const timings = await Promise.all(
      tokens.map(async (t, i) => {
        const started = performance.now();
        const result = await upload(url, t, pdf, 'bench.pdf', `bench-con-${i}`);
        if (result.status !== 200 || result.body.citations?.length !== 100) throw new Error(`concurrent ${i}: ${result.status}`);
        return performance.now() - started;
      }),
    );
    console.log(`${concurrent} concurrent: p50 ${percentile(timings, 50).toFixed(0)} ms, p95 ${percentile(timings, 95).toFixed(0)} ms, all done in ${Math.max(...timings).toFixed(0)} ms`);
    console.log(`server peak RSS: ${peakRssMb(child.pid!).toFixed(0)} MB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
