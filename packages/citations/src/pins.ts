/**
 * Pin cites: the part of a citation that points into the case (`556`, `556-57`, `*3`,
 * `570 n.14`, `¶ 34`, `119:12-14`, `pp. 45, 64`, `7-9, ¶¶ 38-53`). The grammar follows
 * eyecite's: an optional label, a page, page range or page:line, and more of them after
 * commas; a pin must be followed by punctuation, a parenthetical or the end, so that a
 * parallel citation's volume (`, 1 S. Ct. 2`) is never read as a pin.
 */

const LABEL = String.raw`(?:(?:(?:& {0,2})?note|(?:& {0,2})?nn?\.?|(?:& {0,2})?fn?\.?|¶{1,2}|§{1,2}|\*{1,4}|pg\.?|pp?\.?) {0,2})?`;
const PAGE = String.raw`(?:\d{1,6}:\d{1,6}(?:-\d{1,6}(?::\d{1,6})?)?|\*?\d{1,6}(?:-\d{1,6})?)`;
// `570 n.14`, `570 & n.14`: a footnote after the page belongs to the same pin.
const NOTE = String.raw`(?: {1,2}(?:& {0,2})?nn?\. {0,2}\d{1,4}(?:-\d{1,4})?)?`;
/** One pin: `556`, `¶ 34`, `*10`, `119:12-14`, `570 n.14`. */
export const PIN_TOKEN = `${LABEL}${PAGE}${NOTE}`;
/** Pins separated by commas, ending where a pin may end. */
export const PIN_LIST = String.raw`${PIN_TOKEN}(?:, {0,2}${PIN_TOKEN})*(?=[,.;:)\]\\]| {0,2}[(\[]| {0,2}$)`;

const PIN_AFTER = new RegExp(String.raw`,? {0,3}(?:at {1,3})?(${PIN_LIST})`, 'y');

// The characters a pin begins with: a page's digit or `*`, or a label's first (`& n.`, `n.`,
// `fn.`, `¶`, `§`, `pg.`, `p.`).
const PIN_FIRST = new Uint8Array(256);
for (const c of '0123456789*&nf\u00b6\u00a7p') PIN_FIRST[c.charCodeAt(0)] = 1;
const SPACE = 32;

/**
 * Whether PIN_AFTER may match at `pos`: after its comma, spaces and `at` (each optional), a
 * character a pin begins with. Asked before the pattern is run at each citation's end: about
 * two in three have no pin (` (2d Cir. 2007)`, `. The`), and the pattern, failing there after
 * trying each label, cost more than reading those few characters.
 */
function pinMayFollow(text: string, pos: number): boolean {
  let q = pos;
  if (text.charCodeAt(q) === 44 /* , */) q++;
  for (const limit = q + 3; q < limit && text.charCodeAt(q) === SPACE; ) q++;
  if (text.charCodeAt(q) === 97 /* a */ && text.charCodeAt(q + 1) === 116 /* t */ && text.charCodeAt(q + 2) === SPACE) {
    q += 3;
    for (const limit = q + 2; q < limit && text.charCodeAt(q) === SPACE; ) q++;
  }
  const c = text.charCodeAt(q);
  return c < 256 && PIN_FIRST[c] === 1;
}

/**
 * The pin cites right after `pos` (`, 556-57`, `, at *3`), as written with spaces squeezed,
 * and where they end; none when they would run into `limit` (the next citation).
 */
export function readPins(text: string, pos: number, limit: number): { pins: string | null; end: number } {
  if (!pinMayFollow(text, pos)) return { pins: null, end: pos };
  PIN_AFTER.lastIndex = pos;
  const m = PIN_AFTER.exec(text);
  if (!m || PIN_AFTER.lastIndex > limit) return { pins: null, end: pos };
  // Squeezed only where there is something to squeeze (most pins are written `556`).
  const written = m[1];
  const pins = written.includes('  ') || written.charCodeAt(0) <= 32 || written.charCodeAt(0) >= 0x80 ? written.replace(/ {2,}/g, ' ').replace(/^\s+/, '') : written;
  return { pins, end: PIN_AFTER.lastIndex };
}
