/**
 * Turning positioned text (pdf.js text items, or OCR words) into paragraphs a citation finder
 * can use. Everything here is pure: positions in, strings out.
 *
 * Coordinates are page units (points for a text layer, pixels for OCR) with the origin at the
 * top left and y growing downward; an item's `y` is its baseline and `height` its font size.
 * Ratios are used throughout, so the same rules work in points and in pixels.
 */

export interface TextItem {
  text: string;
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Font size (or OCR row height). */
  height: number;
}

export interface Line {
  text: string;
  x: number;
  right: number;
  y: number;
  height: number;
  /** The items the line was built from, left to right (reference marks left out); text-map.ts maps text back to them. */
  items?: TextItem[];
}

export interface PageItems {
  number: number;
  width: number;
  height: number;
  items: TextItem[];
}

export interface PageLines {
  number: number;
  width: number;
  height: number;
  lines: Line[];
}

export interface LaidOutParagraph {
  text: string;
  kind: 'body' | 'footnote';
  /** Every line inset from the left margin of the page's text: a block quotation. */
  indented?: true;
}

export interface LaidOutPage {
  number: number;
  paragraphs: LaidOutParagraph[];
}

/**
 * The whole pipeline for a document's pages: margin line numbers out, items into lines,
 * running headers, footers and page numbers out, lines into paragraphs.
 */
export function layoutPages(pages: PageItems[]): LaidOutPage[] {
  const lined = pages.map((page) => ({
    number: page.number,
    width: page.width,
    height: page.height,
    lines: groupIntoLines(stripMarginLineNumbers(page.items, page.width)),
  }));
  return removeRunningHeadersAndFooters(lined).map((page) => ({
    number: page.number,
    paragraphs: buildParagraphs(page.lines),
  }));
}

// ---------------------------------------------------------------------------------------------
// Pleading-paper line numbers

/** Left-margin band where pleading paper prints its 1-28 line numbers. */
const LINE_NUMBER_BAND = 0.16;
const MIN_LINE_NUMBERS = 5;

/**
 * Removes the numbers court pleading paper prints down the left margin (1, 2, ... 28). They sit
 * at the same height as body lines, so if left in they would be glued onto the text ("12 550
 * U.S. 544"). A column of at least five small whole numbers in the left margin, mostly counting
 * upward from top to bottom, is taken to be line numbering; a lone number is left alone.
 */
export function stripMarginLineNumbers(items: TextItem[], pageWidth: number): TextItem[] {
  const candidates = items.filter((item) => {
    const value = item.text.trim();
    return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 50 && item.x + item.width < pageWidth * LINE_NUMBER_BAND;
  });
  if (candidates.length < MIN_LINE_NUMBERS) return items;
  const ordered = [...candidates].sort((a, b) => a.y - b.y);
  let rising = 0;
  for (let i = 1; i < ordered.length; i++) if (Number(ordered[i].text) > Number(ordered[i - 1].text)) rising++;
  if (rising < 0.8 * (ordered.length - 1)) return items;
  const drop = new Set(candidates);
  return items.filter((item) => !drop.has(item));
}

// ---------------------------------------------------------------------------------------------
// Items into lines

/**
 * Groups items sharing a baseline into lines, left to right. Raised small digits (footnote
 * reference marks) are dropped: "(2007).³" would otherwise read "(2007).3" and the next
 * citation's volume could swallow the mark.
 */
export function groupIntoLines(items: TextItem[]): Line[] {
  const visible = items.filter((item) => item.text.trim() !== '' && item.height > 0);
  const sorted = [...visible].sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: { y: number; height: number; items: TextItem[] }[] = [];
  for (const item of sorted) {
    // Lines only ever grow downward in this sweep, so only the last few can still match.
    let target: (typeof groups)[number] | undefined;
    for (let g = groups.length - 1; g >= Math.max(0, groups.length - 3); g--) {
      const group = groups[g];
      if (Math.abs(item.y - group.y) <= 0.5 * Math.max(group.height, item.height)) {
        target = group;
        break;
      }
    }
    if (!target) {
      groups.push({ y: item.y, height: item.height, items: [item] });
      continue;
    }
    target.items.push(item);
    // The line's baseline is that of its largest text, not of a superscript.
    if (item.height > target.height) {
      target.height = item.height;
      target.y = item.y;
    }
  }
  const lines: Line[] = [];
  for (const group of groups) {
    const inline = group.items
      .filter((item) => !isReferenceMark(item, group))
      .sort((a, b) => a.x - b.x);
    if (inline.length === 0) continue;
    let text = '';
    let previous: TextItem | undefined;
    for (const item of inline) {
      if (previous) {
        const gap = item.x - (previous.x + previous.width);
        const spaced = /\s$/.test(text) || /^\s/.test(item.text);
        if (!spaced && gap > 0.15 * group.height) text += ' ';
      }
      text += item.text;
      previous = item;
    }
    const last = inline[inline.length - 1];
    lines.push({
      text: text.replace(/\s+/g, ' ').trim(),
      x: inline[0].x,
      right: last.x + last.width,
      y: group.y,
      height: group.height,
      items: inline,
    });
  }
  return lines.sort((a, b) => a.y - b.y);
}

function isReferenceMark(item: TextItem, line: { y: number; height: number }): boolean {
  return /^\s*(\d{1,3}|[*†‡])\s*$/.test(item.text) && item.height < 0.8 * line.height && item.y < line.y - 0.15 * line.height;
}

// ---------------------------------------------------------------------------------------------
// Running headers, footers and page numbers

/** How far from the top or bottom edge (as a share of page height) a header or footer may sit. */
const MARGIN_ZONE = 0.12;
/** How many lines at each end of a page are considered for removal. */
const EDGE_LINES = 2;

const PAGE_NUMBER = /^(?:page\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlc]{1,7})\s*[-–—]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/**
 * Removes page numbers and running headers and footers: lines within the top or bottom edge of
 * a page that are a page number, or whose text (digits ignored, so "Page 3" matches "Page 4")
 * recurs at an edge on at least half the pages of a document of three or more pages.
 */
export function removeRunningHeadersAndFooters(pages: PageLines[]): PageLines[] {
  const edgeLines = (page: PageLines): Line[] => {
    const ordered = [...page.lines].sort((a, b) => a.y - b.y);
    const top = ordered.slice(0, EDGE_LINES).filter((line) => line.y <= page.height * MARGIN_ZONE);
    const bottom = ordered.slice(-EDGE_LINES).filter((line) => line.y >= page.height * (1 - MARGIN_ZONE));
    return [...new Set([...top, ...bottom])];
  };
  const signature = (text: string): string => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    for (const key of new Set(edgeLines(page).map((line) => signature(line.text)))) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const recurring = (key: string): boolean => pages.length >= 3 && (pagesWith.get(key) ?? 0) >= Math.max(3, pages.length / 2);

  return pages.map((page) => {
    const remove = new Set(edgeLines(page).filter((line) => PAGE_NUMBER.test(line.text.trim()) || recurring(signature(line.text))));
    return remove.size === 0 ? page : { ...page, lines: page.lines.filter((line) => !remove.has(line)) };
  });
}

// ---------------------------------------------------------------------------------------------
// Lines into paragraphs

/** Footnotes are set smaller than body text; this is the largest size ratio taken as "smaller". */
const FOOTNOTE_SIZE_RATIO = 0.88;

/**
 * Rebuilds paragraphs from one page's lines. A trailing run of smaller-type lines below body
 * text is the page's footnotes. Within each part a paragraph starts after an unusually large
 * vertical gap, at a line indented further than the one before it (first-line indent, start
 * of a block quote), at a line outdented from the one before (end of a block quote or heading),
 * or after a short line that ends a sentence.
 */
export function buildParagraphs(lines: Line[]): LaidOutParagraph[] {
  const ordered = [...lines].sort((a, b) => a.y - b.y);
  if (ordered.length === 0) return [];
  const bodySize = median(ordered.map((line) => line.height));
  let footnoteStart = ordered.length;
  while (footnoteStart > 0 && ordered[footnoteStart - 1].height <= FOOTNOTE_SIZE_RATIO * bodySize) footnoteStart--;
  // A page set entirely in small type has no footnotes, only small type.
  if (footnoteStart === 0) footnoteStart = ordered.length;
  return [
    ...splitParagraphs(ordered.slice(0, footnoteStart)).map(({ text, indented }) => ({ text, kind: 'body' as const, ...(indented ? { indented: true as const } : {}) })),
    ...splitParagraphs(ordered.slice(footnoteStart)).map(({ text }) => ({ text, kind: 'footnote' as const })),
  ];
}

function splitParagraphs(lines: Line[]): { text: string; indented: boolean }[] {
  if (lines.length === 0) return [];
  const gaps = lines.slice(1).map((line, i) => line.y - lines[i].y);
  // A low quantile: paragraph breaks are the minority of gaps, so they must not pull this up.
  const usualGap = percentile(gaps, 0.3);
  const left = percentile(lines.map((line) => line.x), 0.1);
  const right = percentile(lines.map((line) => line.right), 0.9);
  const paragraphs: string[][] = [[lines[0].text]];
  const starts = [0];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const previous = lines[i - 1];
    const current = paragraphs[paragraphs.length - 1];
    const size = Math.max(line.height, previous.height);
    const gap = line.y - previous.y;
    // A block quotation is inset on the right as on the left: its lines are measured against
    // its own width, or every line of it would read as a short one ending its paragraph.
    const inset = previous.x > left + size && Math.abs(line.x - previous.x) < size / 2 ? previous.x - left : 0;
    const previousIsShort = previous.right < right - inset - 0.15 * (right - inset - previous.x);
    const startsNew =
      (usualGap > 0 && gap > 1.6 * usualGap && gap > 1.5 * size) ||
      // Indented further: a first-line indent, or the start of a block quote.
      line.x > previous.x + size ||
      // Back out after two or more indented lines: the end of a block quote. (After a single
      // indented line this is just a paragraph's first-line indent.)
      (line.x < previous.x - size && current.length >= 2) ||
      // A short line that ends a sentence, or a short line on its own (a heading).
      (previousIsShort && (/[.:;?!)"”]$/.test(previous.text) || current.length === 1));
    if (startsNew) {
      paragraphs.push([line.text]);
      starts.push(i);
    } else current.push(line.text);
  }
  // A block quotation is set in from the left margin on every line, where a paragraph's first
  // line indent moves only its first: two lines or more, all inset by more than a line's height.
  return paragraphs
    .map((texts, k) => {
      const own = lines.slice(starts[k], k + 1 < starts.length ? starts[k + 1] : lines.length);
      const inset = own.length >= 2 && own.every((l) => l.x > left + 1.5 * l.height);
      return { text: joinLines(texts), indented: inset };
    })
    .filter((p) => p.text !== '');
}

/**
 * Joins a paragraph's lines with spaces, re-joining words hyphenated across a line end
 * ("Twom-" + "bly" → "Twombly"). A hyphen before a capital or a digit is kept: that is a
 * compound or a number range ("Bell-" + "Atlantic", "No. 12-" + "345"), not a line break.
 */
export function joinLines(lines: string[]): string {
  let text = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    if (text === '') text = line;
    else if (/[A-Za-z]\u00ad$/.test(text)) text = text.slice(0, -1) + line;
    else if (/[A-Za-z]-$/.test(text) && !/--$/.test(text) && /^[a-z]/.test(line)) text = text.slice(0, -1) + line;
    else if (/[A-Za-z0-9]-$/.test(text) && !/--$/.test(text) && /^[A-Z0-9]/.test(line)) text += line;
    else text += ' ' + line;
  }
  return text.replace(/\s+/g, ' ').trim();
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
