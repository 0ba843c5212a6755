/**
 * Crash recovery: the embedded server is killed with SIGKILL while a document sits between
 * extraction and validation (held there by support/held-validation-server.ts),
 * then started again on the same data. The document must finish with exactly one set of
 * citations and one report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { briefCitations, briefPages, makePdf } from './pipeline-fixtures';
import { freePort, listen, serverArgs, until, upload, verifiedUser } from './pipeline-harness';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '..', '..');
let dataDir: string;
let child: ChildProcess | null = null;

/** The embedded server; `holdValidationMs` starts it through the entry that holds validation. */
async function startServer(port: number, holdValidationMs?: number): Promise<ChildProcess> {
  const args = holdValidationMs ? ['--import', 'tsx', 'tests/src/support/held-validation-server.ts'] : serverArgs();
  const extraEnv = holdValidationMs ? { HOLD_VALIDATION_MS: String(holdValidationMs) } : {};
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '100000', DEV_MAIL_OUTBOX: 'true', ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until('the server', async () => (await fetch(`http://localhost:${port}/api/usage-stats`)).ok, 120_000, 200);
  return proc;
}

function kill(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

/** Reads a collection straight from a service's SQLite file (the server is down by then). */
function rows(service: string, collection: string): { id: string; doc: Record<string, unknown> }[] {
  const db = new Database(path.join(dataDir, `${service}.sqlite`), { readonly: true });
  try {
    return (db.prepare(`SELECT id, doc FROM "${collection}"`).all() as { id: string; doc: string }[]).map((r) => ({ id: r.id, doc: JSON.parse(r.doc) }));
  } finally {
    db.close();
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-crash-'));
});

afterAll(async () => {
  if (child) await kill(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('a document killed between extraction and validation completes after restart, once', async () => {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  child = await startServer(port, 60_000);

  const token = await verifiedUser(url, `crash-${Date.now()}@example.com`);
  const expected = briefCitations(15);
  const pdf = await makePdf(briefPages(4, expected));
  const channel = await listen(url, 'crash-session');
  const pending = upload(url, token, pdf, 'crash.pdf', 'crash-session').catch((error: Error) => error);

  // Extraction is done once `citations` is announced; validation is held by the hook.
  await until('extraction to finish', async () => channel.messages.some((m) => m.step === 'citations'), 60_000);
  expect(channel.messages.some((m) => m.step === 'validation')).toBe(false);
  await kill(child, 'SIGKILL');
  // The upload call died with the server (fetch's error comes from another realm, so no instanceof).
  const outcome = await pending;
  expect(outcome).not.toHaveProperty('status');
  expect(outcome).toHaveProperty('message');
  channel.close();

  const [document] = rows('ingest', 'documents');
  expect(document.doc.stage).toMatch(/^(uploaded|extracted)$/);
  const documentId = document.id;

  child = await startServer(port);
  const citations = await until(
    'the document to complete after restart',
    async () => {
      const response = await fetch(`${url}/api/documents/${documentId}/citations`);
      return response.ok ? ((await response.json()) as { citations: { id: string; text: string; isValid: boolean | null }[] }).citations : null;
    },
    120_000,
    250,
  );
  expect(citations.map((c) => c.text)).toEqual(expected.map((c) => c.text));
  expect(citations.map((c) => c.isValid)).toEqual(expected.map((c) => c.isValid));

  const report = async () => ((await (await fetch(`${url}/api/documents/${documentId}/report`, { method: 'POST' })).json()) as { report: { id: string; totalCitations: number } }).report;
  const first = await report();
  expect(first.totalCitations).toBe(15);
  expect((await report()).id).toBe(first.id);

  // Let redelivered and resumed events drain, then look at what each service stored.
  await new Promise((r) => setTimeout(r, 2000));
  await kill(child, 'SIGTERM');
  child = null;
  const validationSets = rows('validation', 'document_citations').filter((r) => r.id === documentId);
  expect(validationSets).toHaveLength(1);
  expect((validationSets[0].doc.citations as { id: string }[]).map((c) => c.id)).toEqual(citations.map((c) => c.id));
  expect(rows('ingest', 'reports').filter((r) => r.doc.documentId === documentId)).toHaveLength(1);
  expect(rows('extraction', 'jobs').filter((r) => r.id === documentId)).toHaveLength(1);
  expect(rows('analytics', 'usage_metrics').filter((r) => r.id === documentId)).toHaveLength(1);
});
