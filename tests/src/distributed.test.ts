/**
 * Distributed mode's code path, one process per service: the gateway's main.ts proxies REST to
 * each service's main.ts, federates their subgraphs over HTTP and passes /ws through to the
 * progress service; ingest reaches identity over its internal HTTP routes. Kafka and MongoDB
 * are not here, so the processes share the durable embedded bus and SQLite files under one
 * DATA_DIR (the adapters are chosen by configuration; the Kafka and MongoDB adapters pass the
 * same contract suites where a broker and a database exist).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '../../gateway/src/services';
import { linesPdf } from './pipeline-fixtures';
import { freePort, listen, upload, verifiedUser } from './pipeline-harness';
import { ProcessGroup, gatewayRoutes, localDistributedEnv, serviceUrls, startServices, untilBackendsReady } from './support/processes';

const INTERNAL_TOKEN = 'distributed-test-internal-token';

const briefPdf = () =>
  linesPdf(
    [
      'Plaintiff must plead enough facts to state a claim. Bell Atlantic Corp. v. Twombly,',
      '550 U.S. 544, 570 (2007). A claim has facial plausibility when the pleaded content',
      'allows the inference. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). But see',
      'Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242, 248 (1986).',
    ],
    12,
  );

describe('distributed mode: one process per service', () => {
  const processes = new ProcessGroup();
  let dataDir: string;
  let gatewayUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-distributed-'));
    const urls = await serviceUrls();
    gatewayUrl = `http://127.0.0.1:${await freePort()}`;
    const common = {
      ...process.env,
      ...localDistributedEnv(dataDir),
      PUBLIC_URL: gatewayUrl,
      INTERNAL_TOKEN,
      IDENTITY_URL: urls.identity,
      DEV_MAIL_OUTBOX: 'true',
    };
    startServices(processes, urls, { env: common, echo: true, keep: 2000 });
    processes.start('gateway/src/main.ts', { env: { ...common, PORT: new URL(gatewayUrl).port, ...gatewayRoutes(urls) }, echo: true, keep: 2000 });
    await untilBackendsReady(processes, gatewayUrl, 60_000);
  }, 90_000);

  afterAll(async () => {
    await processes.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('reports every service up through the gateway and reaches every subgraph over HTTP', async () => {
    const health = (await (await fetch(`${gatewayUrl}/healthz`)).json()) as { components: { backends: Record<string, unknown> } };
    const { ok: _ok, ...backends } = health.components.backends;
    expect(Object.keys(backends).sort()).toEqual([...SERVICE_NAMES].sort());
    const query = `{ ${SERVICE_NAMES.map((name) => `${name}Health { service ok }`).join(' ')} }`;
    const body = (await (
      await fetch(`${gatewayUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })
    ).json()) as { data: Record<string, { service: string; ok: boolean }> };
    for (const name of SERVICE_NAMES) expect(body.data[`${name}Health`]).toEqual({ service: name, ok: true });
  });

  it('runs the main job across processes: register, verify, upload through the proxy, live progress, verdicts, report', async () => {
    const token = await verifiedUser(gatewayUrl, 'distributed@example.com');
    const tab = await listen(gatewayUrl, 'distributed-session');
    const result = await upload(gatewayUrl, token, await briefPdf(), 'brief.pdf', 'distributed-session');
    expect(result.status).toBe(200);
    const verdicts = Object.fromEntries((result.body.citations ?? []).map((c) => [c.text, c.isValid]));
    expect(verdicts).toMatchObject({ '550 U.S. 544': true, '556 U.S. 662': true, '477 U.S. 242': false });
    const last = await tab.done;
    tab.close();
    expect(last.step).toBe('complete');
    expect(tab.messages.length).toBeGreaterThan(3);

    const documentId = result.body.document!.id;
    const report = (await (
      await fetch(`${gatewayUrl}/api/documents/${documentId}/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ sessionId: 'distributed-session' }),
      })
    ).json()) as { report: { id: string; totalCitations: number; validCitations: number; invalidCitations: number } };
    expect(report.report).toMatchObject({ totalCitations: 3, validCitations: 2, invalidCitations: 1 });
    const shared = await fetch(`${gatewayUrl}/api/reports/${report.report.id}`);
    expect(shared.status).toBe(200);
  }, 120_000);
});
