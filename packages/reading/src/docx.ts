/**
 * Reading .docx files. The ZIP is inspected with yauzl before mammoth sees it, because mammoth
 * (through JSZip) inflates whole parts into memory: a 10 MB upload can declare, or secretly
 * hold, gigabytes. Only a file that passes inspection is handed to mammoth.
 */
import mammoth from 'mammoth';
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { DocumentError } from './errors';
import type { Paragraph, ParagraphKind, ReadDocument } from './types';

export const DOCX_LIMITS = {
  /** Total inflated size of all parts. A long brief with images is a few tens of MB. */
  maxInflatedBytes: 200 * 1024 * 1024,
  maxEntries: 5_000,
  /** Body plus notes. A 100-page brief has a few thousand. */
  maxParagraphs: 50_000,
};

/** What inspection learned that reading needs. */
export interface DocxInspection {
  paragraphCount: number;
  inflatedBytes: number;
}

/**
 * Checks a .docx before parsing: entry count and declared sizes from the central directory,
 * then every part inflated as a stream with the running total capped (declared sizes can lie;
 * yauzl also rejects an entry whose real size differs from its declared one). Refuses macros
 * and DOCTYPE/ENTITY declarations (Word never writes them; they are how XML external-entity
 * and entity-expansion attacks start).
 */
export async function inspectDocx(buffer: Buffer, limits = DOCX_LIMITS): Promise<DocxInspection> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, file) => (error ? reject(error) : resolve(file))),
    );
  } catch {
    throw new DocumentError('docx-corrupt');
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new DocumentError('docx-too-large');
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        declared += entry.uncompressedSize;
        if (declared > limits.maxInflatedBytes) return reject(new DocumentError('docx-too-large'));
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(new DocumentError('docx-corrupt')));
      zip.readEntry();
    });

    const names = entries.map((entry) => entry.fileName);
    if (names.some((name) => /(^|\/)vbaProject\.bin$/i.test(name) || /(^|\/)vbaData\.xml$/i.test(name))) {
      throw new DocumentError('docx-macro');
    }

    let inflated = 0;
    let paragraphCount = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const isXml = /\.(xml|rels)$/i.test(entry.fileName);
      const scan = isXml ? new XmlScanner(entry.fileName === 'word/document.xml') : undefined;
      await inflateEntry(zip, entry, (chunk) => {
        inflated += chunk.length;
        if (inflated > limits.maxInflatedBytes) throw new DocumentError('docx-too-large');
        scan?.push(chunk);
      });
      if (scan?.hasDoctype) throw new DocumentError('docx-unsafe-xml');
      if (entry.fileName === '[Content_Types].xml' && /macroEnabled|vbaProject/i.test(scan?.head ?? '')) {
        throw new DocumentError('docx-macro');
      }
      if (scan?.countParagraphs) paragraphCount = scan.paragraphs;
      if (paragraphCount > limits.maxParagraphs) throw new DocumentError('too-many-paragraphs');
    }
    return { paragraphCount, inflatedBytes: inflated };
  } finally {
    zip.close();
  }
}

function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream: Readable) => {
      if (error) return reject(new DocumentError('docx-corrupt'));
      stream.on('data', (chunk: Buffer) => {
        try {
          onChunk(chunk);
        } catch (failure) {
          stream.destroy();
          reject(failure);
        }
      });
      stream.on('end', () => resolve());
      // yauzl reports size lies and bad deflate data here.
      stream.on('error', () => reject(new DocumentError('docx-corrupt')));
    });
  });
}

/** Streams an XML part: looks for DOCTYPE/ENTITY and counts `<w:p>` elements, with a small carry across chunks. */
class XmlScanner {
  hasDoctype = false;
  paragraphs = 0;
  /** The first 64 KB, kept for [Content_Types].xml. */
  head = '';
  private carry = '';

  constructor(readonly countParagraphs: boolean) {}

  push(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    if (this.head.length < 65536) this.head += chunk.toString('utf8', 0, Math.min(chunk.length, 65536 - this.head.length));
    if (/<!(DOCTYPE|ENTITY)/i.test(text)) this.hasDoctype = true;
    if (this.countParagraphs) {
      // Count only matches that end within the new chunk, so a match in the carry is not counted twice.
      const matches = text.match(/<w:p[\s>/]/g);
      const carried = this.carry.match(/<w:p[\s>/]/g);
      this.paragraphs += (matches?.length ?? 0) - (carried?.length ?? 0);
    }
    this.carry = text.slice(-16);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading with mammoth

/** The parts of mammoth's internal document model we read (see mammoth/lib/documents.js). */
interface MammothNode {
  type: string;
  value?: string;
  children?: MammothNode[];
  noteType?: 'footnote' | 'endnote';
  noteId?: string;
  body?: MammothNode[];
  /** On `break` nodes: `line`, `page` or `column`. */
  breakType?: string;
  /** On paragraphs: the direct left indent (`w:ind w:start`/`w:left`, twentieths of a point), the style, list numbering. */
  indent?: { start?: string | null };
  styleName?: string | null;
  numbering?: unknown;
}
interface MammothNotes {
  resolve(reference: MammothNode): MammothNode | null;
  _notes?: Record<string, MammothNode>;
}
interface MammothDocument extends MammothNode {
  notes: MammothNotes;
}

/**
 * Reads body paragraphs in order (table cells flattened into paragraphs), then footnotes and
 * endnotes in the order they are referenced. A .docx has no fixed pages (the program that
 * prints it lays them out), but a brief often breaks pages explicitly (Ctrl+Enter): when it
 * does, pages are numbered from those breaks, a paragraph taking the page its text starts on
 * and a note the page of its reference. Without any explicit break the whole document is one
 * page whose number is null: the paragraph is then the only location, and no page is guessed.
 */
export async function readDocx(buffer: Buffer, limits = DOCX_LIMITS): Promise<ReadDocument> {
  await inspectDocx(buffer, limits);
  let captured: MammothDocument | undefined;
  try {
    await mammoth.convertToHtml(
      { buffer },
      {
        transformDocument: (document: MammothDocument) => {
          captured = document;
          // Hand mammoth an empty document: we only want its model, not HTML (or images read).
          return { ...document, children: [] };
        },
      },
    );
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('docx-corrupt');
  }
  if (!captured) throw new DocumentError('docx-corrupt');

  const paragraphs: { paragraph: Paragraph; page: number }[] = [];
  const reader = new InlineReader();
  const push = (text: string, kind: ParagraphKind, page: number, indented = false): void => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean === '') return;
    if (paragraphs.length >= limits.maxParagraphs) throw new DocumentError('too-many-paragraphs');
    paragraphs.push({ paragraph: { index: paragraphs.length, text: clean, kind, ...(indented ? { indented: true as const } : {}) }, page });
  };

  // The body's usual left indent: a block quotation is set in past it (Word's "Quote" and
  // "Block Text" styles, or a direct w:ind). List items are indented too, and are not quotations.
  const bodyIndent = usualIndent(captured.children ?? []);
  const isBlock = (block: MammothNode): boolean =>
    !block.numbering && (/\b(quote|quotation|block)\b/i.test(block.styleName ?? '') || twips(block.indent?.start) >= bodyIndent + BLOCK_INDENT_TWIPS);

  const readBlocks = (blocks: MammothNode[], kind: ParagraphKind, notePage?: number, inTable = false): void => {
    for (const block of blocks) {
      if (block.type === 'paragraph') {
        const { text, startPage } = reader.paragraph(block);
        push(text, kind, notePage ?? startPage, kind === 'body' && !inTable && isBlock(block));
      } else if (block.children) readBlocks(block.children, kind, notePage, inTable || block.type === 'table'); // tables, rows, cells
    }
  };
  readBlocks(captured.children ?? [], 'body');

  // Notes in reference order; footnotes before endnotes, as a printed brief shows them.
  const notes = captured.notes;
  const seen = new Set<MammothNode>();
  const ordered = reader.references
    .map(({ node, page }) => ({ note: notes.resolve(node), page }))
    .filter((entry): entry is { note: MammothNode; page: number } => entry.note !== null);
  for (const note of Object.values(notes._notes ?? {})) ordered.push({ note, page: reader.page }); // unreferenced notes last
  for (const type of ['footnote', 'endnote'] as const) {
    for (const { note, page } of ordered) {
      if (note.noteType !== type || seen.has(note)) continue;
      seen.add(note);
      // References inside notes are not followed (a note pointing at a note is not a thing Word makes).
      readBlocks(note.body ?? [], type, page);
    }
  }

  if (reader.page === 1) {
    return { fileType: 'docx', pages: [{ number: null, paragraphs: paragraphs.map((p) => p.paragraph) }], ocrUsed: false, ocrPages: [], warnings: [] };
  }
  // Consecutive paragraphs on one page share a Page; notes after the body restart the run.
  const pages: ReadDocument['pages'] = [];
  for (const { paragraph, page } of paragraphs) {
    const last = pages.at(-1);
    if (last && last.number === page) last.paragraphs.push(paragraph);
    else pages.push({ number: page, paragraphs: [paragraph] });
  }
  return { fileType: 'docx', pages, ocrUsed: false, ocrPages: [], warnings: [] };
}

/** Half an inch less a little: Word's block quotations are set in half an inch or more. */
const BLOCK_INDENT_TWIPS = 540;

function twips(v: string | null | undefined): number {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
}

/** The most common left indent of the body's top-level paragraphs (0 when none is set). */
function usualIndent(blocks: MammothNode[]): number {
  const counts = new Map<number, number>();
  for (const b of blocks) if (b.type === 'paragraph' && !b.numbering) counts.set(twips(b.indent?.start), (counts.get(twips(b.indent?.start)) ?? 0) + 1);
  let best = 0;
  let most = 0;
  for (const [indent, n] of counts) if (n > most || (n === most && indent < best)) (best = indent), (most = n);
  return best;
}

/**
 * Paragraph text in document order, counting explicit page breaks on the way. Note reference
 * marks are left out (they would glue "[1]" onto a citation) but remembered with their page.
 */
class InlineReader {
  /** The page the reading position is on: 1 + explicit page breaks passed so far. */
  page = 1;
  readonly references: { node: MammothNode; page: number }[] = [];
  private startPage: number | null = null;

  paragraph(block: MammothNode): { text: string; startPage: number } {
    this.startPage = null;
    const text = this.text(block);
    return { text, startPage: this.startPage ?? this.page };
  }

  private text(node: MammothNode): string {
    switch (node.type) {
      case 'text':
        if (this.startPage === null && node.value?.trim()) this.startPage = this.page;
        return node.value ?? '';
      case 'tab':
        return ' ';
      case 'break':
        if (node.breakType === 'page') this.page++;
        return ' ';
      case 'noteReference':
        this.references.push({ node, page: this.page });
        return '';
      default:
        return (node.children ?? []).map((child) => this.text(child)).join('');
    }
  }
}
