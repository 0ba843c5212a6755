/**
 * A PDF's text as its pages hold it, character by character, for mapping the reader's offsets
 * back to where the characters sit on the page (text-map.ts), so a highlight can be drawn over
 * a citation's own words. It lays the pages out exactly as the reader did (layout.ts: margin line
 * numbers, lines, running headers and footers), from the positions the reader kept
 * (`readDocument(..., { layout: true })`): text-layer items for text pages, OCR word boxes for
 * scanned ones. A hyphen ending a line is droppable: the reader re-joins a word broken there.
 */
import { groupIntoLines, removeRunningHeadersAndFooters, stripMarginLineNumbers, type Line, type TextItem } from './layout';
import type { SourceText } from './text-map';
import type { PageLayout } from './types';

export interface PdfTextMap extends SourceText {
  pages: PageLayout[];
  /** Every item a character came from. */
  items: TextItem[];
  /** For each character of `chars`: its page (index into pages), line (numbered across the document), item (index into items) and index in the item's text. */
  pageOf: Int32Array;
  lineOf: Int32Array;
  itemOf: Int32Array;
  charOf: Int32Array;
}

/** A rectangle on a page, in the page layout's own units (points, or OCR pixels), top-left origin. */
export interface PdfBox {
  /** Index into PdfTextMap.pages. */
  page: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Above the baseline and below it, as shares of the font size: where a line's letters sit. */
const ASCENT = 0.82;
const DESCENT = 0.24;

/**
 * @example
 *   const map = pdfTextMap(document.layout!);
 *   const range = mapReaderText(text, map).locate(c.start, c.end);
 *   if (range) pdfBoxes(map, range); // one box per line the citation runs over
 */
export function pdfTextMap(pages: PageLayout[]): PdfTextMap {
  const lined = pages.map((page) => ({
    number: page.number,
    width: page.width,
    height: page.height,
    lines: groupIntoLines(stripMarginLineNumbers(page.items, page.width)),
  }));
  const kept = removeRunningHeadersAndFooters(lined);

  const chars: string[] = [];
  const pageOf: number[] = [];
  const lineOf: number[] = [];
  const itemOf: number[] = [];
  const charOf: number[] = [];
  const dropAt: number[] = [];
  const items: TextItem[] = [];
  let lineNumber = 0;
  kept.forEach((page, pageIndex) => {
    for (const line of page.lines as Line[]) {
      const lineStart = chars.length;
      for (const item of line.items ?? []) {
        const itemIndex = items.push(item) - 1;
        for (let k = 0; k < item.text.length; k++) {
          const ch = item.text[k];
          if (/\s/.test(ch)) continue;
          chars.push(ch);
          pageOf.push(pageIndex);
          lineOf.push(lineNumber);
          itemOf.push(itemIndex);
          charOf.push(k);
        }
      }
      // The reader joins "Twom-" and "bly" as "Twombly" (layout.ts joinLines).
      const last = chars.length - 1;
      if (last >= lineStart && (chars[last] === '-' || chars[last] === '\u00ad')) dropAt.push(last);
      lineNumber++;
    }
  });
  const droppable = new Uint8Array(chars.length);
  for (const at of dropAt) droppable[at] = 1;
  return {
    chars: chars.join(''),
    droppable,
    pages,
    items,
    pageOf: Int32Array.from(pageOf),
    lineOf: Int32Array.from(lineOf),
    itemOf: Int32Array.from(itemOf),
    charOf: Int32Array.from(charOf),
  };
}

/**
 * Relative widths of the printable ASCII characters (space to tilde) in Times-Roman, the
 * metrics of most briefs' type (Adobe's AFM, 1/1000 em): a text item carries only its total
 * width, and sharing it out by these puts a citation's first and last letters within a
 * fraction of a letter of where they are, where an even share is off by whole letters
 * ("Illinois" is narrow, "MW" wide). Other characters count as a lower-case letter.
 */
const WIDTHS = [
  250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 278, 278, 564, 564, 564, 444,
  921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556, 611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500,
  333, 444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480, 200, 480, 541,
];
const widthOf = (ch: string): number => {
  const code = ch.charCodeAt(0);
  return code >= 32 && code < 127 ? WIDTHS[code - 32] : 500;
};

/** Where each character of an item starts, as a share of the item's width (one more entry: the end). */
const shares = new WeakMap<TextItem, Float64Array>();
function sharesOf(item: TextItem): Float64Array {
  let cut = shares.get(item);
  if (!cut) {
    cut = new Float64Array(item.text.length + 1);
    let total = 0;
    for (let k = 0; k < item.text.length; k++) {
      cut[k] = total;
      total += widthOf(item.text[k]);
    }
    cut[item.text.length] = total;
    for (let k = 0; k <= item.text.length; k++) cut[k] = total > 0 ? cut[k] / total : k / Math.max(1, item.text.length);
    shares.set(item, cut);
  }
  return cut;
}

/**
 * The rectangles covering characters `from` to `to` (inclusive): one per line they run over,
 * from the first character's left edge to the last one's right edge. Items carry no per-glyph
 * positions; a character's place in its item is its share of the item's width (WIDTHS).
 */
export function pdfBoxes(map: PdfTextMap, range: { from: number; to: number }): PdfBox[] {
  const boxes: PdfBox[] = [];
  let current: (PdfBox & { line: number }) | null = null;
  for (let i = range.from; i <= range.to; i++) {
    const item = map.items[map.itemOf[i]];
    const k = map.charOf[i];
    const cut = sharesOf(item);
    const left = item.x + item.width * cut[k];
    const right = item.x + item.width * cut[k + 1];
    const top = item.y - ASCENT * item.height;
    const bottom = item.y + DESCENT * item.height;
    const line = map.lineOf[i];
    if (current && current.line === line) {
      current.left = Math.min(current.left, left);
      current.right = Math.max(current.right, right);
      current.top = Math.min(current.top, top);
      current.bottom = Math.max(current.bottom, bottom);
      continue;
    }
    current = { page: map.pageOf[i], line, left, top, right, bottom };
    boxes.push(current);
  }
  return boxes.map(({ page, left, top, right, bottom }) => ({ page, left, top, right, bottom }));
}
