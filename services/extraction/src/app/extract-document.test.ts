/**
 * The extraction stage on its own: a stored document in, `citations.extracted` (or
 * `pipeline.failed`) out, with progress on the way. The optional language-model pass runs
 * against a fake OpenAI-compatible server through the real client: the model completes a
 * case name the brief only alludes to, while what it claims to have "found" is dropped unless
 * the engine can parse it and the document contains it; calls and tokens reach the stats.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeReader } from '@citecheck/reading';
import { simpleDocx } from '@citecheck/reading/fixtures';
import { createFsBlobs, createLogger, createSqliteStore, processedEvents, type Blobs, type Bus, type Store } from '@citecheck/platform';
import { createEvent, type EventEnvelope, type PipelineProgress } from '@citecheck/proto';
import { createModelClient } from '../adapters/model-client';
import { jobsCollection } from '../store/jobs';
import { extractDocument, MAX_ATTEMPTS, type ExtractionDeps } from './extract-document';

let model: Server;
let modelUrl: string;
let dataDir: string;
let store: Store;
let blobs: Blobs;
let published: EventEnvelope[];
const requests: { model: string; messages: { role: string; content: string }[] }[] = [];

beforeAll(async () => {
  model = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      requests.push(JSON.parse(body));
      const content = JSON.stringify({
        // The loose reference is in the brief but no citation the engine can read; "999 F.3d 999" is not in it.
        missed: ['vol. 550 of the Reports at 544', '999 F.3d 999', 'not a citation at all'],
        caseNames: [{ citation: '550 U.S. 544', caseName: 'Bell Atlantic Corp. v. Twombly' }],
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'fake-model',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 300, completion_tokens: 40, total_tokens: 340 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-extraction-'));
});

beforeEach(() => {
  store = createSqliteStore({ dir: ':memory:', service: 'extraction' });
  blobs = createFsBlobs({ dataDir, namespace: 'ingest' });
  published = [];
  requests.length = 0;
});

afterEach(async () => {
  await store.close();
  await blobs.close();
});

afterAll(async () => {
  await closeReader();
  await new Promise((resolve) => model?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

function deps(withModel: boolean): ExtractionDeps {
  const bus: Bus = {
    publish: async (_topic, _key, event) => void published.push(event),
    subscribe: async () => ({ close: async () => undefined }),
    close: async () => undefined,
  };
  return {
    bus,
    blobs,
    clock: { now: () => new Date() },
    logger: createLogger('extraction', 'silent'),
    jobs: jobsCollection(store),
    processed: processedEvents(store),
    model: withModel ? createModelClient({ baseURL: modelUrl, model: 'fake-model', timeoutMs: 10_000 }) : null,
    chunkChars: 12_000,
    readTimeoutMs: 60_000,
  };
}

async function uploaded(documentId: string, file: Uint8Array | null, filename = 'brief.docx') {
  const blobKey = `uploads/${documentId}`;
  if (file) await blobs.put(blobKey, Buffer.from(file));
  return createEvent(
    'document.uploaded',
    { documentId, sessionId: 's-1', userId: 'u-1', filename, fileType: 'docx', size: file?.length ?? 0, blobKey, uploadedAt: new Date().toISOString(), userEmail: 'a@firm.test', ipAddress: '' },
    documentId,
  );
}

const progressSteps = () => published.filter((e) => e.type === 'pipeline.progress').map((e) => (e.payload as PipelineProgress).step);
const delivery = (attempt: number) => ({ topic: 'document.uploaded', key: 'k', attempt });

it('completes case names, drops unparseable or absent findings, and counts calls and tokens', async () => {
  const docx = await simpleDocx([
    'The plausibility standard of Twombly governs here. 550 U.S. 544, 556 (2007).',
    'A second authority, cited loosely as vol. 550 of the Reports at 544, says the same.',
    'The claim also fails under Miranda v. Arizona, 384 U.S. 436 (1966).',
  ]);
  const result = await extractDocument(deps(true), await uploaded('doc-model', docx), delivery(1));
  if (result.type !== 'citations.extracted') throw new Error(`expected citations, got ${JSON.stringify(result.payload)}`);

  const { citations, stats } = result.payload;
  expect(citations.map((c) => c.text)).toEqual(['550 U.S. 544', '384 U.S. 436']);
  expect(citations[0]).toMatchObject({ caseName: 'Bell Atlantic Corp. v. Twombly' });
  expect(citations[1]).toMatchObject({ caseName: 'Miranda v. Arizona' });

  expect(requests.length).toBeGreaterThan(0);
  expect(requests[0].model).toBe('fake-model');
  expect(requests[0].messages.map((m) => m.content).join('\n')).toContain('vol. 550 of the Reports at 544');
  expect(stats).toMatchObject({ llmCalls: requests.length, llmTokensUsed: 340 * requests.length });
  expect(progressSteps()).toEqual(expect.arrayContaining(['extraction', 'processing', 'comprehensive-extraction', 'citations']));
});

it('answers pipeline.failed with the reader message for a file that is not a document', async () => {
  const result = await extractDocument(deps(false), await uploaded('doc-exe', Buffer.from('MZ\x90\x00 not a document')), delivery(1));
  expect(result).toMatchObject({ type: 'pipeline.failed', payload: { documentId: 'doc-exe', stage: 'extraction', code: 'file-invalid-type' } });
  expect(progressSteps()).toContain('error');
});

it('rethrows a passing failure for redelivery, and fails the document on the last attempt', async () => {
  const missing = await uploaded('doc-gone', null);
  const failing = { ...deps(false), blobs: { ...blobs, getBuffer: async () => Promise.reject(new Error('blob store unreachable')) } };
  await expect(extractDocument(failing, missing, delivery(1))).rejects.toThrow('blob store unreachable');
  const last = await extractDocument(failing, missing, delivery(MAX_ATTEMPTS));
  expect(last).toMatchObject({ type: 'pipeline.failed', payload: { code: 'read-failed' } });
});

it('follows the bus on which attempt is the last: retried past MAX_ATTEMPTS while the retry budget lasts, final when the bus says so', async () => {
  const missing = await uploaded('doc-outage', null);
  const failing = { ...deps(false), blobs: { ...blobs, getBuffer: async () => Promise.reject(new Error('blob store unreachable')) } };
  // An outage of minutes: the bus's budget is not spent at the fourth attempt, nor the tenth.
  for (const attempt of [MAX_ATTEMPTS, 10]) {
    await expect(extractDocument(failing, missing, { ...delivery(attempt), final: false })).rejects.toThrow('blob store unreachable');
  }
  const last = await extractDocument(failing, missing, { ...delivery(11), final: true });
  expect(last).toMatchObject({ type: 'pipeline.failed', payload: { code: 'read-failed' } });
});
