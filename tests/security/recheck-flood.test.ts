/**
 * Finding 5 (Medium), `POST /api/citations/{id}/validate` (recheck).
 * - fails before: it needed no sign-in and had no rate limit; one request re-checks the whole
 *   document (a short form's) and stores about 2 MB for a large one, kept 7 days: one
 *   anonymous client holding a shared report link filled the disk at ~6 MB/s;
 * - now only the document's uploader, signed in, may recheck (anyone else is told the
 *   citation does not exist), RECHECK_RATE_LIMIT times a minute (429 past it), on REST and
 *   GraphQL alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleDocx } from '../../packages/reading/test/fixtures';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { DOCX_TYPE, upload, verifiedUser } from '../src/pipeline-harness';

let server: EmbeddedServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-recheck-'));
  server = await startEmbedded({
    port: 0,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEV_MAIL_OUTBOX: 'true', RATE_LIMIT_PER_IP: '1000', RECHECK_RATE_LIMIT: '3' },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const recheck = (citationId: string, token?: string) =>
  fetch(`${server.url}/api/citations/${encodeURIComponent(citationId)}/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  });

const graphqlRecheck = async (citationId: string, token?: string) => {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: 'mutation($id: ID!) { recheckCitation(id: $id) { id } }', variables: { id: citationId } }),
  });
  return (await response.json()) as { data?: unknown; errors?: { extensions?: { status?: number } }[] };
};

it('rechecks for the uploader only, and only so often', async () => {
  const owner = await verifiedUser(server.url, 'owner@firm.test', 'Owner');
  const stranger = await verifiedUser(server.url, 'stranger@elsewhere.test', 'Stranger');
  const uploaded = await upload(server.url, owner, await simpleDocx(['See Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). Id. at 556.']), 'brief.docx', 's-1', DOCX_TYPE);
  expect(uploaded.status).toBe(200);
  const citationId = uploaded.body.citations![1].id; // the Id., which rechecks the whole document

  // Anyone holding the report link: refused.
  const anonymous = await recheck(citationId);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toMatchObject({ message: 'Please sign in to continue.' });
  const strangers = await recheck(citationId, stranger);
  expect(strangers.status).toBe(404);
  expect(await strangers.json()).toMatchObject({ message: 'Citation not found' });
  expect((await graphqlRecheck(citationId)).errors?.[0]?.extensions?.status).toBe(401);
  expect((await graphqlRecheck(citationId, stranger)).errors?.[0]?.extensions?.status).toBe(404);

  // The uploader: RECHECK_RATE_LIMIT (3 here) a minute, through either door.
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await recheck(citationId, owner)).status);
  expect(statuses).toEqual([200, 200, 200]);
  const limited = await recheck(citationId, owner);
  expect(limited.status).toBe(429);
  expect(await limited.json()).toMatchObject({ message: 'Too many requests. Please wait a minute and try again.' });
  expect((await graphqlRecheck(citationId, owner)).errors?.[0]?.extensions?.status).toBe(429);
}, 120_000);
