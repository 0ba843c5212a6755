/**
 * What operators see of one upload through the embedded product (run as the image runs it, a
 * child process whose JSON log lines are read):
 * - the correlation id the browser gets back (X-Correlation-Id) is on every log line any
 *   service writes about that document, and on the events between them;
 * - the ops port's Prometheus text counts the document through each stage, its citations by
 *   verdict, and times each stage;
 * - every `citecheck_*` metric the chart's alerts and Grafana dashboard query is one some
 *   service really registers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { consumerLagGauge, deadLetterCounter, createMetricsRegistry } from '@citecheck/platform';
import { watchBackends } from '../../gateway/src/backends';
import { renderChart } from './support/helm-template';
import { SHORT_BRIEF, linesPdf } from './pipeline-fixtures';
import { freePort, serverArgs, until, verifiedUser } from './pipeline-harness';

const root = path.resolve(__dirname, '..', '..');
let child: ChildProcess;
let dataDir: string;
let url: string;
let opsUrl: string;
const lines: Record<string, unknown>[] = [];

const briefPdf = () => linesPdf(SHORT_BRIEF);

/** Metric names a Prometheus text page declares (`# TYPE name kind`). */
function declared(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-observability-'));
  const [port, opsPort] = [await freePort(), await freePort()];
  url = `http://127.0.0.1:${port}`;
  opsUrl = `http://127.0.0.1:${opsPort}`;
  child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, PORT: String(port), OPS_PORT: String(opsPort), DATA_DIR: dataDir, LOG_LEVEL: 'debug', DEV_MAIL_OUTBOX: 'true', RATE_LIMIT_PER_IP: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  await until('the product', async () => (await fetch(`${opsUrl}/readyz`)).status === 200, 90_000, 200);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one upload', () => {
  let correlationId: string;
  let documentId: string;

  beforeAll(async () => {
    const token = await verifiedUser(url, 'observed@example.com');
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(await briefPdf())], { type: 'application/pdf' }), 'brief.pdf');
    form.append('sessionId', 'observed-session');
    // A client's own id is not believed (it is not a trusted proxy): the product makes one.
    const response = await fetch(`${url}/api/documents/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-correlation-id': 'client-chosen' }, body: form });
    expect(response.status).toBe(200);
    correlationId = response.headers.get('x-correlation-id')!;
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-request-id')).toBe(correlationId);
    documentId = ((await response.json()) as { document: { id: string } }).document.id;
    // The last log lines of the pipeline are written just after the answer.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }, 120_000);

  test('every log line about the document carries the upload correlation id, in every service that handled it', () => {
    const about = lines.filter((line) => JSON.stringify(line).includes(documentId));
    expect(about.length).toBeGreaterThan(3);
    expect(about.filter((line) => line.correlationId !== correlationId)).toEqual([]);
    const services = new Set(lines.filter((line) => line.correlationId === correlationId).map((line) => line.service));
    for (const name of ['gateway', 'extraction', 'validation']) expect(services).toContain(name);
    // The stages' own lines, not only the bus's deliveries.
    expect(about.filter((line) => line.msg === 'stage done').map((line) => line.stage)).toEqual(['extraction', 'validation']);
  });

  test('the events between the services carry it', () => {
    const bus = new Database(path.join(dataDir, 'bus.sqlite'), { readonly: true });
    try {
      // Pipeline events are keyed by their document.
      const events = (bus.prepare('SELECT value FROM messages WHERE key = ?').all(documentId) as { value: string }[]).map(
        (row) => JSON.parse(row.value) as { type: string; correlationId: string },
      );
      const types = new Set(events.map((e) => e.type));
      for (const type of ['document.uploaded', 'citations.extracted', 'citations.validated', 'report.generated', 'pipeline.progress']) expect(types).toContain(type);
      expect(events.filter((e) => e.correlationId !== correlationId).map((e) => e.type)).toEqual([]);
    } finally {
      bus.close();
    }
  });

  test('the ops port counts it through each stage and its citations by verdict', async () => {
    const text = await (await fetch(`${opsUrl}/metrics`)).text();
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? NaN);
    expect(value(/^citecheck_documents_total\{stage="upload",outcome="done",service="ingest"\} (\d+)$/m)).toBe(1);
    expect(value(/^citecheck_documents_total\{stage="extraction",outcome="done",service="extraction"\} (\d+)$/m)).toBe(1);
    expect(value(/^citecheck_documents_total\{stage="validation",outcome="done",service="validation"\} (\d+)$/m)).toBe(1);
    expect(value(/^citecheck_stage_duration_seconds_count\{stage="validation",outcome="done",service="validation"\} (\d+)$/m)).toBe(1);
    expect(value(/^citecheck_citations_total\{verdict="valid",service="validation"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    const verdicts = [...text.matchAll(/^citecheck_citations_total\{verdict="\w+",service="validation"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(verdicts).toBe(2);
    expect(value(/^citecheck_ocr_pages_total\{service="extraction"\} (\d+)$/m)).toBe(0);
    expect(value(/^citecheck_outbox_backlog\{what="mail",service="notification"\} (\d+)$/m)).toBe(0);
  });
});

test('every citecheck_* metric in the chart alerts and dashboard is registered by some service', async () => {
  const { documents } = renderChart(path.join(root, 'charts', 'citecheck'), {
    images: { repository: 'ghcr.io/acme/citecheck' },
    kafka: { brokers: 'kafka:9092' },
    mongo: { url: 'mongodb://mongo:27017/citecheck' },
    secrets: { existingSecret: 'citecheck-secrets' },
    monitoring: { rules: { enabled: true }, dashboard: { enabled: true } },
  });
  const rules = (documents.find((d) => d.kind === 'PrometheusRule') as { spec: { groups: { rules: { expr: string }[] }[] } }).spec.groups.flatMap((g) => g.rules.map((r) => r.expr));
  const dashboard = JSON.parse(readFileSync(path.join(root, 'charts', 'citecheck', 'dashboards', 'citecheck.json'), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
  const expressions = [...rules, ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))];
  const used = new Set(expressions.flatMap((expr) => [...expr.matchAll(/\b(citecheck_[a-z0-9_]+)/g)].map((m) => m[1].replace(/_(bucket|sum|count)$/, ''))));
  expect(used.size).toBeGreaterThanOrEqual(8);

  // Every service of the product, as the ops port serves them; and what only distributed mode
  // registers: the gateway's view of its backends and the Kafka bus's consumer lag.
  const registered = declared(await (await fetch(`${opsUrl}/metrics`)).text());
  const gateway = createMetricsRegistry('gateway');
  watchBackends({}, gateway).stop();
  const kafka = createMetricsRegistry('ingest');
  consumerLagGauge(kafka, { fetchTopicOffsets: async () => [], fetchOffsets: async () => [] } as never, () => []);
  deadLetterCounter(kafka);
  for (const name of declared(await gateway.metrics())) registered.add(name);
  for (const name of declared(await kafka.metrics())) registered.add(name);

  expect([...used].filter((name) => !registered.has(name))).toEqual([]);
});
