/**
 * The public API in distributed mode, one process per service behind the distributed gateway:
 * `/api/v1` and `/mcp` are proxied to the services that own them (validation, ingest), which
 * ask identity over its internal HTTP routes for the key's owner and the report (the per-key
 * limit counted in identity's store), and publish each call for analytics; the dashboard's
 * keys come from identity's subgraph with analytics' call counts, federated over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyWebhookSignature, webhookSigningKey, WEBHOOK_SIGNATURE_HEADER } from '../../proto/src';
import { linesPdf, SHORT_BRIEF } from './pipeline-fixtures';
import { freePort, until, verifiedUser } from './pipeline-harness';
import { ProcessGroup, gatewayRoutes, localDistributedEnv, serviceUrls, startServices, untilBackendsReady } from './support/processes';
import { callApi, checkText, createKey, graphql, mcpClient, revokeKey, webhookReceiver } from './support/public-api';

const RATE_LIMIT = 12;
const BRIEF = 'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009); Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242 (1986).';

describe('the public API in distributed mode', () => {
  const processes = new ProcessGroup();
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-public-api-distributed-'));
    const urls = await serviceUrls();
    url = `http://127.0.0.1:${await freePort()}`;
    const env = {
      ...process.env,
      ...localDistributedEnv(dataDir),
      PUBLIC_URL: url,
      INTERNAL_TOKEN: 'public-api-internal-token',
      IDENTITY_URL: urls.identity,
      DEV_MAIL_OUTBOX: 'true',
      API_KEY_RATE_LIMIT: String(RATE_LIMIT),
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      RATE_LIMIT_PER_IP: '100000',
    };
    startServices(processes, urls, { env, echo: true, keep: 2000 });
    processes.start('gateway/src/main.ts', { env: { ...env, PORT: new URL(url).port, ...gatewayRoutes(urls) }, echo: true, keep: 2000 });
    await untilBackendsReady(processes, url, 90_000);
  }, 120_000);

  afterAll(async () => {
    await processes.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('serves keys, checks, documents with webhooks, MCP and usage through the gateway', async () => {
    const session = await processes.race(verifiedUser(url, 'distributed-api@firm.test'));
    const { id, secret } = await createKey(url, session, 'firm system');

    const openapi = await callApi(url, null, '/api/v1/openapi.json');
    expect(openapi.body.servers).toEqual([{ url }]);

    const check = await checkText(url, secret, BRIEF);
    expect(check.status).toBe(200);
    expect(check.body.citations.map((c: { verdict: { status: string } }) => c.verdict.status)).toEqual(['valid', 'invalid']);
    expect(check.body.usage).toEqual({ reportsUsed: 1, reportLimit: 5 });

    const receiver = await webhookReceiver();
    try {
      const form = new FormData();
      form.append('document', new Blob([new Uint8Array(await linesPdf(SHORT_BRIEF))], { type: 'application/pdf' }), 'brief.pdf');
      form.append('webhookUrl', receiver.url);
      const accepted = await callApi(url, secret, '/api/v1/documents', { method: 'POST', body: form });
      expect(accepted.status).toBe(202);
      const hook = await processes.race(until('the webhook', async () => receiver.received[0] ?? null, 60_000));
      expect(verifyWebhookSignature(webhookSigningKey(secret), String(hook.headers[WEBHOOK_SIGNATURE_HEADER]), hook.body)).toBe(true);
      expect((await callApi(url, secret, `/api/v1/documents/${accepted.body.id}`)).body.status).toBe('completed');
    } finally {
      await receiver.close();
    }

    const client = await mcpClient(url, secret);
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['check_citations', 'extract_citations', 'find_quote', 'verify_citation']);
      const verified = await client.callTool({ name: 'verify_citation', arguments: { citation: '556 U.S. 662', case_name: 'Ashcroft v. Iqbal' } });
      expect((verified.structuredContent as { citation: { verdict: { status: string } } }).citation.verdict.status).toBe('valid');
    } finally {
      await client.close();
    }

    const mine = await processes.race(
      until('the calls counted by analytics', async () => {
        const { data } = await graphql(url, `Bearer ${session}`, '{ apiKeys { id calls lastUsedAt } }');
        // check, documents.create, documents.get, mcp.verify_citation (listing tools is no call of a tool).
        return data?.apiKeys?.[0]?.calls === 4 ? data.apiKeys[0] : null;
      }),
    );
    expect(mine).toMatchObject({ id, lastUsedAt: expect.any(String) });

    await revokeKey(url, session, id);
    expect((await checkText(url, secret, BRIEF)).body.error).toBe('api_key_revoked');
    await expect(mcpClient(url, secret)).rejects.toMatchObject({ code: 401 });
  }, 120_000);

  it("holds a key's rate limit under parallel calls, counted in identity's store", async () => {
    const session = await processes.race(verifiedUser(url, 'distributed-burst@firm.test'));
    const { secret } = await createKey(url, session, 'burst');
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT * 3 }, () => callApi(url, secret, '/api/v1/citations/verify?cite=550%20U.S.%20544')));
    // The window is fixed on the clock: a burst that straddles a minute's turn may get a second allowance.
    const ok = answers.filter((a) => a.status === 200).length;
    expect([RATE_LIMIT, 2 * RATE_LIMIT]).toContain(ok);
    expect(answers.filter((a) => a.status === 429).length).toBe(RATE_LIMIT * 3 - ok);
  }, 60_000);
});
