/**
 * The Low findings at the edge, against the embedded product in process:
 * - fails before: a session cookie that is not valid percent-encoding (`%`) made
 *   decodeURIComponent throw and every route that reads the session answer 500;
 * - fails before: error bodies echoed input (the 404 for an unknown /api path quoted the path).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';

let server: EmbeddedServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-low-'));
  server = await startEmbedded({ port: 0, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers "no session" for a malformed session cookie', async () => {
  const response = await fetch(`${server.url}/api/auth/status`, { headers: { cookie: 'citecheck_session=%' } });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ isAuthenticated: false });
});

it('does not echo input in error bodies', async () => {
  const marker = '<script>alert(1)</script>';
  const response = await fetch(`${server.url}/api/${encodeURIComponent(marker)}`);
  expect(response.status).toBe(404);
  const body = await response.text();
  expect(body).not.toContain('script');
  expect(body).not.toContain('alert');
});
