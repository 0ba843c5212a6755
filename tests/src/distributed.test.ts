/**
 * Distributed mode's code path, one process per service: the gateway's main.ts proxies REST to
 * each service's main.ts, federates their subgraphs over HTTP and passes /ws through to the
 * progress service; ingest reaches identity over its internal HTTP routes. Kafka and MongoDB
 * are not here, so the processes share the durable embedded bus and SQLite files under one
 * DATA_DIR (the adapters are chosen by configuration; the Kafka and MongoDB adapters pass the
 * same contract suites where a broker and a database exist).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SERVICE_NAMES } from '../../gateway/src/services';
import { freePort, listen, until, upload, verifiedUser } from './pipeline-harness';

const root = path.resolve(__dirname, '..', '..');
const INTERNAL_TOKEN = 'distributed-test-internal-token';

async function briefPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([612, 792]);
  const lines = [
    'Plaintiff must plead enough facts to state a claim. Bell Atlantic Corp. v. Twombly,',
    '550 U.S. 544, 570 (2007). A claim has facial plausibility when the pleaded content',
    'allows the inference. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). But see',
    'Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242, 248 (1986).',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - 16 * i, size: 12, font }));
  return Buffer.from(await pdf.save());
}

describe('distributed mode: one process per service', () => {
  const children: ChildProcess[] = [];
  let dataDir: string;
  let gatewayUrl: string;
  let stopping = false;
  // Settles (as a failure) when any process ends before the test stops them: waiting out the
  // readiness timeout for a process that already died only hides why it died.
  let processDied: (error: Error) => void = () => undefined;
  const died = new Promise<never>((_, reject) => {
    processDied = reject;
  });
  died.catch(() => undefined);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-distributed-'));
    const ports = Object.fromEntries(await Promise.all(SERVICE_NAMES.map(async (name) => [name, await freePort()] as const)));
    const gatewayPort = await freePort();
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const urlOf = (name: string) => `http://127.0.0.1:${ports[name]}`;
    const common = {
      ...process.env,
      MODE: 'distributed',
      BUS: 'embedded',
      STORE: 'sqlite',
      BLOBS: 'fs',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: gatewayUrl,
      INTERNAL_TOKEN,
      IDENTITY_URL: urlOf('identity'),
      DEV_MAIL_OUTBOX: 'true',
    };
    const start = (entry: string, env: Record<string, string | undefined>) => {
      const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env: { ...common, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let lastOutput = '';
      const remember = (chunk: Buffer) => {
        lastOutput = (lastOutput + chunk.toString()).slice(-2000);
      };
      child.stdout?.on('data', (chunk: Buffer) => {
        remember(chunk);
        process.stderr.write(`[${entry}] ${chunk}`);
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        remember(chunk);
        process.stderr.write(`[${path.basename(path.dirname(path.dirname(entry)))}] ${chunk}`);
      });
      child.once('exit', (code, signal) => {
        if (!stopping) processDied(new Error(`${entry} exited (code ${code}, signal ${signal}) before the test ended:\n${lastOutput}`));
      });
      children.push(child);
    };
    for (const name of SERVICE_NAMES) start(`services/${name}/src/main.ts`, { PORT: String(ports[name]) });
    start('gateway/src/main.ts', {
      PORT: String(gatewayPort),
      SUBGRAPH_URLS: SERVICE_NAMES.map((name) => `${name}=${urlOf(name)}/graphql`).join(','),
      SERVICE_URLS: SERVICE_NAMES.map((name) => `${name}=${urlOf(name)}`).join(','),
    });
    await Promise.race([
      until(
        'every service ready behind the gateway',
        async () => {
          // The gateway's readiness is its own; whether the services are up is a detail of /healthz.
          const response = await fetch(`${gatewayUrl}/healthz`).catch(() => null);
          const body = response?.ok ? ((await response.json()) as { components: { backends: Record<string, { ready?: boolean }> } }) : null;
          return body && SERVICE_NAMES.every((name) => body.components.backends[name]?.ready) ? true : null;
        },
        60_000,
        250,
      ),
      died,
    ]);
  }, 90_000);

  afterAll(async () => {
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
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
