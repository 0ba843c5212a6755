/**
 * Checks of an annotated copy that do not trust the annotator: the ZIP read by yauzl (the
 * reader's own ZIP library), the XML compared token by token with the original, the comments'
 * anchored text read back from the annotated XML alone, and, for PDFs, pdf.js run in a child
 * process (it cannot load its worker inside Jest's module system).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { entryData, findEntry, readZip } from '../src/zip';

export interface Entry {
  name: string;
  /** Inflated content. */
  data: Buffer;
  /** Compressed bytes as stored. */
  raw: Buffer;
  crc: number;
  method: number;
}

/** One entry of a zip file, inflated and CRC-checked by the package's own reader (synchronous, for callers that cannot wait). */
export function zipEntry(zip: Buffer, name: string): Buffer {
  const archive = readZip(zip);
  const entry = findEntry(archive, name);
  if (!entry) throw new Error(`${name} not in the zip file`);
  return entryData(archive, entry);
}

/** Every entry of a ZIP, inflated and as stored (yauzl checks sizes and CRCs). */
export async function unzipAll(buffer: Buffer): Promise<Entry[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, z) => (error ? reject(error) : resolve(z))),
  );
  const read = (entry: yauzl.Entry, decompress: boolean): Promise<Buffer> =>
    new Promise((resolve, reject) =>
      // Stored entries have no compressed form: their raw bytes are their content.
      file.openReadStream(entry, (decompress || entry.compressionMethod !== 8 ? {} : { decompress: false }) as yauzl.ZipFileOptions, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      }),
    );
  const entries: Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const data = await read(entry, true);
        const raw = await read(entry, false);
        entries.push({ name: entry.fileName, data, raw, crc: entry.crc32, method: entry.compressionMethod });
        file.readEntry();
      })().catch(reject);
    });
    file.on('end', () => resolve());
    file.on('error', reject);
    file.readEntry();
  });
  file.close();
  return entries;
}

const TOKEN = /<[^>]*>|[^<]+/g;
/** Markup the annotator may add, whole tokens. */
const ADDED = [
  /^<w:commentRangeStart w:id="\d+"\/>$/,
  /^<w:commentRangeEnd w:id="\d+"\/>$/,
  /^<\/w:r>$/,
  /^<\/w:t>$/,
  /^<w:t xml:space="preserve">$/,
];

/**
 * Throws unless `annotated` is `original` with only comment markup inserted: comment ranges
 * and references, runs closed and opened again around them (with the run's own open tag and
 * properties), text split there, and `xml:space="preserve"` added to a split text's tag.
 * Every character of the original's text and every other tag stays, in order.
 */
export function expectOnlyCommentMarkup(original: string, annotated: string): { inserted: number } {
  const a = original.match(TOKEN) ?? [];
  const b = annotated.match(TOKEN) ?? [];
  let i = 0;
  let j = 0;
  let inserted = 0;
  let runTag = '';
  let runProperties = '';
  let pendingText: string | null = null;
  const fail = (why: string): never => {
    const around = (list: string[], k: number) => list.slice(Math.max(0, k - 6), k + 6).join('');
    throw new Error(`${why}\n  original: …${around(a, i)}…\n annotated: …${around(b, j)}…`);
  };
  while (i < a.length || j < b.length) {
    const x: string | undefined = pendingText ?? a[i];
    const y = b[j];
    // A run holding only a comment reference (looked for first: it opens like the original's next run may).
    if (y === '<w:r>' && /^<w:commentReference w:id="\d+"\/>$/.test(b[j + 1] ?? '') && b[j + 2] === '</w:r>') {
      j += 3;
      inserted++;
      continue;
    }
    if (x !== undefined && y !== undefined && x === y) {
      if (/^<w:r[\s>]/.test(x)) {
        runTag = x;
        runProperties = '';
      }
      if (x.startsWith('<w:rPr') && i > 0 && /^<w:r[\s>]/.test(a[i - 1] ?? '')) {
        // The run's properties, through their end tag.
        let k = i;
        let text = '';
        while (k < a.length) {
          text += a[k];
          if (a[k] === '</w:rPr>' || (k === i && a[k].endsWith('/>'))) break;
          k++;
        }
        runProperties = text;
      }
      pendingText = null;
      i++;
      j++;
      continue;
    }
    // Text split where a comment starts or ends: the annotated text is a head of the original's.
    if (x !== undefined && y !== undefined && !x.startsWith('<') && !y.startsWith('<') && x.startsWith(y) && y.length < x.length) {
      pendingText = x.slice(y.length);
      j++;
      continue;
    }
    // A split text's tag with the space attribute added.
    if (x !== undefined && y !== undefined && x.startsWith('<w:t') && y === x.replace(/>$/, ' xml:space="preserve">') && !/xml:space/.test(x)) {
      pendingText = null;
      i++;
      j++;
      inserted++;
      continue;
    }
    if (y === undefined) fail('the annotated XML ends early');
    if (ADDED.some((re) => re.test(y))) {
      j++;
      inserted++;
      continue;
    }
    // A run opened again after a split: its own open tag and properties.
    if (y === runTag && runTag !== '') {
      j++;
      inserted++;
      const properties = runProperties.match(TOKEN) ?? [];
      for (const token of properties) {
        if (b[j] !== token) fail('a run opened again without its properties');
        j++;
      }
      continue;
    }
    fail(`a difference that is not comment markup: ${JSON.stringify(y)} where the original has ${JSON.stringify(x)}`);
  }
  return { inserted };
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);|&#(\d+);|&#x([0-9a-f]+);/gi, (_, n: string, d: string, h: string) => (n ? ENTITY[n] : String.fromCodePoint(d ? Number(d) : parseInt(h, 16))));

/**
 * Each comment id's anchored text in a part, read from the annotated XML alone: the `w:t`
 * text between its range start and end (deleted text, field codes and text boxes left out,
 * as a reader of the document sees it; a note's reference mark as `[footnote 3]`, by its
 * id), with how many references the part holds for it.
 */
export function commentRanges(xml: string): Map<string, { text: string; references: number; starts: number; ends: number }> {
  const ranges = new Map<string, { text: string; references: number; starts: number; ends: number; open: boolean }>();
  const get = (id: string) => {
    let r = ranges.get(id);
    if (!r) ranges.set(id, (r = { text: '', references: 0, starts: 0, ends: 0, open: false }));
    return r;
  };
  let inText = false;
  let skip = 0;
  for (const m of xml.matchAll(/<(\/?)([\w:]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, closing, tag, attributes, selfClosing, text] = m;
    if (text !== undefined) {
      if (inText && skip === 0) for (const r of ranges.values()) if (r.open) r.text += decode(text);
      continue;
    }
    const id = /w:id="(\d+)"/.exec(attributes)?.[1];
    if (tag === 'w:commentRangeStart' && id) Object.assign(get(id), { open: true, starts: get(id).starts + 1 });
    else if (tag === 'w:commentRangeEnd' && id) Object.assign(get(id), { open: false, ends: get(id).ends + 1 });
    else if (tag === 'w:commentReference' && id) get(id).references++;
    else if (tag === 'w:t') inText = !closing && !selfClosing;
    else if ((tag === 'w:footnoteReference' || tag === 'w:endnoteReference') && id && skip === 0) {
      for (const r of ranges.values()) if (r.open) r.text += `[${tag === 'w:footnoteReference' ? 'footnote' : 'endnote'} ${id}]`;
    }
    else if (tag === 'w:tab' && !closing) {
      if (skip === 0) for (const r of ranges.values()) if (r.open) r.text += ' ';
    } else if (/^(w:del|w:moveFrom|w:instrText|w:delText|mc:Choice|w:txbxContent)$/.test(tag) && !selfClosing) skip += closing ? -1 : 1;
  }
  return new Map([...ranges].map(([id, { open: _open, ...rest }]) => [id, rest]));
}

/** The comments of comments.xml: id, author, date and text (paragraphs joined by newlines). */
export function commentsOf(xml: string): { id: string; author: string; date: string; text: string }[] {
  return [...xml.matchAll(/<w:comment\b([^>]*)>([\s\S]*?)<\/w:comment>/g)].map((m) => ({
    id: /w:id="(\d+)"/.exec(m[1])![1],
    author: decode(/w:author="([^"]*)"/.exec(m[1])?.[1] ?? ''),
    date: /w:date="([^"]*)"/.exec(m[1])?.[1] ?? '',
    text: [...m[2].matchAll(/<w:p\b[\s\S]*?<\/w:p>/g)].map((p) => decode([...p[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''))).join('\n'),
  }));
}

/** What pdf.js sees in a PDF: per page, its annotations and its text items (viewport coordinates at scale 1). */
export interface PdfjsPage {
  number: number;
  width: number;
  height: number;
  /** `rect` in PDF user space; `view`, the same rectangle in viewport coordinates (pdf.js's own transform): left, top, right, bottom. */
  annotations: { subtype: string; rect: number[]; view: number[] | null; quadPoints: number[] | null; contents: string; title: string; hasPopup: boolean }[];
  items: { str: string; x: number; y: number; width: number; height: number }[];
  /** pdf.js's operator list of the page content (annotations left out): its length and a hash of its operators and their arguments. */
  operators: number;
  contentHash: string;
}

const PDFJS_SCRIPT = `
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
const data = new Uint8Array(readFileSync(process.argv[2]));
const doc = await pdfjs.getDocument({ data, isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: 1 });
  const annotations = (await page.getAnnotations()).map((a) => ({
    subtype: a.subtype, rect: a.rect,
    view: a.rect ? (([x1, y1, x2, y2]) => [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)])(viewport.convertToViewportRectangle(a.rect)) : null,
    quadPoints: a.quadPoints ? Array.from(a.quadPoints) : null,
    contents: a.contentsObj?.str ?? a.contents ?? '', title: a.titleObj?.str ?? a.title ?? '', hasPopup: Boolean(a.hasPopup ?? a.popupRef),
  }));
  const content = await page.getTextContent();
  const items = content.items.filter((i) => 'str' in i && i.str).map((i) => {
    const [x, y] = viewport.convertToViewportPoint(i.transform[4], i.transform[5]);
    return { str: i.str, x, y, width: i.width, height: i.height || Math.hypot(i.transform[2], i.transform[3]) };
  });
  // The page's own content: annotations are left out of the drawing.
  const ops = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
  const hash = createHash('sha256');
  hash.update(JSON.stringify(ops.fnArray));
  hash.update(JSON.stringify(ops.argsArray, (key, value) => (ArrayBuffer.isView(value) ? Array.from(value) : value)));
  pages.push({ number: n, width: viewport.width, height: viewport.height, annotations, items, operators: ops.fnArray.length, contentHash: hash.digest('hex') });
  page.cleanup();
}
process.stdout.write(JSON.stringify(pages));
await doc.destroy();
`;

/** Reads a PDF with pdf.js in a child process. */
export async function readWithPdfjs(pdf: Uint8Array): Promise<PdfjsPage[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfjs-'));
  try {
    const script = path.join(dir, 'read.mjs');
    const file = path.join(dir, 'in.pdf');
    // The script resolves pdfjs-dist from the repository's node_modules.
    writeFileSync(script, PDFJS_SCRIPT.replace("'pdfjs-dist/legacy/build/pdf.mjs'", JSON.stringify(require.resolve('pdfjs-dist/legacy/build/pdf.mjs'))));
    writeFileSync(file, pdf);
    const { stdout } = await promisify(execFile)(process.execPath, [script, file], { maxBuffer: 256 * 1024 * 1024 });
    return JSON.parse(stdout) as PdfjsPage[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
