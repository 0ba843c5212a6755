/**
 * The public API in embedded mode, as programs use it: keys made on the dashboard's GraphQL,
 * `/api/v1` described by an OpenAPI 3.1 document that validates and whose every path answers
 * as it says, a free key stopped at the free report limit, the per-key rate limit under
 * parallel calls, the MCP server over Streamable HTTP with the official SDK's client (and
 * refused without a key and with a revoked one), signed webhooks (and SSRF refusals), and
 * every call counted for the owner and the admin.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { hashPassword } from '@citecheck/identity';
import { verifyWebhookSignature, webhookSigningKey, WEBHOOK_SIGNATURE_HEADER } from '../../proto/src';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { freePort, until, verifiedUser } from './pipeline-harness';
import { linesPdf, SHORT_BRIEF } from './pipeline-fixtures';
import { adminBearer, callApi, checkText, createKey, graphql, mcpClient, revokeKey, webhookReceiver } from './support/public-api';

const ADMIN = { email: 'admin@citecheck.test', password: 'a long admin password' };
const RATE_LIMIT = 30;
const BRIEF = 'Dismissal is proper. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). See also Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).';

let server: EmbeddedServer;
let url: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-public-api-'));
  server = await startEmbedded({
    env: {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_EMAIL: '1000',
      DEV_MAIL_OUTBOX: 'true',
      API_KEY_RATE_LIMIT: String(RATE_LIMIT),
      // The test's webhook receiver listens on loopback, which is refused unless listed.
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password),
    },
  });
  url = server.url;
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A verified free user with a key. */
async function userWithKey(email: string, keyName = 'drafting assistant') {
  const session = await verifiedUser(url, email);
  const key = await createKey(url, session, keyName);
  return { session, ...key };
}

type Json = Record<string, any>;

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1, and every path in it answers as it describes', async () => {
    const served = await callApi(url, null, '/api/v1/openapi.json');
    expect(served.status).toBe(200);
    const document = served.body as Json;
    // @seriousme/openapi-schema-validator, in a script of its own (the package is ESM only).
    const validation = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, 'support', 'validate-openapi.mjs')], { input: JSON.stringify(document) }).toString());
    expect(validation).toEqual({ valid: true, version: '3.1' });
    expect(document.openapi).toBe('3.1.0');

    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const resolve = (schema: Json): Json => (schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema);
    const conforms = (schema: Json, body: unknown) => {
      const validate = ajv.compile({ ...schema, components: document.components });
      return validate(body) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`);
    };

    const { secret } = await userWithKey('openapi@firm.test');
    const pdf = await linesPdf(SHORT_BRIEF);
    let documentId: string | null = null;
    // POST before GET, so the document's own path has a real id to answer.
    const operations = Object.entries(document.paths as Json)
      .flatMap(([route, item]) => Object.entries(item as Json).map(([method, operation]) => ({ route, method, operation: operation as Json })))
      .sort((a, b) => (a.method === 'post' ? -1 : 0) - (b.method === 'post' ? -1 : 0));
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.route}`).sort()).toEqual([
      'GET /api/v1/citations/verify',
      'GET /api/v1/documents/{id}',
      'GET /api/v1/openapi.json',
      'POST /api/v1/check',
      'POST /api/v1/documents',
    ]);

    const problems: string[] = [];
    for (const { route, method, operation } of operations) {
      const secured = (operation.security ?? []).length > 0;
      const query = new URLSearchParams();
      let target = route;
      for (const parameter of operation.parameters ?? []) {
        const example = parameter.example ?? parameter.schema?.example;
        if (parameter.in === 'query') query.set(parameter.name, String(example));
        if (parameter.in === 'path') target = target.replace(`{${parameter.name}}`, parameter.name === 'id' && documentId ? documentId : String(example));
      }
      const init: RequestInit = { method: method.toUpperCase() };
      const content = operation.requestBody?.content ?? {};
      if (content['application/json']) {
        init.body = JSON.stringify(resolve(content['application/json'].schema).example);
        init.headers = { 'content-type': 'application/json' };
      } else if (content['multipart/form-data']) {
        const form = new FormData();
        form.append('document', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'brief.pdf');
        init.body = form;
      }
      const path = `${target}${query.size ? `?${query}` : ''}`;
      const answer = await callApi(url, secured ? secret : null, path, init);
      const described = operation.responses[String(answer.status)];
      if (!described) problems.push(`${method} ${route}: answered ${answer.status}, which it does not describe`);
      else if (answer.status >= 300) problems.push(`${method} ${route}: answered ${answer.status} ${JSON.stringify(answer.body)}`);
      else {
        const schema = described.content?.['application/json']?.schema;
        if (schema) problems.push(...conforms(schema, answer.body).map((p) => `${method} ${route} ${answer.status}:${p}`));
      }
      if (route === '/api/v1/documents' && method === 'post') documentId = answer.body.id;

      if (secured) {
        // Without a key: refused, as described, in the one error shape.
        const refused = await callApi(url, null, path, { ...init, body: init.body instanceof FormData ? undefined : init.body });
        if (refused.status !== 401 || !operation.responses['401']) problems.push(`${method} ${route} without a key: ${refused.status}`);
        else problems.push(...conforms(operation.responses['401'].content['application/json'].schema, refused.body).map((p) => `${method} ${route} 401:${p}`));
        expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    }
    expect(problems).toEqual([]);

    // The example answers what it promises: the real case valid, the invented one not called real.
    const check = await checkText(url, secret, resolve(document.paths['/api/v1/check'].post.requestBody.content['application/json'].schema).example.text);
    const iqbal = check.body.citations.find((c: Json) => c.normalized === '556 U.S. 662');
    expect(iqbal.verdict).toMatchObject({ status: 'valid', matchedCase: { name: 'Ashcroft v. Iqbal' } });
    expect(check.body.citations.find((c: Json) => c.normalized === '925 F.3d 1339').verdict.status).not.toBe('valid');

    // Every case citation lists its quotations, as the document says; the demo index holds no
    // opinion text, so the words are left unchecked, and it says why.
    const quoted = await checkText(url, secret, 'A claim "has facial plausibility when the plaintiff pleads factual content." Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). See 28 U.S.C. § 1331.');
    expect(conforms(resolve(document.paths['/api/v1/check'].post.responses['200'].content['application/json'].schema), quoted.body)).toEqual([]);
    expect(quoted.body.citations[0].quotes).toEqual([
      { text: 'has facial plausibility when the plaintiff pleads factual content.', status: 'unchecked', foundPage: null, message: 'Not checked: the text of this opinion is not available.', opinionText: null, diff: null },
    ]);
    expect(quoted.body.citations[1]).not.toHaveProperty('quotes');
    expect(quoted.body.summary).toMatchObject({ quotes: 1, alteredQuotes: 0, quotesNotFound: 0 });
    expect(document.components.schemas.Quote.properties.status.enum).toEqual(['verified', 'wrong-page', 'altered', 'not-found', 'unchecked']);
  }, 120_000);
});

describe('keys, limits and refusals', () => {
  it("stops a free user's key at the free report limit, in the one error shape", async () => {
    const { secret } = await userWithKey('free-limit@firm.test');
    for (let i = 1; i <= 5; i += 1) {
      const answer = await checkText(url, secret, BRIEF);
      expect(answer.status).toBe(200);
      expect(answer.body.usage).toEqual({ reportsUsed: i, reportLimit: 5 });
    }
    const refused = await checkText(url, secret, BRIEF);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'limit_reached', message: 'Report limit reached', limitReached: true, reportsUsed: 5, reportLimit: 5, userType: 'free' });
    // Verifying one citation takes no report.
    expect((await callApi(url, secret, '/api/v1/citations/verify?cite=556%20U.S.%20662')).status).toBe(200);
  }, 60_000);

  it('holds the per-key rate limit under parallel calls', async () => {
    const { secret } = await userWithKey('burst@firm.test');
    const other = await createKey(url, await verifiedUser(url, 'burst-other@firm.test'), 'other');
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT * 2 }, () => callApi(url, secret, '/api/v1/citations/verify?cite=550%20U.S.%20544')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RATE_LIMIT);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(RATE_LIMIT);
    expect(limited[0].body).toMatchObject({ error: 'rate_limited', retryAfterSeconds: 60 });
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key is not held back by this one's calls.
    expect((await callApi(url, other.secret, '/api/v1/citations/verify?cite=550%20U.S.%20544')).status).toBe(200);
  }, 60_000);

  it('refuses missing, malformed, forged and revoked keys, and bad requests', async () => {
    const { session, id, secret } = await userWithKey('refusals@firm.test');
    expect((await checkText(url, null, BRIEF)).body).toMatchObject({ error: 'invalid_api_key' });
    expect((await checkText(url, 'cck_nonsense', BRIEF)).status).toBe(401);
    expect((await checkText(url, `${secret.slice(0, 21)}${'x'.repeat(43)}`, BRIEF)).status).toBe(401);
    // A session token is not an API key.
    expect((await checkText(url, session, BRIEF)).status).toBe(401);

    const empty = await checkText(url, secret, '');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'invalid_request', issues: [{ path: 'text' }] });
    const tooLong = await checkText(url, secret, 'x'.repeat(300_001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0].path).toBe('text');
    const noCitation = await callApi(url, secret, '/api/v1/citations/verify?cite=nothing%20here');
    expect(noCitation).toMatchObject({ status: 422, body: { error: 'no_citation' } });
    expect((await callApi(url, secret, '/api/v1/no-such-endpoint')).body).toEqual({ message: 'No such endpoint', error: 'not_found' });

    await revokeKey(url, session, id);
    const revoked = await checkText(url, secret, BRIEF);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ error: 'api_key_revoked', message: 'This API key has been revoked. Create a new one on your dashboard.' });
  });

  it("keeps a key's documents to its owner", async () => {
    const owner = await userWithKey('doc-owner@firm.test');
    const stranger = await userWithKey('doc-stranger@firm.test');
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(await linesPdf(SHORT_BRIEF))], { type: 'application/pdf' }), 'brief.pdf');
    const accepted = await callApi(url, owner.secret, '/api/v1/documents', { method: 'POST', body: form });
    expect(accepted.status).toBe(202);
    expect((await callApi(url, stranger.secret, `/api/v1/documents/${accepted.body.id}`)).status).toBe(404);
    const done = await until('the document to finish', async () => {
      const status = await callApi(url, owner.secret, `/api/v1/documents/${accepted.body.id}`);
      return status.body.status === 'completed' ? status.body : null;
    });
    expect(done.citations.map((c: Json) => c.verdict.status)).toEqual(expect.arrayContaining(['valid', 'invalid']));
    expect(done.reportUrl).toMatch(/\/report\//);
  }, 60_000);
});

describe('MCP over Streamable HTTP', () => {
  it('lists the tools and calls each with a key; refuses no key and a revoked key', async () => {
    const { session, id, secret } = await userWithKey('mcp@firm.test', 'claude');
    const client = await mcpClient(url, secret);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['check_citations', 'extract_citations', 'find_quote', 'verify_citation']);
      const checked = await client.callTool({ name: 'check_citations', arguments: { text: BRIEF } });
      const check = checked.structuredContent as Json;
      expect(check.citations.find((c: Json) => c.normalized === '556 U.S. 662').verdict).toMatchObject({ status: 'valid', checkedAgainst: expect.any(String) });
      expect(check.usage).toEqual({ reportsUsed: 1, reportLimit: 5 });
      const verified = await client.callTool({ name: 'verify_citation', arguments: { citation: '477 U.S. 242', case_name: 'Kaufman v. Alitalia Airlines, Inc.' } });
      expect((verified.structuredContent as Json).citation.verdict).toMatchObject({ status: 'invalid', matchedCase: { name: 'Anderson v. Liberty Lobby, Inc.' }, suggestion: expect.any(String) });
      const extracted = await client.callTool({ name: 'extract_citations', arguments: { text: BRIEF } });
      expect((extracted.structuredContent as Json).total).toBe(2);
      const quote = await client.callTool({ name: 'find_quote', arguments: { citation: 'Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)', quote: 'has facial plausibility when the plaintiff pleads factual content' } });
      expect(quote.structuredContent).toMatchObject({ citation: { normalized: '556 U.S. 662', verdict: { status: 'valid' } }, quote: { status: 'unchecked', message: 'Not checked: the text of this opinion is not available.' } });
    } finally {
      await client.close();
    }
    await expect(mcpClient(url, null)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('invalid_api_key') });
    await revokeKey(url, session, id);
    await expect(mcpClient(url, secret)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('api_key_revoked') });
    // GET (a server stream) has nothing to serve on a stateless server.
    expect((await callApi(url, null, '/mcp')).status).toBe(405);
  }, 60_000);
});

describe('webhooks', () => {
  it('calls the caller back, signed with a key derived from its API key', async () => {
    const receiver = await webhookReceiver();
    try {
      const { secret } = await userWithKey('webhook@firm.test');
      const form = new FormData();
      form.append('document', new Blob([new Uint8Array(await linesPdf(SHORT_BRIEF))], { type: 'application/pdf' }), 'brief.pdf');
      form.append('webhookUrl', receiver.url);
      const accepted = await callApi(url, secret, '/api/v1/documents', { method: 'POST', body: form });
      expect(accepted.status).toBe(202);
      expect(accepted.body).toMatchObject({ status: 'processing', webhook: true, statusUrl: `/api/v1/documents/${accepted.body.id}` });
      const hook = await until('the webhook delivery', async () => receiver.received[0] ?? null, 30_000);
      const signature = String(hook.headers[WEBHOOK_SIGNATURE_HEADER]);
      expect(verifyWebhookSignature(webhookSigningKey(secret), signature, hook.body)).toBe(true);
      expect(verifyWebhookSignature(webhookSigningKey(secret), signature, hook.body.replace('completed', 'failed'))).toBe(false);
      expect(verifyWebhookSignature(webhookSigningKey(`${secret.slice(0, -1)}x`), signature, hook.body)).toBe(false);
      const event = JSON.parse(hook.body);
      expect(event).toMatchObject({ type: 'document.completed', document: { id: accepted.body.id, status: 'completed' } });
      expect(event.document.citations.length).toBeGreaterThan(0);
      // The key is nowhere in what was sent.
      expect(JSON.stringify(hook)).not.toContain(secret.slice(21));
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('refuses webhook addresses on private, loopback and metadata networks', async () => {
    const { session, secret } = await userWithKey('ssrf@firm.test');
    // 127.0.0.1 is allowed here (WEBHOOK_ALLOWED_NETWORKS), the rest of loopback is not.
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/hook', 'http://127.0.0.2:9/hook', 'http://[::1]/hook', 'http://[::ffff:10.0.0.1]/hook', 'http://user:pw@127.0.0.1/', 'file:///etc/passwd', 'ftp://example.com/']) {
      const form = new FormData();
      form.append('document', new Blob([new Uint8Array(await linesPdf(SHORT_BRIEF))], { type: 'application/pdf' }), 'brief.pdf');
      form.append('webhookUrl', target);
      const refused = await callApi(url, secret, '/api/v1/documents', { method: 'POST', body: form });
      expect([target, refused.status, refused.body.error]).toEqual([target, 400, expect.stringMatching(/webhook_refused|invalid_request/)]);
    }
    // Refused before anything was taken from the plan.
    const { data } = await graphql(url, `Bearer ${session}`, '{ reportUsage { reportsUsed } }');
    expect(data.reportUsage.reportsUsed).toBe(0);
  }, 60_000);
});

describe('usage', () => {
  it("counts every call on the owner's dashboard and in the admin's usage; the admin lists and revokes keys, audited", async () => {
    const { session, id, secret } = await userWithKey('counted@firm.test', 'firm DMS');
    await checkText(url, secret, BRIEF);
    await callApi(url, secret, '/api/v1/citations/verify?cite=556%20U.S.%20662');
    await checkText(url, secret, '');
    const mine = await until('the calls to be counted', async () => {
      const { data } = await graphql(url, `Bearer ${session}`, '{ apiKeys { id name prefix lastUsedAt calls } }');
      return data.apiKeys[0]?.calls === 3 ? data.apiKeys : null;
    });
    expect(mine).toEqual([{ id, name: 'firm DMS', prefix: secret.slice(0, 20), lastUsedAt: expect.any(String), calls: 3 }]);

    const admin = adminBearer(ADMIN);
    const { data: usage } = await graphql(url, admin, '{ apiUsage { totalCalls refusedCalls byOperation { operation calls } topKeys { keyId keyName userEmail calls } daily { date calls } } }');
    expect(usage.apiUsage.topKeys).toEqual(expect.arrayContaining([{ keyId: id, keyName: 'firm DMS', userEmail: 'counted@firm.test', calls: 3 }]));
    expect(usage.apiUsage.totalCalls).toBeGreaterThanOrEqual(3);
    expect(usage.apiUsage.daily).toHaveLength(30);
    expect((await graphql(url, `Bearer ${session}`, '{ apiUsage { totalCalls } }')).errors?.[0].extensions).toMatchObject({ status: 401 });

    const { data: all } = await graphql(url, admin, '{ allApiKeys { id ownerEmail revoked calls } }');
    expect(all.allApiKeys).toEqual(expect.arrayContaining([{ id, ownerEmail: 'counted@firm.test', revoked: false, calls: 3 }]));
    expect((await graphql(url, `Bearer ${session}`, '{ allApiKeys { id } }')).errors?.[0].extensions).toMatchObject({ status: 401 });
    const revoked = await graphql(url, admin, 'mutation($id: ID!) { adminRevokeApiKey(id: $id) { revoked ownerEmail } }', { id });
    expect(revoked.data.adminRevokeApiKey).toEqual({ revoked: true, ownerEmail: 'counted@firm.test' });
    expect((await checkText(url, secret, BRIEF)).body.error).toBe('api_key_revoked');
    const audit = await until('the revocation in the audit log', async () => {
      const { data } = await graphql(url, admin, '{ auditLog { action target actor } }');
      return data.auditLog.find((e: Json) => e.action === 'api_key.revoke' && e.target === id);
    });
    expect(audit.actor).toBe(ADMIN.email);
  }, 60_000);
});
