/**
 * Reading PDFs with pdf-parse (pdf.js underneath). Runs inside the read worker: pdf.js parses on
 * the thread that calls it when there is no browser worker, and a hostile PDF can make it spin.
 */
import { PDFParse } from 'pdf-parse';
import type { PDFDocumentProxy, TextItem as PdfjsTextItem } from 'pdfjs-dist/types/src/display/api';
import { DocumentError } from './errors';
import { layoutPages, type PageItems, type TextItem } from './layout';
import type { OcrPage } from './ocr';
import type { ReadDocument, ReadWarning } from './types';

export const PDF_LIMITS = {
  maxPages: 2_000,
  /** Largest embedded image pdf.js will decode (pixels). A 600 dpi letter scan is ~34 M. */
  maxImagePixels: 40_000_000,
  /** Resolution pages are rendered at for OCR. */
  ocrDpi: 150,
  /** Cap on a rendered page (pixels), whatever the page size claims. */
  maxRenderPixels: 12_000_000,
  /** A page with fewer visible characters than this in its text layer is read by OCR. */
  minTextChars: 25,
  /**
   * The text budget (issue 28, finding 4): a page whose Form XObjects draw one another pdf.js
   * walks every drawing of, and 24 levels each drawing the next twice are 2^24 walks from a 6 KB
   * file. pdf.js hands the text over in chunks, at least one per drawn form, so chunks count
   * the drawing operations; a brief's page makes a few dozen. Past either count, or past the
   * time on one page, the document stops with `pdf-too-complex`.
   */
  maxTextChunksPerPage: 20_000,
  maxTextChunksPerDocument: 250_000,
  maxTextMsPerPage: 5_000,
};

export interface OpenPdf {
  parser: PDFParse;
  document: PDFDocumentProxy;
  pageCount: number;
}

/** Opens a PDF, mapping pdf.js failures to DocumentErrors and refusing absurd page counts. */
export async function openPdf(data: Uint8Array, limits = PDF_LIMITS): Promise<OpenPdf> {
  const parser = new PDFParse({
    data,
    // Font programs may not compile code in our process.
    isEvalSupported: false,
    maxImageSize: limits.maxImagePixels,
    verbosity: 0,
  });
  let document: PDFDocumentProxy;
  try {
    // pdf-parse keeps its pdf.js document private; its loader is the documented way it opens
    // one, and we need the document itself for text positions and page sizes.
    document = await (parser as unknown as { load(): Promise<PDFDocumentProxy> }).load();
  } catch (error) {
    await parser.destroy().catch(() => undefined);
    const name = (error as Error | undefined)?.name;
    if (name === 'PasswordException') throw new DocumentError('pdf-encrypted');
    throw new DocumentError('pdf-corrupt');
  }
  if (document.numPages > limits.maxPages) {
    await parser.destroy().catch(() => undefined);
    throw new DocumentError('too-many-pages');
  }
  if (document.numPages === 0) {
    await parser.destroy().catch(() => undefined);
    throw new DocumentError('pdf-corrupt');
  }
  return { parser, document, pageCount: document.numPages };
}

/** What a document's text layers have spent of the text budget so far (see PDF_LIMITS). */
export interface TextBudget {
  chunks: number;
}

/**
 * The page's text content, read chunk by chunk against the budget; stopped with
 * `pdf-too-complex` past it. The caller destroys the document after a throw, which ends
 * pdf.js's walk (its task is terminated).
 */
async function budgetedTextContent(page: Awaited<ReturnType<PDFDocumentProxy['getPage']>>, budget: TextBudget, limits: typeof PDF_LIMITS) {
  const started = Date.now();
  let chunks = 0;
  const items: unknown[] = [];
  const reader = page.streamTextContent().getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks++;
    budget.chunks++;
    for (const item of value.items) items.push(item);
    if (chunks > limits.maxTextChunksPerPage || budget.chunks > limits.maxTextChunksPerDocument || Date.now() - started > limits.maxTextMsPerPage) {
      await reader.cancel(new DocumentError('pdf-too-complex')).catch(() => undefined);
      throw new DocumentError('pdf-too-complex');
    }
  }
  return { items };
}

/** One page's text-layer items, in top-down page coordinates (points). */
export async function pageItems(pdf: OpenPdf, pageNumber: number, budget: TextBudget = { chunks: 0 }, limits = PDF_LIMITS): Promise<PageItems> {
  const page = await pdf.document.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await budgetedTextContent(page, budget, limits);
    const items: TextItem[] = [];
    for (const raw of content.items as Array<PdfjsTextItem | object>) {
      if (!('str' in raw)) continue;
      const item = raw as PdfjsTextItem;
      if (item.str === '') continue;
      const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
      const size = item.height || Math.hypot(item.transform[2], item.transform[3]);
      items.push({ text: item.str, x, y, width: item.width, height: size });
    }
    return { number: pageNumber, width: viewport.width, height: viewport.height, items };
  } finally {
    page.cleanup();
  }
}

/** True when a page's text layer is too thin to be the page's text (a scan, or a scan with a stamp). */
export function needsOcr(page: PageItems, limits = PDF_LIMITS): boolean {
  let visible = 0;
  for (const item of page.items) visible += item.text.replace(/\s/g, '').length;
  return visible < limits.minTextChars;
}

export interface RenderedPage {
  png: Uint8Array;
  width: number;
  height: number;
  /** Rendered pixels per PDF point. */
  scale: number;
}

/** Renders a page to PNG for OCR, at `ocrDpi` unless that would exceed `maxRenderPixels`. */
export async function renderPage(pdf: OpenPdf, pageNumber: number, limits = PDF_LIMITS): Promise<RenderedPage> {
  const page = await pdf.document.getPage(pageNumber);
  const { width, height } = page.getViewport({ scale: 1 });
  page.cleanup();
  const wanted = limits.ocrDpi / 72;
  const scale = Math.min(wanted, Math.sqrt(limits.maxRenderPixels / Math.max(1, width * height)));
  const shot = await pdf.parser.getScreenshot({ partial: [pageNumber], scale, imageBuffer: true, imageDataUrl: false });
  const rendered = shot.pages[0];
  if (!rendered) throw new DocumentError('pdf-corrupt');
  return { png: rendered.data, width: rendered.width, height: rendered.height, scale };
}

/**
 * Pixel sizes of images declared in uncompressed object dictionaries that exceed the decode
 * cap. pdf.js silently drops such images, so this is how a reader can say why a page is blank.
 * Images declared inside compressed object streams are not seen (they are dropped all the same).
 */
export function oversizedImageCount(data: Uint8Array, limits = PDF_LIMITS): number {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  let count = 0;
  for (const match of text.matchAll(/\/Subtype\s*\/Image\b/g)) {
    // The rest of the image dictionary sits around the subtype; 1 KB either side covers it.
    const around = text.slice(Math.max(0, match.index - 1024), match.index + 1024);
    const width = Number(/\/Width\s+(\d+)/.exec(around)?.[1] ?? 0);
    const height = Number(/\/Height\s+(\d+)/.exec(around)?.[1] ?? 0);
    if (width * height > limits.maxImagePixels) count++;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// The whole PDF

export interface PdfReadHooks {
  /** Recognises a rendered page; provided by the caller because the OCR pool lives elsewhere. */
  ocr(page: number, image: RenderedPage): Promise<OcrPage>;
  progress(update: { pagesRead: number; totalPages: number; ocrPages: number; ocrPending: number }): void;
  /** Rendered pages waiting for OCR at most at once (each is a few MB of PNG). */
  maxPendingOcr: number;
}

/**
 * Reads every page: the text layer where there is one, OCR where there is not. Rendering the
 * next page overlaps with OCR of the previous ones, up to `maxPendingOcr` pages in flight.
 */
export async function readPdf(data: Uint8Array, hooks: PdfReadHooks, limits = PDF_LIMITS): Promise<ReadDocument> {
  const warnings: ReadWarning[] = [];
  // Before opening: pdf.js takes ownership of the bytes.
  if (oversizedImageCount(data, limits) > 0) {
    warnings.push({
      code: 'image-too-large',
      message: 'An image in this PDF is too large to read, so its text (if any) was skipped.',
      page: null,
    });
  }
  const pdf = await openPdf(data, limits);
  try {
    const total = pdf.pageCount;
    const pages: PageItems[] = [];
    const ocrPages: number[] = [];
    const inFlight = new Set<Promise<void>>();
    let pagesRead = 0;
    const budget: TextBudget = { chunks: 0 };
    const report = (): void => hooks.progress({ pagesRead, totalPages: total, ocrPages: ocrPages.length, ocrPending: inFlight.size });
    const unreadable = (page: number): void => {
      warnings.push({ code: 'page-unreadable', message: `Page ${page} could not be read and was skipped.`, page });
    };
    report();

    for (let number = 1; number <= total; number++) {
      let items: PageItems;
      try {
        items = await pageItems(pdf, number, budget, limits);
      } catch (error) {
        // Past the text budget the whole document stops: its next page would be the same.
        if (error instanceof DocumentError) throw error;
        items = { number, width: 1, height: 1, items: [] };
      }
      if (!needsOcr(items, limits)) {
        pages[number - 1] = items;
        pagesRead++;
        report();
        continue;
      }
      ocrPages.push(number);
      while (inFlight.size >= hooks.maxPendingOcr) await Promise.race(inFlight);
      let image: RenderedPage;
      try {
        image = await renderPage(pdf, number, limits);
      } catch {
        unreadable(number);
        pages[number - 1] = items;
        pagesRead++;
        report();
        continue;
      }
      const job = hooks
        .ocr(number, image)
        .then(
          (ocr) => {
            // The OCR words replace the thin text layer (which OCR reads again anyway).
            pages[number - 1] = { number, width: image.width, height: image.height, items: ocr.items };
            if (ocr.items.length === 0) {
              warnings.push({ code: 'ocr-empty-page', message: `No text was recognised on page ${number}.`, page: number });
            }
          },
          () => {
            unreadable(number);
            pages[number - 1] = items;
          },
        )
        .finally(() => {
          inFlight.delete(job);
          pagesRead++;
          report();
        });
      inFlight.add(job);
      report();
    }
    await Promise.all(inFlight);

    const laidOut = layoutPages(pages);
    let index = 0;
    return {
      fileType: 'pdf',
      pages: laidOut.map((page) => ({
        number: page.number,
        paragraphs: page.paragraphs.map((paragraph) => ({ index: index++, text: paragraph.text, kind: paragraph.kind, ...(paragraph.indented ? { indented: true as const } : {}) })),
      })),
      ocrUsed: ocrPages.length > 0,
      ocrPages,
      warnings: warnings.sort((a, b) => (a.page ?? 0) - (b.page ?? 0)),
      // The worker passes it on only when the caller asked (ReadOptions.layout).
      layout: pages,
    };
  } finally {
    await pdf.parser.destroy().catch(() => undefined);
  }
}
