/**
 * Finding 10 (Medium), deleting a user.
 * - fails before: nothing consumed `user.deleted` but billing's: the deleted user's reports and
 *   citations were still served by their links, the uploaded file stayed on disk, extraction's
 *   and validation's records kept sentences of the brief, and the admin's usage records kept
 *   their name and e-mail;
 * - fails before: no upload was ever deleted;
 * - now ingest forgets the account's documents (file, record, verdicts, report) and publishes
 *   `document.deleted` for each, which extraction and validation consume; analytics keeps the
 *   usage records' figures without name, e-mail, file name or network; and an uploaded file is
 *   deleted UPLOAD_RETENTION_DAYS after its upload (its report stays); notification forgets
 *   the mails it kept for the address.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { hashPassword } from '@citecheck/identity';
import { createFsBlobs, createSqliteStore } from '@citecheck/platform';
import { simpleDocx } from '../../packages/reading/test/fixtures';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { expireUploads } from '../../services/ingest/src/app/expire-uploads';
import { IngestStore } from '../../services/ingest/src/store/documents';
import { DOCX_TYPE, until, upload, verifiedUser } from '../src/pipeline-harness';

const ADMIN = { email: 'admin@citecheck.test', password: 'an admin password of some length' };

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Rows of a service's SQLite table whose id or content mentions `needle`. */
function rowsMentioning(dataDir: string, service: string, table: string, needle: string): number {
  const db = new Database(path.join(dataDir, `${service}.sqlite`), { readonly: true });
  try {
    const exists = db.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name = ?").get(table);
    if (!exists) return 0;
    return (db.prepare(`SELECT count(*) AS n FROM "${table}" WHERE id = ? OR doc LIKE ?`).get(needle, `%${needle}%`) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('deleting an account', () => {
  let server: EmbeddedServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-deletion-'));
    server = await startEmbedded({
      port: 0,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEV_MAIL_OUTBOX: 'true', RATE_LIMIT_PER_IP: '1000', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password) },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = { authorization: `Bearer ${JSON.stringify(ADMIN)}` };

  it('removes its documents, files, citations and reports, and anonymises its usage records', async () => {
    const token = await verifiedUser(server.url, 'leaving@firm.test', 'Lee Leaving');
    const uploaded = await upload(server.url, token, await simpleDocx(['Plaintiffs rely on Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007).']), 'Leaving v Firm brief.docx', 's-leave', DOCX_TYPE);
    expect(uploaded.status).toBe(200);
    const documentId = uploaded.body.document!.id;
    const report = await (await fetch(`${server.url}/api/documents/${documentId}/report`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' })).json() as { report: { id: string } };
    expect((await fetch(`${server.url}/api/reports/${report.report.id}`)).status).toBe(200);
    const uploads = path.join(dataDir, 'blobs', 'ingest');
    expect(filesUnder(uploads).length).toBe(1);
    await until('the usage record', async () => JSON.stringify(await (await fetch(`${server.url}/api/metrics`, { headers: admin })).json()).includes('leaving@firm.test'));

    const users = (await (await fetch(`${server.url}/api/admin/users`, { headers: admin })).json()) as { users: { id: string; email: string }[] };
    const userId = users.users.find((u) => u.email === 'leaving@firm.test')!.id;
    expect((await fetch(`${server.url}/api/admin/users/${userId}`, { method: 'DELETE', headers: admin })).status).toBe(200);

    // Everything goes through the bus: wait for the last of it.
    await until('the report link to stop working', async () => (await fetch(`${server.url}/api/reports/${report.report.id}`)).status === 404);
    await until('the citations link to stop working', async () => (await fetch(`${server.url}/api/documents/${documentId}/citations`)).status === 404);
    await until('the uploaded file to go', async () => filesUnder(uploads).length === 0);
    await until('validation to forget the citations', async () => rowsMentioning(dataDir, 'validation', 'document_citations', documentId) === 0);
    await until('extraction to forget its job', async () => rowsMentioning(dataDir, 'extraction', 'jobs', documentId) === 0);
    expect(rowsMentioning(dataDir, 'validation', 'jobs', documentId)).toBe(0);
    expect(rowsMentioning(dataDir, 'ingest', 'documents', documentId)).toBe(0);
    await until('the usage record to forget who', async () => {
      const metrics = JSON.stringify(await (await fetch(`${server.url}/api/metrics`, { headers: admin })).json());
      return !metrics.includes('leaving@firm.test') && !metrics.includes('Lee Leaving') && !metrics.includes('Leaving v Firm');
    });
    // The mails kept for the address go too (the dev outbox reads the same records).
    await until('the outbox to forget the address', async () => ((await (await fetch(`${server.url}/api/dev/outbox?to=leaving%40firm.test`)).json()) as unknown[]).length === 0);
    // The figures stay.
    const stats = (await (await fetch(`${server.url}/api/metrics/stats`, { headers: admin })).json()) as { totalDocuments: number };
    expect(stats.totalDocuments).toBe(1);
  }, 120_000);
});

it('deletes an uploaded file UPLOAD_RETENTION_DAYS after its upload, and keeps the document and its report', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-retention-'));
  const store = createSqliteStore({ dir: dataDir, service: 'ingest' });
  const blobs = createFsBlobs({ dataDir, namespace: 'ingest' });
  try {
    const ingest = new IngestStore(store);
    const base = { filename: 'b.docx', fileType: 'docx' as const, size: 1, sessionId: null, userId: 'u', userEmail: 'u@firm.test', userName: 'U', ipAddress: null, reservationId: null, failure: null, citationCount: 1, stats: null, counted: true, released: false };
    for (const [id, day, stage] of [['old', '2026-01-01', 'validated'], ['recent', '2026-03-25', 'validated'], ['running', '2026-01-01', 'uploaded']] as const) {
      await blobs.put(`uploads/${id}`, Buffer.from(id));
      await ingest.addDocument({ ...base, id, blobKey: `uploads/${id}`, uploadedAt: `${day}T10:00:00.000Z`, stage, stageAt: `${day}T10:00:00.000Z` });
    }
    const clock = { now: () => new Date('2026-04-01T00:00:00Z') };
    expect(await expireUploads({ store: ingest, blobs, clock }, 30)).toEqual({ files: 1 });
    expect(await blobs.exists('uploads/old')).toBe(false);
    // Within the period, and a document still in the pipeline, keep their files.
    expect(await blobs.exists('uploads/recent')).toBe(true);
    expect(await blobs.exists('uploads/running')).toBe(true);
    expect(await ingest.document('old')).toMatchObject({ id: 'old', fileDeleted: true });
    expect(await expireUploads({ store: ingest, blobs, clock }, 30)).toEqual({ files: 0 });
  } finally {
    await store.close();
    await blobs.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
