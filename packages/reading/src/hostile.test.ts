/**
 * Hostile and broken uploads: each is refused (or read) cleanly with its exact error, the
 * thread that read it stays small, and the next normal document still reads.
 */
import { closeReader, DocumentError, readDocument, type ReaderMemory, type ReadOptions } from './index';
import * as fixtures from '../test/fixtures';

const MB = 1024 * 1024;
// Memory is measured in the thread that read the document, not the process: the Jest
// process also holds whatever other test files in the same worker left behind, so its RSS
// says nothing about this document. A reading thread's old generation is capped at 512 MB
// (pool.ts); a hostile file that got anywhere near it would show here.
const READER_BUDGET = 256 * MB;
const WORD_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const INVALID_TYPE = `File type must be one of application/pdf, ${WORD_MIME}`;

afterAll(() => closeReader());

/** The reading thread's memory after a document: heap plus the buffers it holds. */
function footprint(memory: ReaderMemory): number {
  return memory.heapTotalBytes + memory.externalBytes;
}

interface Measured {
  document: Awaited<ReturnType<typeof readDocument>> | null;
  error: unknown;
  /** Null when no thread read the document. */
  memory: ReaderMemory | null;
}

/** readDocument, also answering the reading thread's memory. */
async function readMeasured(buffer: Uint8Array, options: ReadOptions = {}): Promise<Measured> {
  let memory: ReaderMemory | null = null;
  const onReaderMemory = (m: ReaderMemory) => {
    memory = m;
  };
  try {
    const document = await readDocument(buffer, { ...options, onReaderMemory });
    return { document, error: null, memory };
  } catch (error) {
    return { document: null, error, memory };
  }
}

/** Refused with a DocumentError; returns its code, message and the reading thread's memory. */
async function refusedWith(buffer: Uint8Array, filename?: string) {
  const { error, memory } = await readMeasured(buffer, { filename, timeoutMs: 60_000 });
  expect(error).toBeInstanceOf(DocumentError);
  const { code, message } = error as DocumentError;
  return { code, message, memory };
}

/** Refused after a reading thread looked at it, which stayed within its budget. */
async function refusal(buffer: Uint8Array, filename?: string): Promise<{ code: string; message: string }> {
  const { code, message, memory } = await refusedWith(buffer, filename);
  expect(memory).not.toBeNull();
  expect(footprint(memory!)).toBeLessThan(READER_BUDGET);
  return { code, message };
}

/** Refused by size or content before any thread parsed a byte of it. */
async function refusalUnread(buffer: Uint8Array, filename?: string): Promise<{ code: string; message: string }> {
  const { code, message, memory } = await refusedWith(buffer, filename);
  expect(memory).toBeNull();
  return { code, message };
}

const textPdf = (): Promise<Uint8Array> => fixtures.textPdf(fixtures.briefPages(4).map((page) => page.paragraphs));

describe('refused by content, whatever the name says', () => {
  it.each<[string, () => Promise<Uint8Array> | Uint8Array, string]>([
    ['an .exe renamed .pdf', fixtures.exeBytes, 'brief.pdf'],
    ['a .png renamed .docx', fixtures.pngBytes, 'brief.docx'],
    ['a .txt renamed .pdf', () => Buffer.from('See Bell Atl. Corp. v. Twombly, 550 U.S. 544 (2007).'), 'brief.pdf'],
    ['a plain ZIP renamed .docx', () => fixtures.zip([{ name: 'a.txt', data: Buffer.from('x') }]), 'brief.docx'],
  ])('%s', async (_, make, filename) => {
    expect(await refusalUnread(await make(), filename)).toEqual({ code: 'file-invalid-type', message: INVALID_TYPE });
  });

  it('a 0-byte file', async () => {
    expect(await refusalUnread(Buffer.alloc(0))).toEqual({ code: 'file-too-small', message: 'File is smaller than 1 bytes' });
  });

  it('10 MB + 1 byte', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7\n', 0, 'latin1');
    expect(await refusalUnread(big)).toEqual({ code: 'file-too-large', message: 'File is larger than 10485760 bytes' });
  });
});

describe('broken and hostile PDFs', () => {
  it('a truncated PDF', async () => {
    const whole = await textPdf();
    expect((await refusal(whole.subarray(0, Math.floor(whole.length * 0.3)))).code).toBe('pdf-corrupt');
  });

  it('a PDF with a broken xref is rebuilt and read', async () => {
    const document = await readDocument(fixtures.brokenXrefPdf());
    expect(document.pages[0].paragraphs.map((p) => p.text)).toEqual(['Ashcroft v. Iqbal, 556 U.S. 662 (2009).']);
  });

  it('an encrypted PDF', async () => {
    expect(await refusal(fixtures.encryptedPdf())).toEqual({
      code: 'pdf-encrypted',
      message: 'This PDF is password-protected. Please remove the password and upload it again.',
    });
  });

  it('a PDF claiming 100,000 pages is recounted, not looped over', async () => {
    // pdf.js checks the claimed last page and counts the real tree when it is missing.
    const document = await readDocument(fixtures.manyPagesPdf());
    expect(document.pages.map((page) => page.paragraphs.map((p) => p.text))).toEqual([['Ashcroft v. Iqbal, 556 U.S. 662 (2009).']]);
  });

  it('a PDF with more than 2,000 real pages', async () => {
    const { code, message } = await refusal(fixtures.realPagesPdf(2_001));
    expect(code).toBe('too-many-pages');
    expect(message).toBe('This document has more pages than we can check at once. Please split it into smaller files and upload them separately.');
  });

  it('a page that is one huge image is skipped with a warning, not decoded', async () => {
    const { document, memory } = await readMeasured(fixtures.hugeImagePdf());
    if (!document) throw new Error('expected the PDF to be read');
    expect(document.warnings.map((w) => w.code)).toContain('image-too-large');
    expect(document.pages.flatMap((p) => p.paragraphs)).toEqual([]);
    expect(footprint(memory!)).toBeLessThan(READER_BUDGET);
  });

  it('a header with nothing after it', async () => {
    expect((await refusal(Buffer.from('%PDF-1.7\n'))).code).toBe('pdf-corrupt');
  });
});

describe('broken and hostile .docx files', () => {
  const CONTENT_TYPES = '[Content_Types].xml';

  it('a ZIP bomb that declares its size (2 GB from 2 MB)', async () => {
    const base = await fixtures.simpleDocx(['Hello']);
    const bomb = await fixtures.patchDocx(base, (entries) => [
      ...entries,
      { name: 'word/media/bomb.bin', data: Buffer.alloc(0), raw: { compressed: fixtures.zeroBomb(2048), declaredSize: 2 ** 31, crc: 0 } },
    ]);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    expect((await refusal(bomb)).code).toBe('docx-too-large');
  });

  it('a ZIP bomb that lies about its size', async () => {
    const base = await fixtures.simpleDocx(['Hello']);
    const liar = await fixtures.patchDocx(base, (entries) => [
      ...entries,
      { name: 'word/media/liar.bin', data: Buffer.alloc(0), raw: { compressed: fixtures.zeroBomb(1024), declaredSize: 1000, crc: 0 } },
    ]);
    expect((await refusal(liar)).code).toBe('docx-corrupt');
  });

  it('many small parts that add up past the cap', async () => {
    const base = await fixtures.simpleDocx(['Hello']);
    const many = await fixtures.patchDocx(base, (entries) => [
      ...entries,
      ...Array.from({ length: 5 }, (_, i) => ({
        name: `word/media/part${i}.bin`,
        data: Buffer.alloc(0),
        raw: { compressed: fixtures.zeroBomb(50), declaredSize: 50 * 1024 * 1024, crc: 0 },
      })),
    ]);
    expect((await refusal(many)).code).toBe('docx-too-large');
  });

  it('a .docx with 100,000 paragraphs', async () => {
    const base = await fixtures.simpleDocx(['Hello']);
    const body = Array.from({ length: 100_000 }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i}</w:t></w:r></w:p>`).join('');
    const huge = await fixtures.patchDocx(base, (entries) =>
      entries.map((entry) =>
        entry.name === 'word/document.xml'
          ? { name: entry.name, data: Buffer.from(entry.data.toString('utf8').replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${body}</w:body>`)) }
          : entry,
      ),
    );
    expect((await refusal(huge)).code).toBe('too-many-paragraphs');
  });

  it.each([
    ['a vbaProject.bin part', (entries: fixtures.ZipEntry[]) => [...entries, { name: 'word/vbaProject.bin', data: Buffer.from('macro') }]],
    [
      'a macro-enabled content type (.docm)',
      (entries: fixtures.ZipEntry[]) =>
        entries.map((entry) =>
          entry.name === CONTENT_TYPES
            ? { name: entry.name, data: Buffer.from(entry.data.toString().replace('wordprocessingml.document.main+xml', 'ms-word.document.macroEnabled.main+xml')) }
            : entry,
        ),
    ],
  ])('a .docx with macros: %s', async (_, patch) => {
    const docm = await fixtures.patchDocx(await fixtures.simpleDocx(['Hello']), patch);
    const { code, message } = await refusal(docm);
    expect(code).toBe('docx-macro');
    expect(message).toMatch(/contains macros/);
  });

  it('XML external entities are refused, never resolved', async () => {
    const xxe = await fixtures.patchDocx(await fixtures.simpleDocx(['Hello']), (entries) =>
      entries.map((entry) =>
        entry.name === 'word/document.xml'
          ? {
              name: entry.name,
              data: Buffer.from(
                entry.data
                  .toString()
                  .replace('?>', '?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
                  .replace('Hello', '&xxe;'),
              ),
            }
          : entry,
      ),
    );
    expect((await refusal(xxe)).code).toBe('docx-unsafe-xml');
  });

  it('a Word ZIP whose document.xml is not XML', async () => {
    const broken = await fixtures.patchDocx(await fixtures.simpleDocx(['Hello']), (entries) =>
      entries.map((entry) => (entry.name === 'word/document.xml' ? { name: entry.name, data: Buffer.from('<w:document><w:body><w:p') } : entry)),
    );
    expect((await refusal(broken)).code).toBe('docx-corrupt');
  });
});

describe('hostile filenames', () => {
  it.each([
    ['../../../etc/passwd.docx', 'passwd.docx'],
    ['C:\\Windows\\System32\\brief.docx', 'brief.docx'],
    ['brief\u0000\u001b[31m.docx', 'brief[31m.docx'],
    ['<img src=x onerror=alert(1)>.docx', 'docx'],
  ])('%j is stored as %j', async (filename, expected) => {
    const document = await readDocument(await fixtures.simpleDocx(['Hello']), { filename });
    expect(document.filename).toBe(expected);
  });
});

describe('after all of that', () => {
  it('a normal PDF still reads', async () => {
    const { document, memory } = await readMeasured(await textPdf());
    if (!document) throw new Error('expected the PDF to be read');
    expect(document.pages).toHaveLength(4);
    expect(footprint(memory!)).toBeLessThan(READER_BUDGET);
  });
});
