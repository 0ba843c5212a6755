/**
 * What a pod's start costs, from TypeScript through tsx (how the image started a service
 * before: in a new pod, whose /tmp is an empty volume, tsx's compile cache is empty too, so
 * "tsx cold" is that case and "tsx warm" a restart within the pod) against its esbuild bundle
 * with plain node, in the layout of that service's image
 * (scripts/bundle-services.mjs, then scripts/stage-service.mjs into a folder outside the
 * repository). Each deployable is started alone, one start at a time, with the embedded bus
 * and SQLite (nothing to wait for outside the process), until its ops port's /readyz answers
 * 200; the figures are the wall time to that moment and the CPU time the process had used by
 * then (from /proc), the median of the runs.
 *
 *   npx tsx scripts/bench/service-start.ts [--runs 3] [ingest gateway ...]
 *
 * No target: the ratio is what is printed. The machine's cores may be shared, so the CPU
 * time is the steadier figure; the load average is printed with them.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const DEPLOYABLES = ['ingest', 'extraction', 'validation', 'billing', 'identity', 'notification', 'analytics', 'progress', 'gateway'];
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 3;
const chosen = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--runs');
const names = chosen.length ? chosen : DEPLOYABLES;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** CPU seconds (user + system) a live process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

type How = 'tsx-cold' | 'tsx' | 'bundle';

async function startOnce(name: string, how: How, appDir: string): Promise<{ wallMs: number; cpuS: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
  const [port, ops] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    MODE: 'distributed',
    NODE_ENV: 'production',
    BUS: 'embedded',
    STORE: 'sqlite',
    BLOBS: 'fs',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    OPS_PORT: String(ops),
    INTERNAL_TOKEN: 'bench-internal-token-0123456789abcdef',
    IDENTITY_URL: 'http://127.0.0.1:9',
    SUBGRAPH_URLS: DEPLOYABLES.filter((n) => n !== 'gateway').map((n) => `${n}=http://127.0.0.1:9/graphql`).join(','),
    SERVICE_URLS: DEPLOYABLES.filter((n) => n !== 'gateway').map((n) => `${n}=http://127.0.0.1:9`).join(','),
    ...(how === 'tsx-cold' ? { TSX_DISABLE_CACHE: '1' } : {}),
  };
  const source = name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
  const args = how === 'bundle' ? [path.join('dist', 'services', `${name}.cjs`)] : ['--import', 'tsx', source];
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: how === 'bundle' ? appDir : ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} (${how}) exited: ${stderr.slice(-2000)}`);
      const ready = await fetch(`http://127.0.0.1:${ops}/readyz`).then((r) => r.status === 200, () => false);
      if (ready) return { wallMs: Date.now() - started, cpuS: cpuSeconds(child.pid!) };
      if (Date.now() - started > 120_000) throw new Error(`${name} (${how}) not ready in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-images-'));
  try {
    const run = (script: string, args: string[]) => execFileSync(process.execPath, [path.join(ROOT, 'scripts', script), ...args], { cwd: ROOT, stdio: 'ignore' });
    run('prepare.mjs', []);
    run('bundle-services.mjs', ['--out', path.join(work, 'bundles'), ...names]);
    for (const name of names) run('stage-service.mjs', [name, path.join(work, name), '--bundles', path.join(work, 'bundles'), '--link']);
    console.log(`service start until /readyz, median of ${RUNS} (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    console.log('service       tsx cold: wall   CPU   tsx warm: wall   CPU   bundle: wall   CPU   CPU cold/bundle');
    const totals: Record<How, number> = { 'tsx-cold': 0, tsx: 0, bundle: 0 };
    const cell = (f: { wall: number; cpu: number }) => `${`${f.wall} ms`.padStart(9)} ${`${f.cpu.toFixed(2)} s`.padStart(7)}`;
    for (const name of names) {
      const results: Record<How, { wallMs: number; cpuS: number }[]> = { 'tsx-cold': [], tsx: [], bundle: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const how of ['tsx-cold', 'tsx', 'bundle'] as const) results[how].push(await startOnce(name, how, path.join(work, name)));
      }
      const figure = (how: How) => ({ wall: median(results[how].map((r) => r.wallMs)), cpu: median(results[how].map((r) => r.cpuS)) });
      const [cold, warm, bundle] = [figure('tsx-cold'), figure('tsx'), figure('bundle')];
      totals['tsx-cold'] += cold.cpu;
      totals.tsx += warm.cpu;
      totals.bundle += bundle.cpu;
      console.log(`${name.padEnd(13)} ${cell(cold)}        ${cell(warm)}      ${cell(bundle)}   ${(cold.cpu / bundle.cpu).toFixed(1).padStart(6)}x`);
    }
    console.log(
      `all ${names.length}: CPU to ready ${totals['tsx-cold'].toFixed(2)} s through tsx with a cold cache (a new pod), ${totals.tsx.toFixed(2)} s with a warm one, ${totals.bundle.toFixed(2)} s from the bundles (${(totals['tsx-cold'] / totals.bundle).toFixed(1)}x and ${(totals.tsx / totals.bundle).toFixed(1)}x); load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
