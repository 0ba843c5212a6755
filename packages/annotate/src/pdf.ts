/**
 * The annotated PDF: a highlight annotation over each flagged citation's words (one quadrilateral
 * per line they run over) with a pop-up note saying the finding, and a note at the top of the
 * first page with the summary. Standard annotations (PDF 32000-1 §12.5.6.10 and §12.5.6.14), with
 * their own appearance, so any reader shows them; the page content streams are not touched
 * (pages get an /Annots entry, nothing else). Where the text sits comes from the reader's own
 * layout of the pages (`readDocument(..., { layout: true })`): text-layer items, or the OCR
 * word boxes on a scanned page.
 */
import { EncryptedPDFError, PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFPage } from 'pdf-lib';
import { mapReaderText, pdfBoxes, pdfTextMap, type PageLayout, type PdfBox } from '@citecheck/reading/positions';
import { AnnotateError } from './errors';
import { commentLines, countFindings, findingOf, nameStart, quoteLine, summaryLines, type FindingKind, type QuoteCheck } from './findings';
import type { AnnotateInput, AnnotateResult, Placed } from './types';

export interface AnnotatePdfInput extends AnnotateInput {
  /** The reader's layout of the pages (`ReadDocument.layout`). */
  layout: PageLayout[] | undefined;
}

/** Highlight colours (RGB, 0-1): red for invalid, amber for what to check, green for valid. */
const COLOURS: Record<FindingKind, [number, number, number]> = {
  invalid: [1, 0.6, 0.6],
  warning: [1, 0.85, 0.3],
  unverified: [1, 0.85, 0.3],
  quote: [1, 0.85, 0.3],
  valid: [0.6, 0.93, 0.6],
};

/** A page's map from the reader's coordinates (top-left origin, layout units) to PDF user space. */
interface PageSpace {
  page: PDFPage;
  toPdf(x: number, y: number): [number, number];
  /** The visible page in PDF user space. */
  view: [number, number, number, number];
}

/**
 * @example
 *   const document = await readDocument(bytes, { layout: true });
 *   const { text } = toCitationInput(document);
 *   const { bytes: annotated } = await annotatePdf(bytes, { text, layout: document.layout, citations, checkedAt });
 */
export async function annotatePdf(input: Uint8Array, options: AnnotatePdfInput): Promise<AnnotateResult> {
  if (!options.layout) throw new AnnotateError('pdf-layout-missing');
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(input, { updateMetadata: false });
  } catch (error) {
    // pdf-lib is compiled to ES5, where a subclass of Error loses its prototype: its class is
    // not always recognisable, its message is.
    if (error instanceof EncryptedPDFError || /\bis encrypted\b/.test((error as Error)?.message ?? '')) throw new AnnotateError('pdf-encrypted');
    throw new AnnotateError('pdf-corrupt');
  }
  // pdf-lib refuses a password only when asked to decrypt; an owner-password file (opens
  // without one) still has its strings encrypted, and ours would be written in clear among them.
  if (pdf.isEncrypted) throw new AnnotateError('pdf-encrypted');

  const layout = options.layout;
  const map = pdfTextMap(layout);
  const mapper = mapReaderText(options.text, map);
  const includeValid = options.includeValid === true;
  const counts = countFindings(options.citations, includeValid);
  const pages = pdf.getPages();
  const spaces = new Map<number, PageSpace>();
  const spaceOf = (layoutIndex: number): PageSpace | null => {
    const entry = layout[layoutIndex];
    const page = pages[entry.number - 1];
    if (!page) return null;
    if (!spaces.has(layoutIndex)) spaces.set(layoutIndex, pageSpace(page, entry));
    return spaces.get(layoutIndex)!;
  };
  const author = options.author ?? 'CiteCheck';
  const date = pdfDate(options.checkedAt);
  const placed: Placed[] = [];
  const unplaced: Placed[] = [];
  let serial = 0;

  const highlight = (boxes: PdfBox[], kind: FindingKind, lines: string[]): boolean => {
    const byPage = new Map<number, PdfBox[]>();
    for (const box of boxes) byPage.set(box.page, [...(byPage.get(box.page) ?? []), box]);
    const targets = [...byPage.entries()].map(([index, list]) => ({ space: spaceOf(index), list }));
    if (targets.length === 0 || targets.some((t) => t.space === null)) return false;
    for (const { space, list } of targets) {
      addHighlight(pdf, space!, list, { kind, contents: lines.join('\n'), subject: lines[0], author, date, name: `citecheck-${++serial}` });
    }
    return true;
  };

  for (const citation of options.citations) {
    const finding = findingOf(citation, includeValid);
    if (!finding) continue;
    const start = nameStart(options.text, citation);
    const range = (start < citation.start ? mapper.locate(start, citation.end) : null) ?? mapper.locate(citation.start, citation.end);
    const boxes = range ? pdfBoxes(map, range) : [];
    const inline: QuoteCheck[] = [];
    for (const quote of finding.quotes) {
      const quoteBoxes = quoteRange(options.text, citation, quote, mapper);
      const at = quoteBoxes ? pdfBoxes(map, quoteBoxes) : [];
      if (!at.length || !highlight(at, 'quote', [quoteLine(quote), `Attributed to ${citation.text}.`])) inline.push(quote);
    }
    if (boxes.length && highlight(boxes, finding.kind, commentLines(citation, finding, inline))) placed.push({ citation, finding });
    else unplaced.push({ citation, finding });
  }
  if (placed.length === 0 && unplaced.length > 0) throw new AnnotateError('positions-unmapped');

  // The summary: a note at the top left of the first page.
  const first = layout.findIndex((p) => p.number === 1);
  const space = first >= 0 ? spaceOf(first) : pages[0] ? pageSpace(pages[0], { number: 1, width: 0, height: 0, items: [] }) : null;
  if (space) addNote(pdf, space, summaryLines(counts, options.checkedAt, unplaced).join('\n'), author, date);

  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false, updateFieldAppearances: false }));
  return { bytes, placed, unplaced, counts };
}

/** A quotation's words near its citation, as a range of the page's characters. */
function quoteRange(text: string, c: { start: number; end: number }, quote: QuoteCheck, mapper: ReturnType<typeof mapReaderText>) {
  const words = quote.text.trim();
  if (words.length < 3) return null;
  const from = Math.max(0, c.start - 4000);
  const window = text.slice(from, Math.min(text.length, c.end + 1000));
  const before = window.lastIndexOf(words, c.start - from);
  const at = before >= 0 ? before : window.indexOf(words);
  return at < 0 ? null : mapper.locate(from + at, from + at + words.length);
}

/**
 * The reader's page coordinates (pdf.js's viewport at scale 1, top-left origin; OCR pixels are
 * that viewport at the render scale) back to PDF user space: pdf.js's PageViewport transform
 * (crop box within the media box, /Rotate, /UserUnit), inverted.
 */
export function pageSpace(page: PDFPage, entry: PageLayout): PageSpace {
  const media = normalise(page.getMediaBox());
  const crop = normalise(page.getCropBox());
  const view = intersect(crop, media) ?? media;
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const unitValue = page.node.lookup(PDFName.of('UserUnit'));
  const userUnit = unitValue instanceof PDFNumber && unitValue.asNumber() > 0 ? unitValue.asNumber() : 1;
  const [a, b, c, d, e, f] = viewportTransform(view, rotation, userUnit);
  const viewportWidth = rotation === 90 || rotation === 270 ? (view[3] - view[1]) * userUnit : (view[2] - view[0]) * userUnit;
  // OCR coordinates are pixels of the page rendered at some scale; a text layer's are the viewport's.
  const scale = entry.width > 0 && viewportWidth > 0 ? entry.width / viewportWidth : 1;
  const det = a * d - b * c;
  return {
    page,
    view,
    toPdf(x: number, y: number): [number, number] {
      const vx = x / scale - e;
      const vy = y / scale - f;
      return [(d * vx - c * vy) / det, (-b * vx + a * vy) / det];
    },
  };
}

/** pdf.js's PageViewport transform at scale 1 (display/display_utils.js). */
export function viewportTransform(view: [number, number, number, number], rotation: 0 | 90 | 180 | 270, userUnit = 1): [number, number, number, number, number, number] {
  const scale = userUnit;
  const centerX = (view[2] + view[0]) / 2;
  const centerY = (view[3] + view[1]) / 2;
  const [ra, rb, rc, rd] = rotation === 180 ? [-1, 0, 0, 1] : rotation === 90 ? [0, 1, 1, 0] : rotation === 270 ? [0, -1, -1, 0] : [1, 0, 0, -1];
  const offsetX = ra === 0 ? Math.abs(centerY - view[1]) * scale : Math.abs(centerX - view[0]) * scale;
  const offsetY = ra === 0 ? Math.abs(centerX - view[0]) * scale : Math.abs(centerY - view[1]) * scale;
  return [ra * scale, rb * scale, rc * scale, rd * scale, offsetX - ra * scale * centerX - rc * scale * centerY, offsetY - rb * scale * centerX - rd * scale * centerY];
}

function normalise(box: { x: number; y: number; width: number; height: number }): [number, number, number, number] {
  const x2 = box.x + box.width;
  const y2 = box.y + box.height;
  return [Math.min(box.x, x2), Math.min(box.y, y2), Math.max(box.x, x2), Math.max(box.y, y2)];
}

function intersect(a: [number, number, number, number], b: [number, number, number, number]): [number, number, number, number] | null {
  const box: [number, number, number, number] = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[0] < box[2] && box[1] < box[3] ? box : null;
}

interface HighlightSpec {
  kind: FindingKind;
  contents: string;
  subject: string;
  author: string;
  date: string;
  name: string;
}

/** A highlight over the boxes (one quadrilateral each), its appearance, and its pop-up note. */
function addHighlight(pdf: PDFDocument, space: PageSpace, boxes: PdfBox[], spec: HighlightSpec): void {
  const quads: number[] = [];
  let rect: [number, number, number, number] | null = null;
  for (const box of boxes) {
    // Upper left, upper right, lower left, lower right: the order readers expect.
    const corners = [space.toPdf(box.left, box.top), space.toPdf(box.right, box.top), space.toPdf(box.left, box.bottom), space.toPdf(box.right, box.bottom)];
    for (const [x, y] of corners) {
      quads.push(round(x), round(y));
      rect = rect ? [Math.min(rect[0], x), Math.min(rect[1], y), Math.max(rect[2], x), Math.max(rect[3], y)] : [x, y, x, y];
    }
  }
  const bounds = rect!.map(round) as [number, number, number, number];
  const colour = COLOURS[spec.kind];
  const context = pdf.context;

  // Drawn multiplied over the page, so the words stay readable under the colour.
  const paths: string[] = [];
  for (let q = 0; q < quads.length; q += 8) {
    const [x1, y1, x2, y2, x3, y3, x4, y4] = quads.slice(q, q + 8);
    paths.push(`${x1} ${y1} m ${x2} ${y2} l ${x4} ${y4} l ${x3} ${y3} l h f`);
  }
  const appearance = context.stream(`/G0 gs ${colour.join(' ')} rg ${paths.join(' ')}`, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: bounds,
    Resources: { ExtGState: { G0: { Type: 'ExtGState', BM: 'Multiply', ca: 1 } } },
  });
  const highlightRef = context.nextRef();
  const popupRef = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Popup',
      Parent: highlightRef,
      Rect: popupRect(space, bounds),
      Open: false,
      F: 28,
    }),
  );
  const highlight = context.obj({
    Type: 'Annot',
    Subtype: 'Highlight',
    Rect: bounds,
    QuadPoints: quads,
    C: colour,
    CA: 1,
    F: 4,
    P: space.page.ref,
    Contents: PDFHexString.fromText(spec.contents),
    Subj: PDFHexString.fromText(spec.subject),
    T: PDFHexString.fromText(spec.author),
    NM: PDFString.of(spec.name),
    M: PDFString.of(spec.date),
    CreationDate: PDFString.of(spec.date),
    Popup: popupRef,
    AP: { N: context.register(appearance) },
  });
  context.assign(highlightRef, highlight);
  addToPage(space.page, [highlightRef, popupRef]);
}

/** The summary: a note icon at the top left of the page, with its text in a pop-up. */
function addNote(pdf: PDFDocument, space: PageSpace, contents: string, author: string, date: string): void {
  const context = pdf.context;
  const [x, y] = [space.view[0] + 10, space.view[3] - 30];
  const bounds: [number, number, number, number] = [round(x), round(y), round(x + 20), round(y + 20)];
  // A drawn note icon (yellow page with three lines), for readers that draw none of their own.
  const icon = context.register(
    context.stream(`1 0.85 0.3 rg 0.4 0.3 0.1 RG 0.8 w 1 1 18 18 re B 0.4 0.3 0.1 rg 4 14 m 16 14 l 4 10 m 16 10 l 4 6 m 12 6 l S`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 20, 20],
      Matrix: [1, 0, 0, 1, 0, 0],
    }),
  );
  const noteRef = context.nextRef();
  const popupRef = context.register(context.obj({ Type: 'Annot', Subtype: 'Popup', Parent: noteRef, Rect: popupRect(space, bounds), Open: false, F: 28 }));
  context.assign(
    noteRef,
    context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Name: 'Comment',
      Rect: bounds,
      C: [1, 0.85, 0.3],
      F: 28,
      P: space.page.ref,
      Contents: PDFHexString.fromText(contents),
      Subj: PDFHexString.fromText('CiteCheck summary'),
      T: PDFHexString.fromText(author),
      NM: PDFString.of('citecheck-summary'),
      M: PDFString.of(date),
      CreationDate: PDFString.of(date),
      Open: false,
      Popup: popupRef,
      AP: { N: icon },
    }),
  );
  addToPage(space.page, [noteRef, popupRef]);
}

/** Where a pop-up opens: beside its annotation, inside the page. */
function popupRect(space: PageSpace, near: [number, number, number, number]): [number, number, number, number] {
  const [left, bottom, right, top] = space.view;
  const width = Math.min(220, right - left);
  const height = Math.min(120, top - bottom);
  const x = Math.max(left, Math.min(near[2] + 10, right - width));
  const y = Math.max(bottom, Math.min(near[3], top) - height);
  return [round(x), round(y), round(x + width), round(y + height)];
}

/** Appends to the page's /Annots (created when it has none) without pdf-lib's page normalising, which would rewrite the content streams. */
function addToPage(page: PDFPage, refs: PDFRef[]): void {
  const node = page.node;
  const existing = node.lookup(PDFName.of('Annots'));
  if (existing instanceof PDFArray) for (const ref of refs) existing.push(ref);
  else if (existing === undefined) node.set(PDFName.of('Annots'), node.context.obj(refs));
  // Something else where the array should be: the file is broken there, and no copy is made.
  else throw new AnnotateError('pdf-corrupt');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** `D:20230622000000Z`. */
function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}
