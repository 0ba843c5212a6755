/**
 * Finding 3 (High), "Shipped internal token, internal routes on the public edge".
 * - fails before: the public port served `/internal/identity/*` (embedded: the services' routes
 *   are mounted on it; distributed: the gateway proxied them to identity), so anyone holding
 *   the token could give any account a password and an enterprise plan (`setup-paid-plan`) or
 *   make paid accounts without paying (`create-paid-account`);
 * - fails before: docker-compose.yml shipped a default INTERNAL_TOKEN, and the services
 *   started with it in production;
 * - fails before: `document(id){ user { id } }` gave anyone holding a report link the
 *   uploader's user id (the planner answers `id` from ingest's reference, without identity).
 * Now the gateway answers 404 to `/internal/*` however it is spelled, Compose has no default,
 * start-up refuses a published token outside development, and `user` is null for anyone but
 * the uploader and the admin.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'yaml';
import { ConfigError, createHttpApp, createLogger, createMetricsRegistry, loadConfig, missingDeployEnv } from '@citecheck/platform';
import { internalPathsNotFound, proxyToServices } from '../../gateway/src/facade';
import { service as identityService } from '../../services/identity/src/service';
import { simpleDocx } from '../../packages/reading/test/fixtures';
import { DOCX_TYPE, upload, verifiedUser } from '../src/pipeline-harness';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

const root = path.resolve(__dirname, '..', '..');
const TOKEN = 'edge-test-internal-token-0123456789';
const SPELLINGS = ['/internal/identity/setup-paid-plan', '/INTERNAL/identity/setup-paid-plan', '//internal/identity/setup-paid-plan', '/%69nternal/identity/setup-paid-plan'];

describe('the embedded product', () => {
  let server: EmbeddedServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-edge-'));
    server = await startEmbedded({
      port: 0,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', INTERNAL_TOKEN: TOKEN, DEV_MAIL_OUTBOX: 'true', RATE_LIMIT_PER_IP: '1000' },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(SPELLINGS)('answers 404 to %s even with the right token', async (internalPath) => {
    const response = await fetch(`${server.url}${internalPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': TOKEN },
      body: JSON.stringify({ userId: 'u', password: 'attacker-password', userType: 'enterprise', paidAt: new Date().toISOString() }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such endpoint', error: 'not_found' });
  });

  it('shows who uploaded a document to the uploader only', async () => {
    const owner = await verifiedUser(server.url, 'owner@firm.test', 'Owner');
    const stranger = await verifiedUser(server.url, 'stranger@elsewhere.test', 'Stranger');
    const uploaded = await upload(server.url, owner, await simpleDocx(['See Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007).']), 'brief.docx', 's-owner', DOCX_TYPE);
    expect(uploaded.status).toBe(200);
    const id = uploaded.body.document!.id;
    const ask = async (token: string | null) => {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query: 'query($id: ID!) { document(id: $id) { id user { id } } }', variables: { id } }),
      });
      return ((await response.json()) as { data: { document: { id: string; user: { id: string } | null } } }).data.document;
    };
    expect((await ask(null)).user).toBeNull();
    expect((await ask(stranger)).user).toBeNull();
    expect((await ask(owner)).user?.id).toMatch(/\S/);
  }, 120_000);
});

it('does not proxy /internal/* in distributed mode', async () => {
  // What gateway/src/main.ts puts in front of its proxy, against a stand-in identity that counts calls.
  let reached = 0;
  const upstream = createServer((_req, res) => {
    reached++;
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  }).listen(0);
  await new Promise((r) => upstream.once('listening', r));
  const gateway = createHttpApp({ service: 'gateway', ports: { logger: createLogger('gateway', 'silent'), metrics: createMetricsRegistry('gateway') } });
  gateway.use(internalPathsNotFound()).use(proxyToServices({ identity: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` }));
  const edge = gateway.listen(0);
  await new Promise((r) => edge.once('listening', r));
  try {
    const url = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
    for (const internalPath of SPELLINGS) expect((await fetch(`${url}${internalPath}`, { method: 'POST', headers: { 'x-internal-token': TOKEN } })).status).toBe(404);
    expect(reached).toBe(0);
    // The public paths still go through.
    expect((await fetch(`${url}/api/auth/status`)).status).toBe(200);
    expect(reached).toBe(1);
  } finally {
    edge.close();
    upstream.close();
  }
});

it('ships no internal token: Compose requires one, the chart has none', () => {
  const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
  const anchor = /x-internal-token:\s*&internal-token\s*(.*)/.exec(compose)?.[1] ?? '';
  expect(anchor).toMatch(/^\$\{INTERNAL_TOKEN:\?/);
  expect(compose).not.toMatch(/INTERNAL_TOKEN:-/);
  const values = parse(readFileSync(path.join(root, 'charts/citecheck/values.yaml'), 'utf8')) as Record<string, unknown>;
  expect(JSON.stringify(values)).not.toMatch(/"INTERNAL_TOKEN"\s*:/);
});

it('refuses a published or missing token outside development', () => {
  const published = { NODE_ENV: 'production', MODE: 'embedded', INTERNAL_TOKEN: 'compose-local-internal-token-change-me' };
  expect(() => loadConfig(identityService.config, published)).toThrow(ConfigError);
  try {
    loadConfig(identityService.config, published);
  } catch (error) {
    // Named, never printed.
    expect((error as ConfigError).problems.join('\n')).toMatch(/^INTERNAL_TOKEN: a published example value/m);
    expect((error as ConfigError).message).not.toContain('compose-local-internal-token-change-me');
  }
  expect(() => loadConfig(identityService.config, { ...published, INTERNAL_TOKEN: 'please-change-me-0123456789' })).toThrow(ConfigError);
  // A laptop in development may keep it; a token of one's own is fine anywhere.
  expect(() => loadConfig(identityService.config, { ...published, NODE_ENV: 'development' })).not.toThrow();
  expect(() => loadConfig(identityService.config, { ...published, INTERNAL_TOKEN: 'a0f3c9e1b7d24f6a8c5e0b1d3f7a9c2e' })).not.toThrow();
  // Distributed mode without one does not start.
  expect(missingDeployEnv('identity', {}, { BUS: 'embedded', STORE: 'sqlite', BLOBS: 'fs' } as never)).toContain('INTERNAL_TOKEN');
});
