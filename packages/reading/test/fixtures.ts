/**
 * Test documents, generated at test time: text PDFs (pdf-lib), scanned PDFs (text drawn into
 * images with @napi-rs/canvas, embedded as image-only pages), .docx files (docx), and hostile
 * files written byte by byte. Nothing is read from disk or the network.
 */
import { createCanvas } from '@napi-rs/canvas';
import { AlignmentType, Document, FootnoteReferenceRun, PageBreak, Packer, Paragraph, TextRun, Table, TableRow, TableCell, WidthType } from 'docx';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import yauzl from 'yauzl';
import zlib from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';

// ---------------------------------------------------------------------------------------------
// Citations with known positions

/** Real full case citations, used as known answers (volume, reporter, page). */
export const CASES = [
  'Bell Atl. Corp. v. Twombly, 550 U.S. 544 (2007)',
  'Ashcroft v. Iqbal, 556 U.S. 662 (2009)',
  'Celotex Corp. v. Catrett, 477 U.S. 317 (1986)',
  'Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)',
  'Daubert v. Merrell Dow Pharms., Inc., 509 U.S. 579 (1993)',
  'Miranda v. Arizona, 384 U.S. 436 (1966)',
  'Chevron U.S.A. Inc. v. Natural Res. Def. Council, Inc., 467 U.S. 837 (1984)',
  'Matsushita Elec. Indus. Co. v. Zenith Radio Corp., 475 U.S. 574 (1986)',
  'Conley v. Gibson, 355 U.S. 41 (1957)',
  'Erie R.R. Co. v. Tompkins, 304 U.S. 64 (1938)',
  'Hishon v. King & Spalding, 467 U.S. 69 (1984)',
  'Lujan v. Defenders of Wildlife, 504 U.S. 555 (1992)',
  'Scott v. Harris, 550 U.S. 372 (2007)',
  'Tellabs, Inc. v. Makor Issues & Rights, Ltd., 551 U.S. 308 (2007)',
  'Mathews v. Eldridge, 424 U.S. 319 (1976)',
  'Harlow v. Fitzgerald, 457 U.S. 800 (1982)',
  'Pearson v. Callahan, 555 U.S. 223 (2009)',
  'Kumho Tire Co. v. Carmichael, 526 U.S. 137 (1999)',
  'United States v. Jones, 565 U.S. 400 (2012)',
  'Riley v. California, 573 U.S. 373 (2014)',
  'Spokeo, Inc. v. Robins, 578 U.S. 330 (2016)',
  'Papasan v. Allain, 478 U.S. 265 (1986)',
  'Swierkiewicz v. Sorema N.A., 534 U.S. 506 (2002)',
  'Johnson v. City of Shelby, 574 U.S. 10 (2014)',
  'Bivens v. Six Unknown Named Agents, 403 U.S. 388 (1971)',
  'Starr v. Baca, 652 F.3d 1202 (9th Cir. 2011)',
  'Moss v. U.S. Secret Serv., 572 F.3d 962 (9th Cir. 2009)',
  'Sprewell v. Golden State Warriors, 266 F.3d 979 (9th Cir. 2001)',
  'Arista Records LLC v. Doe 3, 604 F.3d 110 (2d Cir. 2010)',
  'In re Tam, 808 F.3d 1321 (Fed. Cir. 2015)',
];

/** `volume reporter page` of a CASES entry, e.g. `550 U.S. 544`. */
export function citationOf(entry: string): string {
  const match = /(\d+) (U\.S\.|F\.3d) (\d+)/.exec(entry);
  if (!match) throw new Error(`no citation in ${entry}`);
  return `${match[1]} ${match[2]} ${match[3]}`;
}

const FILLER = [
  'The complaint must contain sufficient factual matter, accepted as true, to state a claim to relief that is plausible on its face.',
  'Plaintiff does not dispute that the record before the Court is complete and that discovery has closed.',
  'The moving party bears the initial burden of identifying those portions of the record that demonstrate the absence of a genuine issue.',
  'Defendants respectfully submit that the argument fails for the reasons set out below and in the accompanying declaration.',
];

/**
 * A brief of `pageCount` pages, each made of paragraphs; page p cites CASES[3p .. 3p+2] (wrapping
 * around), so the expected citations per page are known.
 */
export function briefPages(pageCount: number, citesPerPage = 3): { paragraphs: string[]; cites: string[] }[] {
  const pages = [];
  for (let p = 0; p < pageCount; p++) {
    const cites: string[] = [];
    const paragraphs: string[] = [];
    for (let c = 0; c < citesPerPage; c++) {
      const entry = CASES[(p * citesPerPage + c) % CASES.length];
      cites.push(citationOf(entry));
      paragraphs.push(`${FILLER[(p + c) % FILLER.length]} See ${entry}. ${FILLER[(p + c + 1) % FILLER.length]}`);
    }
    pages.push({ paragraphs, cites });
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Text PDFs

export interface TextPdfOptions {
  /** Running header printed at the top of every page (`{page}` is replaced). */
  header?: string;
  /** Page number at the bottom centre. */
  pageNumbers?: boolean;
  /** Pleading paper: line numbers 1-28 down the left margin. */
  pleading?: boolean;
  /** Footnotes (smaller type at the bottom), per page. */
  footnotes?: string[][];
  fontSize?: number;
  /** Paragraphs set as block quotations: every line inset an inch from both margins, no first-line indent. */
  blockQuotes?: string[];
}

function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** A letter-size text PDF: paragraphs with a first-line indent, optional header, page numbers, pleading numbers, footnotes. */
export async function textPdf(pages: string[][], options: TextPdfOptions = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const size = options.fontSize ?? 12;
  pages.forEach((paragraphs, p) => drawTextPage(pdf.addPage([612, 792]), font, size, paragraphs, p + 1, options));
  return pdf.save();
}

function drawTextPage(
  page: ReturnType<PDFDocument['addPage']>,
  font: PDFFont,
  size: number,
  paragraphs: string[],
  number: number,
  options: TextPdfOptions,
): void {
  const left = 90;
  const width = 612 - left - 72;
  const leading = size * 2; // briefs are double-spaced
  let y = 792 - 90;
  if (options.header) page.drawText(options.header.replace('{page}', String(number)), { x: left, y: 792 - 40, size: 9, font });
  if (options.pleading) {
    for (let n = 1; n <= 28; n++) page.drawText(String(n), { x: 50, y: 792 - 90 - (n - 1) * 24, size: 10, font });
  }
  for (const paragraph of paragraphs) {
    if (options.blockQuotes?.includes(paragraph)) {
      // Single-spaced and inset on both sides, as a brief sets a block quotation.
      for (const line of wrap(paragraph, width - 144, (s) => font.widthOfTextAtSize(s, size))) {
        page.drawText(line, { x: left + 72, y, size, font });
        y -= size * 1.2;
      }
      y -= leading - size * 1.2;
      continue;
    }
    const lines = wrap(paragraph, width - 36, (s) => font.widthOfTextAtSize(s, size));
    lines.forEach((line, i) => {
      page.drawText(line, { x: i === 0 ? left + 36 : left, y, size, font });
      y -= leading;
    });
  }
  const notes = options.footnotes?.[number - 1] ?? [];
  let noteY = 110;
  for (const note of notes) {
    for (const line of wrap(note, width, (s) => font.widthOfTextAtSize(s, 9))) {
      page.drawText(line, { x: left, y: noteY, size: 9, font });
      noteY -= 11;
    }
    noteY -= 4;
  }
  if (options.pageNumbers) page.drawText(String(number), { x: 300, y: 30, size: 11, font });
}

// ---------------------------------------------------------------------------------------------
// Scanned PDFs

/**
 * An image-only PDF: each page's text is drawn into a greyscale PNG at `dpi` and placed as the
 * whole page, like a scanner's output. No text layer.
 */
export async function scannedPdf(pages: string[][], options: { dpi?: number; header?: string } = {}): Promise<Uint8Array> {
  const dpi = options.dpi ?? 200;
  const pdf = await PDFDocument.create();
  const px = (points: number): number => (points * dpi) / 72;
  pages.forEach(() => undefined);
  for (let p = 0; p < pages.length; p++) {
    const canvas = createCanvas(Math.round(px(612)), Math.round(px(792)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#111';
    context.font = `${px(12)}px "Liberation Serif", "DejaVu Serif", serif`;
    const left = px(90);
    const width = px(612 - 90 - 72);
    let y = px(90);
    if (options.header) {
      context.font = `${px(9)}px "Liberation Serif", "DejaVu Serif", serif`;
      context.fillText(options.header.replace('{page}', String(p + 1)), left, px(40));
      context.font = `${px(12)}px "Liberation Serif", "DejaVu Serif", serif`;
    }
    for (const paragraph of pages[p]) {
      const lines = wrap(paragraph, width - px(36), (s) => context.measureText(s).width);
      lines.forEach((line, i) => {
        context.fillText(line, i === 0 ? left + px(36) : left, y);
        y += px(24);
      });
    }
    context.fillText(String(p + 1), px(300), px(792 - 30));
    const png = await canvas.encode('png');
    const image = await pdf.embedPng(png);
    const page = pdf.addPage([612, 792]);
    page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return pdf.save();
}

// ---------------------------------------------------------------------------------------------
// .docx

/** A .docx whose body cites nothing and whose footnotes (and one endnote-free table) carry the citations. */
export async function docxWithFootnotes(): Promise<{ buffer: Buffer; footnoteCites: string[]; bodyCites: string[] }> {
  const noteEntries = CASES.slice(0, 6);
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  noteEntries.forEach((entry, i) => {
    footnotes[i + 1] = { children: [new Paragraph(`See ${entry}; accord ${FILLER[i % FILLER.length]}`)] };
  });
  const body = noteEntries.map(
    (_, i) =>
      new Paragraph({
        children: [new TextRun(FILLER[i % FILLER.length]), new FootnoteReferenceRun(i + 1), new TextRun(' The point stands.')],
      }),
  );
  const table = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ children: [new TableCell({ children: [new Paragraph('Authority')] }), new TableCell({ children: [new Paragraph('Page')] })] }),
      new TableRow({ children: [new TableCell({ children: [new Paragraph(CASES[10])] }), new TableCell({ children: [new Paragraph('4')] })] }),
    ],
  });
  const document = new Document({
    footnotes,
    sections: [{ children: [new Paragraph({ text: 'ARGUMENT', alignment: AlignmentType.CENTER }), ...body, table] }],
  });
  return { buffer: await Packer.toBuffer(document), footnoteCites: noteEntries.map(citationOf), bodyCites: [citationOf(CASES[10])] };
}

/**
 * A .docx whose pages are set by explicit page breaks: page p holds the paragraphs of
 * `pages[p - 1]`. The break is a run of its own at the start of the page's first paragraph
 * (Word's Ctrl+Enter), except on page 2, where it stands alone in an empty paragraph. The first
 * paragraph of page 3 carries footnote 1.
 */
export async function docxWithPageBreaks(pages: string[][], footnote: string): Promise<Buffer> {
  const children: Paragraph[] = [];
  pages.forEach((paragraphs, p) => {
    paragraphs.forEach((text, i) => {
      const runs: (TextRun | PageBreak | FootnoteReferenceRun)[] = [];
      if (i === 0 && p >= 2) runs.push(new PageBreak());
      runs.push(new TextRun(text));
      if (i === 0 && p === 2) runs.push(new FootnoteReferenceRun(1));
      if (i === 0 && p === 1) children.push(new Paragraph({ children: [new PageBreak()] }));
      children.push(new Paragraph({ children: runs }));
    });
  });
  return Packer.toBuffer(new Document({ footnotes: { 1: { children: [new Paragraph(footnote)] } }, sections: [{ children }] }));
}

/** A .docx whose paragraphs are plain, or set in by `indent` twentieths of a point on the left (a block quotation), or in a named style. */
export async function docxWithIndents(paragraphs: { text: string; indent?: number; quoteStyle?: boolean; list?: boolean }[]): Promise<Buffer> {
  return Packer.toBuffer(
    new Document({
      styles: { paragraphStyles: [{ id: 'Quote', name: 'Quote', basedOn: 'Normal', paragraph: { indent: { left: 720, right: 720 } } }] },
      numbering: { config: [{ reference: 'list', levels: [{ level: 0, format: 'decimal', text: '%1.', alignment: AlignmentType.START, style: { paragraph: { indent: { left: 720, hanging: 360 } } } }] }] },
      sections: [
        {
          children: paragraphs.map(
            (p) =>
              new Paragraph({
                text: p.text,
                ...(p.indent ? { indent: { left: p.indent, right: p.indent } } : {}),
                ...(p.quoteStyle ? { style: 'Quote' } : {}),
                ...(p.list ? { numbering: { reference: 'list', level: 0 }, indent: { left: 720, hanging: 360 } } : {}),
              }),
          ),
        },
      ],
    }),
  );
}

/** A plain .docx with the given body paragraphs. */
export async function simpleDocx(paragraphs: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] }));
}

/** A .docx of `count` short paragraphs: each is a handful of objects in mammoth's document model. */
export async function manyParagraphsDocx(count: number): Promise<Buffer> {
  const body = Array.from({ length: count }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i} of the brief.</w:t></w:r></w:p>`).join('');
  return patchDocx(await simpleDocx(['Hello']), (entries) =>
    entries.map((entry) =>
      entry.name === 'word/document.xml'
        ? { name: entry.name, data: Buffer.from(entry.data.toString('utf8').replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${body}</w:body>`)) }
        : entry,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// ZIP by hand (for hostile .docx files)

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Already-deflated data with the sizes to declare (for bombs and liars). */
  raw?: { compressed: Buffer; declaredSize: number; crc: number };
}

export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = entry.raw?.compressed ?? zlib.deflateRawSync(entry.data);
    const size = entry.raw?.declaredSize ?? entry.data.length;
    const crc = entry.raw?.crc ?? zlib.crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export async function unzip(buffer: Buffer): Promise<ZipEntry[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))),
  );
  const entries: ZipEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          file.readEntry();
        });
      });
    });
    file.on('end', () => resolve());
    file.readEntry();
  });
  return entries;
}

/** A docx with one part replaced or added. */
export async function patchDocx(base: Buffer, patch: (entries: ZipEntry[]) => ZipEntry[]): Promise<Buffer> {
  return zip(patch(await unzip(base)));
}

/** Deflate data of `megabytes` MB of zeros, built from one compressed megabyte repeated (fast to make). */
export function zeroBomb(megabytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
}

// ---------------------------------------------------------------------------------------------
// PDFs by hand

/** Assembles a PDF from object bodies (object n is objects[n-1]) with a correct xref table. */
export function assemblePdf(objects: (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const ONE_PAGE_CONTENT = 'BT /F1 12 Tf 72 700 Td (Ashcroft v. Iqbal, 556 U.S. 662 \\(2009\\).) Tj ET';

function onePageObjects(pagesDict = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'): string[] {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    pagesDict,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${ONE_PAGE_CONTENT.length} >>\nstream\n${ONE_PAGE_CONTENT}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>',
  ];
}

/** A small valid one-page PDF, written by hand. */
export function handMadePdf(): Buffer {
  return assemblePdf(onePageObjects());
}

/**
 * Form XObjects nested `levels` deep, each drawing the next twice, the last drawing one line of
 * text: 2^levels drawings of it from a file of a few KB (24 levels: 6 KB, 16.7 million drawings).
 */
export function formBombPdf(levels: number): Buffer {
  const firstForm = 6;
  const pageContent = 'q /X0 Do Q';
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /X0 ${firstForm} 0 R >> >> >>`,
    `<< /Length ${pageContent.length} >>\nstream\n${pageContent}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>',
  ];
  for (let level = 0; level < levels; level++) {
    const last = level === levels - 1;
    const content = last ? 'BT /F1 12 Tf 72 700 Td (See 550 U.S. 544.) Tj ET' : 'q /X Do Q q /X Do Q';
    const forms = last ? '' : ` /XObject << /X ${firstForm + level + 1} 0 R >>`;
    objects.push(`<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >>${forms} >> /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  return assemblePdf(objects);
}

/** Standard security handler with random keys: pdf.js asks for a password. */
export function encryptedPdf(): Buffer {
  const hex = (n: number): string => Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256)).toString('hex');
  const objects = [...onePageObjects(), `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -1028 /O <${hex(32)}> /U <${hex(32)}> >>`];
  return assemblePdf(objects, `/Encrypt 6 0 R /ID [<${hex(16)}> <${hex(16)}>]`);
}

/** A root page tree that claims 100,000 pages (with one real page). */
export function manyPagesPdf(): Buffer {
  return assemblePdf(onePageObjects('<< /Type /Pages /Kids [3 0 R] /Count 100000 >>'));
}

/** One page that is a single 50,000 × 50,000 pixel image (a tiny file: the pixels are never there). */
export function hugeImagePdf(): Buffer {
  const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q';
  const pixels = zlib.deflateSync(Buffer.alloc(1024 * 64));
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    Buffer.concat([
      Buffer.from(`<< /Type /XObject /Subtype /Image /Width 50000 /Height 50000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`),
      pixels,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/** The hand-made PDF with its xref offsets and startxref pointing at garbage. */
export function brokenXrefPdf(): Buffer {
  const text = handMadePdf().toString('latin1');
  return Buffer.from(
    text.replace(/(\d{10}) 00000 n/g, () => '0000000003 00000 n').replace(/startxref\n\d+/, 'startxref\n999999'),
    'latin1',
  );
}

/** Windows executable header followed by filler. */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(4096, 0x90);
  bytes.write('MZ', 0, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return bytes;
}

export async function pngBytes(): Promise<Buffer> {
  const canvas = createCanvas(20, 20);
  canvas.getContext('2d').fillRect(0, 0, 10, 10);
  return canvas.encode('png');
}

/** `count` real (tiny) pages sharing one content stream. */
export function realPagesPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(' ');
  const pages = Array.from(
    { length: count },
    () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>',
  );
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    `<< /Length ${ONE_PAGE_CONTENT.length} >>\nstream\n${ONE_PAGE_CONTENT}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>',
    ...pages,
  ]);
}

/** Nice values of this process's threads by thread id (Linux: each thread has its own). */
export function threadNiceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const nice = niceOfThread(tid);
    if (nice !== undefined) values.set(Number(tid), nice);
  }
  return values;
}

/** A thread listed a moment ago may have exited since (workers of closed pools do): it has no nice value then. */
function niceOfThread(tid: string): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return undefined;
    throw error;
  }
}
