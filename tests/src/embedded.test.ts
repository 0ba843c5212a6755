/**
 * The product as `npm start` runs it: one process, every service, the gateway, /ws and the
 * web app. These tests start the real entry point as a child process where the behaviour is
 * about the process (start-up time, bad configuration, SIGTERM), and in process otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { ROUTE_OWNERS, declaredRoutes, ownerOf } from '../../gateway/src/facade';
import { SERVICE_NAMES } from '../../gateway/src/services';

const root = path.resolve(__dirname, '..', '..');
const entry = path.join(root, 'gateway', 'src', 'embedded.ts');

function startProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForHealth(url: string, deadlineMs: number): Promise<{ status: number; body: any; ms: number }> {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(`${url}/healthz`);
      return { status: response.status, body: await response.json(), ms: Date.now() - started };
    } catch {
      if (Date.now() - started > deadlineMs) throw new Error(`no answer on ${url}/healthz within ${deadlineMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
}

describe('embedded product (process)', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-embedded-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers /healthz within 20 s listing every service and the gateway, then exits cleanly on SIGTERM within 5 s, even with a browser connected', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = startProcess({ PORT: String(port), DATA_DIR: dataDir });
    const exited = exitOf(child);
    const health = await waitForHealth(`http://127.0.0.1:${port}`, 20_000);
    console.log(`embedded start-up: /healthz answered after ${health.ms} ms`);
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(Object.keys(health.body.components).sort()).toEqual([...SERVICE_NAMES].sort());
    expect(health.body.service).toBe('gateway');

    // A browser still watching its progress must not hold the shutdown up.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    socket.send(JSON.stringify({ type: 'register', sessionId: 'shutdown-test' }));
    const socketClosed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

    const stopAt = Date.now();
    child.kill('SIGTERM');
    const { code } = await exited;
    console.log(`embedded shutdown: exited ${code} after ${Date.now() - stopAt} ms`);
    expect(code).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(5000);
    expect(await socketClosed).toBe(1001); // "going away", sent by the server as it stops
  }, 40_000);

  it('refuses to start on bad configuration, naming every bad variable', async () => {
    const child = startProcess({ PORT: 'abc', STORE: 'mongo', DATA_DIR: dataDir });
    const { code, stderr } = await exitOf(child);
    expect(code).toBe(1);
    expect(stderr).toMatch(/CiteCheck cannot start: invalid configuration/);
    expect(stderr).toMatch(/PORT: expected a whole number from 1 to 65535, got "abc"/);
    expect(stderr).toMatch(/MONGO_URL: required when STORE=mongo/);
    // One line per variable, each named once.
    expect(stderr.match(/PORT:/g)).toHaveLength(1);
  }, 20_000);
});

describe('embedded product (in process)', () => {
  let server: EmbeddedServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-embedded-'));
    server = await startEmbedded({ port: 0, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
  }, 30_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches every subgraph through one federated GraphQL query', async () => {
    const fields = SERVICE_NAMES.map((name) => `${name}Health { service ok }`).join(' ');
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ ${fields} }` }),
    });
    const body = (await response.json()) as { data: Record<string, { service: string; ok: boolean }> };
    expect(response.status).toBe(200);
    for (const name of SERVICE_NAMES) expect(body.data[`${name}Health`]).toEqual({ service: name, ok: true });
  });

  it('answers an unknown API path with SPEC section 8 error body, and other paths with the web app', async () => {
    const api = await fetch(`${server.url}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'No such endpoint', error: 'not_found' });
    const page = await fetch(`${server.url}/some/client/route`, { headers: { accept: 'text/html' } });
    expect([200, 503]).toContain(page.status);
    if (page.status === 200) expect(await page.text()).toMatch(/<div id="root">/);
  });

  it('routes every REST path a service declares to that service in the facade table', () => {
    const problems: string[] = [];
    for (const module of server.modules) {
      for (const route of declaredRoutes(module.routes)) {
        if (route.methods.length === 0) continue;
        const owner = ownerOf(route.path.replace(/:[^/]+/g, 'x'));
        if (owner !== module.name) problems.push(`${route.methods.join(',')} ${route.path} is served by ${module.name} but the table says ${owner}`);
      }
    }
    expect(problems).toEqual([]);
    expect(ROUTE_OWNERS.length).toBeGreaterThan(0);
  });

  it('accepts a /ws registration and refuses other upgrade paths', async () => {
    const wsUrl = server.url.replace('http', 'ws');
    const socket = new WebSocket(`${wsUrl}/ws`);
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    socket.send(JSON.stringify({ type: 'register', sessionId: 'embedded-test' }));
    socket.close(1000);
    const other = new WebSocket(`${wsUrl}/elsewhere`);
    await expect(new Promise((resolve, reject) => { other.on('open', resolve); other.on('error', reject); })).rejects.toBeTruthy();
  });
});
