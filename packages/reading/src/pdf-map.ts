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
 * The rectangles covering characters `from` to `to` (inclusive): one per line they run over,
 * from the first character's left edge to the last one's right edge. A character's place in its
 * item is taken in proportion to its index (items carry no per-glyph widths).
 */
export function pdfBoxes(map: PdfTextMap, range: { from: number; to: number }): PdfBox[] {
  const boxes: PdfBox[] = [];
  let current: (PdfBox & { line: number }) | null = null;
  for (let i = range.from; i <= range.to; i++) {
    const item = map.items[map.itemOf[i]];
    const k = map.charOf[i];
    const n = Math.max(1, item.text.length);
    const left = item.x + (item.width * k) / n;
    const right = item.x + (item.width * (k + 1)) / n;
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
