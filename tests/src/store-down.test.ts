/**
 * A service whose MongoDB is down when it starts stays up and unready instead of exiting into
 * a crash loop: liveness (/healthz) answers, readiness (/readyz) names the store, the first
 * connection is retried (packages/platform/src/adapters/mongo.ts, tested with a stand-in
 * there), and SIGTERM still ends it cleanly. Nothing listens on the MongoDB port here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, until } from './pipeline-harness';

const root = path.resolve(__dirname, '..', '..');

test('ingest with MongoDB unreachable: alive, unready because of the store, exits on SIGTERM', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-store-down-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/ingest/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      MODE: 'distributed',
      BUS: 'embedded',
      STORE: 'mongo',
      BLOBS: 'fs',
      MONGO_URL: `mongodb://127.0.0.1:${await freePort()}/citecheck`,
      DATA_DIR: dataDir,
      PORT: String(port),
      OPS_PORT: '0',
      LOG_LEVEL: 'warn',
      IDENTITY_URL: 'http://127.0.0.1:9',
      INTERNAL_TOKEN: 'store-down-internal-token-0123456789',
      SHUTDOWN_TIMEOUT_MS: '3000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  try {
    const live = await Promise.race([
      until('/healthz', async () => ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status === 200 ? true : null), 60_000, 200),
      exited.then((exit) => {
        throw new Error(`ingest exited (code ${exit.code}) with MongoDB down:\n${output}`);
      }),
    ]);
    expect(live).toBe(true);
    // After failed connection attempts (each waits out server selection) it is still running,
    // still live, and unready because of the store.
    await until('a retried connection', async () => output.includes('MongoDB unreachable; retrying') || null, 45_000, 250);
    expect(child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { failing?: string[] }).failing).toContain('store');

    const sent = Date.now();
    child.kill('SIGTERM');
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at - sent).toBeLessThan(5000);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
