/**
 * Finding 5, a small .docx that spells out 150,000 citations: 31 KB here, about 2 MB of text.
 * fails before: extraction found and returned all 150,000 (seconds of work, half a GB for
 * extraction alone, 3.5 GB once validation and the report held them too); now it stops
 * counting past MAX_CITATIONS_PER_DOCUMENT and fails the document with a message naming it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeReader } from '../../packages/reading/src';
import { simpleDocx } from '../../packages/reading/test/fixtures';
import { createFsBlobs, createLogger, createSqliteStore, processedEvents, type Bus } from '@citecheck/platform';
import { createEvent, MAX_CITATIONS_PER_DOCUMENT } from '../../proto/src';
import { extractDocument } from '../../services/extraction/src/app/extract-document';
import { jobsCollection } from '../../services/extraction/src/store/jobs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-citation-flood-'));
afterAll(async () => {
  await closeReader();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A .docx whose paragraphs each cite `perParagraph` distinct U.S. Reports volumes. */
async function citingDocx(paragraphs: number, perParagraph: number) {
  const paragraph = Array.from({ length: perParagraph }, (_, i) => `${i + 1} U.S. ${i + 2};`).join(' ');
  return simpleDocx(Array.from({ length: paragraphs }, () => paragraph));
}

async function extract(docx: Uint8Array) {
  const store = createSqliteStore({ dir: ':memory:', service: 'extraction' });
  const blobs = createFsBlobs({ dataDir, namespace: 'ingest' });
  const bus: Bus = { publish: async () => undefined, subscribe: async () => ({ close: async () => undefined }), close: async () => undefined };
  await blobs.put('uploads/doc', Buffer.from(docx));
  const event = createEvent(
    'document.uploaded',
    { documentId: 'doc', sessionId: 's', userId: 'u', filename: 'brief.docx', fileType: 'docx', size: docx.length, blobKey: 'uploads/doc', uploadedAt: new Date().toISOString(), userEmail: 'a@firm.test', ipAddress: '' },
    'doc',
  );
  try {
    return await extractDocument(
      { bus, blobs, clock: { now: () => new Date() }, logger: createLogger('extraction', 'silent'), jobs: jobsCollection(store), processed: processedEvents(store), model: null, chunkChars: 12_000, readTimeoutMs: 60_000 },
      event,
      { topic: 'document.uploaded', key: 'doc', attempt: 1 },
    );
  } finally {
    await store.close();
    await blobs.close();
  }
}

it('refuses a document past the citation cap quickly, naming the number, without holding them all', async () => {
  const docx = await citingDocx(150, 1000);
  expect(docx.length).toBeLessThan(64 * 1024);
  const rssBefore = process.memoryUsage().rss;
  const started = Date.now();
  const result = await extract(docx);
  const ms = Date.now() - started;
  expect(result.type).toBe('pipeline.failed');
  expect(result.payload).toMatchObject({
    code: 'too-many-citations',
    message: `This document has more than ${MAX_CITATIONS_PER_DOCUMENT.toLocaleString('en-US')} citations, more than we can check at once. Please split it into smaller files and upload them separately.`,
  });
  expect(ms).toBeLessThan(4000);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
});

it('still extracts a document just under the cap', async () => {
  const result = await extract(await citingDocx(2, 900));
  expect(result.type).toBe('citations.extracted');
  if (result.type === 'citations.extracted') expect(result.payload.citations).toHaveLength(1800);
});
