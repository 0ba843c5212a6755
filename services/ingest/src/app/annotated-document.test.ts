import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findCitations } from '@citecheck/citations';
import { commentsOf, readWithPdfjs, unzipAll } from '@citecheck/annotate/testing';
import { closeReader, readDocument, toCitationInput } from '@citecheck/reading';
import { encryptedPdf, simpleDocx, textPdf } from '@citecheck/reading/fixtures';
import { createFsBlobs, createLogger, createSqliteStore, type Blobs, type Bus } from '@citecheck/platform';
import { createEvent, topics, toSpecCitation, type AuthenticatedUser, type ValidatedCitation } from '@citecheck/proto';
import { IngestStore, type DocumentRecord } from '../store/documents';
import { annotatedAccess, annotatedDocument, annotatedName, setAnnotatedSharing } from './annotated-document';
import { expireUploads } from './expire-uploads';
import { forgetUser } from './forget-user';

const PARAGRAPHS = [
  'ARGUMENT',
  'The standard is settled. Bell Atl. Corp. v. Twombly, 550 U.S. 544, 570 (2007). The period was tolled. Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019).',
];
const OWNER: AuthenticatedUser = { id: 'owner-1', name: 'Owner', email: 'owner@example.com', userType: 'premium', isVerified: true, passwordSession: true } as AuthenticatedUser;
const OTHER: AuthenticatedUser = { ...OWNER, id: 'someone-else', email: 'other@example.com' };

let dir: string;
let store: IngestStore;
let blobs: Blobs;
const logger = createLogger('ingest', 'silent');
const deps = () => ({ store, blobs, logger });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ingest-annotated-'));
  store = new IngestStore(createSqliteStore({ dir: ':memory:', service: 'ingest' }));
  blobs = createFsBlobs({ dataDir: dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
afterAll(() => closeReader());

/**
 * A checked document as the pipeline leaves it: the upload in blobs, the Document validated,
 * the verdicts' copy with each citation's place in the reader's text (as extraction found them).
 */
async function checkedDocument(id: string, bytes: Buffer, fileType: 'docx' | 'pdf', verdicts: Record<string, boolean | null>, options: { spans?: boolean; stage?: DocumentRecord['stage'] } = {}) {
  const blobKey = `uploads/${id}`;
  await blobs.put(blobKey, bytes);
  const input = toCitationInput(await readDocument(bytes));
  const citations: ValidatedCitation[] = findCitations(input.text, { positions: input.positions }).map((c, i) => ({
    id: `${id}-c${i}`, type: c.type, form: c.form, text: c.text, start: c.start, end: c.end, normalized: c.normalized, volume: c.volume, reporter: c.reporter, page: c.page, pinCite: c.pinCite,
    caseName: c.caseName, plaintiff: c.plaintiff, defendant: c.defendant, year: c.year, court: c.court, parenthetical: c.parenthetical, context: c.context, documentPage: c.documentPage,
    paragraph: c.paragraph, antecedent: c.antecedent, parallels: [...c.parallels],
    isValid: verdicts[c.text] ?? null, confidence: 90,
    validationDetails: verdicts[c.text] === false ? { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' } : 'Exact citation and case name match',
    courtListenerData: null, checkedAgainst: 'CourtListener bulk data of 2026-10-31',
  }));
  const now = '2026-11-02T10:00:00.000Z';
  await store.addDocument({
    id, filename: `Opposition ${id}.${fileType}`, fileType, size: bytes.length, blobKey, sessionId: null, userId: OWNER.id, userEmail: OWNER.email, userName: OWNER.name,
    ipAddress: null, reservationId: null, uploadedAt: now, stage: options.stage ?? 'validated', stageAt: now, failure: null, citationCount: citations.length, stats: null, counted: true, released: false,
  });
  const spans = options.spans === false ? undefined : citations.map((c) => ({ id: c.id, start: c.start, end: c.end }));
  await store.saveCitations(id, citations.map(toSpecCitation), now, spans);
  return citations;
}

async function commentTexts(bytes: Buffer): Promise<string[]> {
  const entry = (await unzipAll(bytes)).find((e) => e.name === 'word/comments.xml');
  return entry ? commentsOf(entry.data.toString('utf8')).map((c) => c.text) : [];
}

describe('the annotated brief', () => {
  it('gives the owner the .docx with a comment on each finding, kept and given again without reading the upload anew', async () => {
    await checkedDocument('d1', await simpleDocx(PARAGRAPHS), 'docx', { '550 U.S. 544': true, '925 F.3d 1339': false });
    const file = await annotatedDocument(deps(), OWNER, 'd1', null);
    expect(file.filename).toBe('Opposition d1 (CiteCheck).docx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const comments = await commentTexts(file.bytes);
    expect(comments).toHaveLength(2);
    expect(comments[1]).toBe(
      'Invalid: Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339\nPossible hallucination - citation not found\nSuggestion: Check formatting\nChecked against CourtListener bulk data of 2026-10-31.',
    );
    const record = await store.document('d1');
    expect(record!.annotated).toEqual({ blobKey: 'uploads/d1.annotated', builtFrom: '2026-11-02T10:00:00.000Z' });
    // The kept copy is what comes back: the upload itself is no longer read.
    await blobs.put('uploads/d1', Buffer.from('not a document any more'));
    expect((await annotatedDocument(deps(), OWNER, 'd1', null)).bytes.equals(file.bytes)).toBe(true);
  });

  it('is made again from new verdicts (a recheck)', async () => {
    const citations = await checkedDocument('d2', await simpleDocx(PARAGRAPHS), 'docx', { '550 U.S. 544': true, '925 F.3d 1339': false });
    expect(await commentTexts((await annotatedDocument(deps(), OWNER, 'd2', null)).bytes)).toHaveLength(2);
    const rechecked = citations.map((c) => ({ ...c, isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' } }));
    await store.saveCitations('d2', rechecked.map(toSpecCitation), '2026-11-03T10:00:00.000Z', rechecked.map((c) => ({ id: c.id, start: c.start, end: c.end })));
    expect(await commentTexts((await annotatedDocument(deps(), OWNER, 'd2', null)).bytes)).toHaveLength(3);
  });

  it("marks an altered quotation on its citation, from the verdicts' copy", async () => {
    const citations = await checkedDocument('dq', await simpleDocx(PARAGRAPHS), 'docx', { '550 U.S. 544': true, '925 F.3d 1339': false });
    const quoted = citations.map((c) =>
      c.text === '550 U.S. 544'
        ? { ...c, quotes: [{ text: 'a complaint need not state a plausible claim', status: 'altered' as const, foundPage: '570', message: 'The opinion\'s words differ (page 570): it says “must” where the quotation says “need not”.' }] }
        : { ...c, quotes: [] },
    );
    await store.saveCitations('dq', quoted.map(toSpecCitation), '2026-11-03T10:00:00.000Z', quoted.map((c) => ({ id: c.id, start: c.start, end: c.end })));
    const comments = await commentTexts((await annotatedDocument(deps(), OWNER, 'dq', null)).bytes);
    expect(comments.find((t) => t.includes('550 U.S. 544'))).toContain('Quotation “a complaint need not state a plausible claim”: The opinion\'s words differ (page 570)');
  });

  it('answers many requests at once with one copy', async () => {
    await checkedDocument('d3', await simpleDocx(PARAGRAPHS), 'docx', { '925 F.3d 1339': false });
    const put = jest.spyOn(blobs, 'put');
    const files = await Promise.all([1, 2, 3, 4].map(() => annotatedDocument(deps(), OWNER, 'd3', null)));
    expect(put).toHaveBeenCalledTimes(1);
    expect(new Set(files.map((f) => f.bytes.toString('base64'))).size).toBe(1);
  });

  it('gives a PDF back as a PDF with highlights', async () => {
    await checkedDocument('d4', Buffer.from(await textPdf([PARAGRAPHS])), 'pdf', { '550 U.S. 544': true, '925 F.3d 1339': false });
    const file = await annotatedDocument(deps(), OWNER, 'd4', 'pdf');
    expect(file.contentType).toBe('application/pdf');
    const [page] = await readWithPdfjs(file.bytes);
    expect(page.annotations.filter((a) => a.subtype === 'Highlight').map((a) => a.contents.split('\n')[0])).toEqual(['Invalid: Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339']);
  });

  it('is the owner\'s unless the owner shares it with the report link', async () => {
    await checkedDocument('d5', await simpleDocx(PARAGRAPHS), 'docx', { '925 F.3d 1339': false });
    await expect(annotatedDocument(deps(), null, 'd5', null)).rejects.toMatchObject({ status: 401, code: 'authentication_required' });
    await expect(annotatedDocument(deps(), OTHER, 'd5', null)).rejects.toMatchObject({ status: 403, code: 'annotated_not_shared' });
    expect(await annotatedAccess(deps(), null, 'd5')).toEqual({ available: true, canDownload: false, isOwner: false, shared: false, format: 'docx' });

    // Only the owner decides.
    await expect(setAnnotatedSharing(deps(), null, 'd5', true)).rejects.toMatchObject({ status: 401 });
    await expect(setAnnotatedSharing(deps(), OTHER, 'd5', true)).rejects.toMatchObject({ status: 403, code: 'owner_only' });
    await expect(setAnnotatedSharing(deps(), OWNER, 'd5', null)).rejects.toMatchObject({ status: 400 });
    expect(await setAnnotatedSharing(deps(), OWNER, 'd5', true)).toEqual({ available: true, canDownload: true, isOwner: true, shared: true, format: 'docx' });

    expect((await annotatedDocument(deps(), null, 'd5', null)).filename).toBe('Opposition d5 (CiteCheck).docx');
    expect(await annotatedAccess(deps(), OTHER, 'd5')).toMatchObject({ canDownload: true, isOwner: false, shared: true });
    await setAnnotatedSharing(deps(), OWNER, 'd5', false);
    await expect(annotatedDocument(deps(), null, 'd5', null)).rejects.toMatchObject({ status: 401 });
    await expect(annotatedDocument(deps(), OTHER, 'd5', null)).rejects.toMatchObject({ status: 403 });
  });

  it('says why there is no copy: another format, a document still in work, one checked before copies were kept, one it cannot read', async () => {
    await checkedDocument('d6', await simpleDocx(PARAGRAPHS), 'docx', { '925 F.3d 1339': false });
    await expect(annotatedDocument(deps(), OWNER, 'd6', 'pdf')).rejects.toMatchObject({ status: 406, message: expect.stringMatching(/would need a word processor/) });
    await checkedDocument('d7', await simpleDocx(PARAGRAPHS), 'docx', {}, { stage: 'extracted' });
    await expect(annotatedDocument(deps(), OWNER, 'd7', null)).rejects.toMatchObject({ status: 409, code: 'processing' });
    await checkedDocument('d8', await simpleDocx(PARAGRAPHS), 'docx', { '925 F.3d 1339': false }, { spans: false });
    await expect(annotatedDocument(deps(), OWNER, 'd8', null)).rejects.toMatchObject({ status: 409, code: 'annotated_unavailable' });
    expect(await annotatedAccess(deps(), OWNER, 'd8')).toMatchObject({ available: false, canDownload: false });
    await expect(annotatedDocument(deps(), OWNER, 'missing', null)).rejects.toMatchObject({ status: 404 });

    // The stored upload is now password-protected: the reader's message, and nothing kept.
    await checkedDocument('d9', Buffer.from(await textPdf([PARAGRAPHS])), 'pdf', { '925 F.3d 1339': false });
    await blobs.put('uploads/d9', encryptedPdf());
    await expect(annotatedDocument(deps(), OWNER, 'd9', null)).rejects.toMatchObject({ status: 422, code: 'pdf-encrypted', message: expect.stringMatching(/password-protected/) });
    expect(await blobs.exists('uploads/d9.annotated')).toBe(false);
  });

  it('lives as long as the upload: retention and a deleted account take the copy too, and a later request says why', async () => {
    await checkedDocument('r1', await simpleDocx(PARAGRAPHS), 'docx', { '925 F.3d 1339': false });
    await annotatedDocument(deps(), OWNER, 'r1', null);
    expect(await blobs.exists('uploads/r1.annotated')).toBe(true);
    const clock = { now: () => new Date('2027-01-15T00:00:00.000Z') };
    expect(await expireUploads({ store, blobs, clock }, 30)).toEqual({ files: 1 });
    expect(await blobs.exists('uploads/r1')).toBe(false);
    expect(await blobs.exists('uploads/r1.annotated')).toBe(false);
    expect(await annotatedAccess(deps(), OWNER, 'r1')).toMatchObject({ available: false, canDownload: false });
    await expect(annotatedDocument(deps(), OWNER, 'r1', null)).rejects.toMatchObject({ status: 410, code: 'upload_expired' });

    await checkedDocument('r2', await simpleDocx(PARAGRAPHS), 'docx', { '925 F.3d 1339': false });
    await annotatedDocument(deps(), OWNER, 'r2', null);
    const published: unknown[] = [];
    const bus = { publish: async (...args: unknown[]) => void published.push(args) } as unknown as Bus;
    const event = createEvent(topics['user.deleted'], { userId: OWNER.id, email: OWNER.email, deletedAt: clock.now().toISOString() }, OWNER.id);
    await forgetUser({ store, blobs, bus, clock, logger }, event);
    expect(await blobs.exists('uploads/r2')).toBe(false);
    expect(await blobs.exists('uploads/r2.annotated')).toBe(false);
  });

  it('names the copy after the upload', () => {
    expect(annotatedName('Opposition.docx', 'docx')).toBe('Opposition (CiteCheck).docx');
    expect(annotatedName('Brief.PDF', 'pdf')).toBe('Brief (CiteCheck).pdf');
  });
});
