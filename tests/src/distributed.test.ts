/**
 * Distributed mode's code path, one process per service: the gateway's main.ts proxies REST to
 * each service's main.ts, federates their subgraphs over HTTP and passes /ws through to the
 * progress service; ingest reaches identity over its internal HTTP routes. Events travel over
 * Kafka's wire protocol to a broker set up as a locked-down production cluster is: every topic
 * exists (created by an operator, under the release's prefix) and this principal may not
 * create topics (CreateTopics answers TOPIC_AUTHORIZATION_FAILED), as on MSK with IAM,
 * Confluent Cloud service accounts or Strimzi with GitOps-managed topics. MongoDB is not here,
 * so the processes keep SQLite files under one DATA_DIR (the MongoDB adapters pass the store
 * and blobs contract suites where a database exists).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deadLetterTopic, topics } from '@citecheck/proto';
import { startFakeKafka, type FakeKafka } from '@citecheck/platform/testing';
import { SERVICE_NAMES } from '../../gateway/src/services';
import { linesPdf } from './pipeline-fixtures';
import { freePort, listen, upload, verifiedUser } from './pipeline-harness';
import { ProcessGroup, gatewayRoutes, localDistributedEnv, serviceUrls, startServices, untilBackendsReady } from './support/processes';

const INTERNAL_TOKEN = 'distributed-test-internal-token';
const PREFIX = 'release-a.';

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
  let broker: FakeKafka;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-distributed-'));
    const names = Object.values(topics).flatMap((topic) => [PREFIX + topic, deadLetterTopic(PREFIX + topic)]);
    broker = await startFakeKafka({ topics: names, createTopics: 'TOPIC_AUTHORIZATION_FAILED' });
    const urls = await serviceUrls();
    gatewayUrl = `http://127.0.0.1:${await freePort()}`;
    const common = {
      ...process.env,
      ...localDistributedEnv(dataDir),
      BUS: 'kafka',
      KAFKA_BROKERS: broker.address,
      KAFKA_TOPIC_PREFIX: PREFIX,
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
    await broker?.close();
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

    // Every topic was found, none created; every group carries the release's prefix, and the
    // per-process ones (gateway, progress) committed nothing to leave behind.
    expect(broker.events.filter((e) => e.kind === 'create-topics')).toEqual([]);
    expect(broker.messages(`${PREFIX}document.uploaded`).length).toBe(1);
    for (const group of broker.groupIds()) expect(group.startsWith(PREFIX)).toBe(true);
    const perInstance = broker.groupIds().filter((group) => /^release-a\.(gateway|progress)\./.test(group));
    expect(perInstance.length).toBeGreaterThanOrEqual(3);
    for (const group of perInstance) expect(broker.committed(group)).toEqual({});
    const extraction = broker.groupIds().find((group) => group.startsWith(`${PREFIX}extraction.`) && group.endsWith('.document.uploaded'))!;
    expect(Object.keys(broker.committed(extraction)).length).toBeGreaterThan(0);
  }, 120_000);
});
