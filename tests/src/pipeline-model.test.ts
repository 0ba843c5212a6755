/**
 * The optional language-model pass against a fake OpenAI-compatible server: the model
 * completes a case name the brief only alludes to (and the verdict follows from the case-law
 * index, not the model), while what it claims to have "found" is dropped unless the engine
 * can parse it and the document contains it. Calls and tokens reach processingStats.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { makeDocx } from './pipeline-fixtures';
import { DOCX_TYPE, freePort, listen, upload, verifiedUser } from './pipeline-harness';

jest.setTimeout(120_000);

let model: Server;
let server: EmbeddedServer;
let dataDir: string;
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
  const modelPort = await freePort();
  await new Promise<void>((resolve) => model.listen(modelPort, '127.0.0.1', resolve));
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-model-'));
  server = await startEmbedded({
    env: {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OPENAI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
      OPENAI_MODEL: 'fake-model',
      RATE_LIMIT_PER_IP: '100000',
    },
  });
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => model?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

it('completes case names, drops unparseable or absent findings, and counts calls and tokens', async () => {
  const token = await verifiedUser(server.url, `model-${Date.now()}@example.com`);
  const docx = await makeDocx([
    'The plausibility standard of Twombly governs here. 550 U.S. 544, 556 (2007).',
    'A second authority, cited loosely as vol. 550 of the Reports at 544, says the same.',
    'The claim also fails under Miranda v. Arizona, 384 U.S. 436 (1966).',
  ]);
  const channel = await listen(server.url, 'model-session');
  const result = await upload(server.url, token, docx, 'model.docx', 'model-session', DOCX_TYPE);
  expect(result.status).toBe(200);

  const citations = result.body.citations!;
  expect(citations.map((c) => c.text)).toEqual(['550 U.S. 544', '384 U.S. 436']);
  expect(citations[0]).toMatchObject({ caseName: 'Bell Atlantic Corp. v. Twombly', isValid: true });
  expect(citations[1]).toMatchObject({ caseName: 'Miranda v. Arizona', isValid: true });

  expect(requests.length).toBeGreaterThan(0);
  expect(requests[0].model).toBe('fake-model');
  expect(requests[0].messages.map((m) => m.content).join('\n')).toContain('vol. 550 of the Reports at 544');

  const last = await channel.done;
  channel.close();
  expect(channel.messages.some((m) => m.step === 'comprehensive-extraction')).toBe(true);
  expect(last.processingStats).toMatchObject({ llmCalls: requests.length, llmTokensUsed: 340 * requests.length });
});
