/**
 * API keys stay secret: the key is shown once and kept only as a digest, so it must appear
 * in no log line, no event on the bus and no file the product writes, whatever a caller does
 * with it (a good call, a bad request, a revoked key, the MCP server, a webhook, the key sent
 * where a session token goes, the key in a query string or an error).
 *
 * The product runs as `npm start` runs it, in a process of its own at LOG_LEVEL=trace, its whole
 * output kept; its DATA_DIR (the SQLite stores, the embedded bus's log of every event) is then
 * read byte by byte.
 * fails before: the logger scrubbed tokens after `token=`/`key=` and bearer credentials, but
 * not an API key written anywhere else in a message or under a key name it does not list.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@citecheck/platform';
import { freePort, until, verifiedUser } from '../src/pipeline-harness';
import { linesPdf, SHORT_BRIEF } from '../src/pipeline-fixtures';
import { ProcessGroup, untilReady } from '../src/support/processes';
import { callApi, checkText, createKey, mcpClient, revokeKey, webhookReceiver } from '../src/support/public-api';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

it('scrubs an API key from any log line, wherever it is written', () => {
  const lines: string[] = [];
  const logger = createLogger('t', 'info', new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
  const key = `cck_0123456789abcdef_${'S'.repeat(40)}KEY`;
  logger.info({ detail: `caller sent ${key}`, header: key, nested: { list: [key] } }, `refused ${key}`);
  logger.warn({ err: new Error(`lookup of ${key} failed`) }, 'failed');
  const output = lines.join('');
  expect(output).not.toContain('SKEY');
  expect(output).not.toContain('S'.repeat(40));
  // The public id is kept, to tell which key it was.
  expect(output).toContain('cck_0123456789abcdef_[redacted]');
});

describe('the product, end to end', () => {
  const processes = new ProcessGroup();
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-key-secrecy-'));
    url = `http://127.0.0.1:${await freePort()}`;
    const started = processes.start('gateway/src/embedded.ts', {
      name: 'embedded',
      env: {
        ...process.env,
        PORT: new URL(url).port,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'trace',
        DEV_MAIL_OUTBOX: 'true',
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
        RATE_LIMIT_PER_IP: '100000',
      },
      // Everything it writes, not the last few thousand characters.
      keep: 50_000_000,
    });
    await untilReady(started, `${url}/readyz`);
  }, 120_000);

  afterAll(async () => {
    await processes.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the key out of the logs, the bus and every stored file', async () => {
    const session = await verifiedUser(url, 'secret-keeper@firm.test');
    const { id, secret } = await createKey(url, session, 'assistant');
    const hidden = secret.slice(21);
    const receiver = await webhookReceiver();
    try {
      expect((await checkText(url, secret, SHORT_BRIEF.join(' '))).status).toBe(200);
      expect((await checkText(url, secret, '')).status).toBe(400);
      expect((await callApi(url, secret, '/api/v1/citations/verify?cite=556%20U.S.%20662&name=Ashcroft%20v.%20Iqbal')).status).toBe(200);
      expect((await callApi(url, secret, `/api/v1/citations/verify?cite=${encodeURIComponent(secret)}`)).status).toBe(422);
      expect((await callApi(url, null, `/api/v1/check?key=${secret}`, { method: 'POST' })).status).toBe(401);
      // The key where a session token goes, and as the admin's bearer.
      expect((await callApi(url, secret, '/api/auth/status')).status).toBe(200);
      expect([401, 403]).toContain((await callApi(url, secret, '/api/admin/users')).status);
      const form = new FormData();
      form.append('document', new Blob([new Uint8Array(await linesPdf(SHORT_BRIEF))], { type: 'application/pdf' }), 'brief.pdf');
      form.append('webhookUrl', receiver.url);
      expect((await callApi(url, secret, '/api/v1/documents', { method: 'POST', body: form })).status).toBe(202);
      await until('the webhook', async () => receiver.received[0] ?? null, 60_000);
      const client = await mcpClient(url, secret);
      await client.callTool({ name: 'verify_citation', arguments: { citation: '550 U.S. 544' } });
      await client.close();
      await revokeKey(url, session, id);
      expect((await checkText(url, secret, 'x')).status).toBe(401);
      expect(JSON.stringify(receiver.received)).not.toContain(hidden);
    } finally {
      await receiver.close();
    }
    await processes.stopAll();

    const output = processes.processes[0].output();
    // The test would see nothing if the process had logged nothing.
    expect(output).toContain('"keyId"');
    expect(output).not.toContain(hidden);
    const leaks = filesUnder(dataDir).filter((file) => readFileSync(file).includes(hidden));
    expect(leaks).toEqual([]);
    // The bus did carry the calls, under the key's public id only.
    const busFiles = filesUnder(dataDir).filter((file) => readFileSync(file).includes('api.called'));
    expect(busFiles.length).toBeGreaterThan(0);
  }, 180_000);
});
