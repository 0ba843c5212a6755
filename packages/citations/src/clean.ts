/**
 * Stage 1, clean: make the text easy to scan WITHOUT changing its length.
 *
 * eyecite's cleaners may shorten the text and then map offsets back; we instead replace
 * character for character, so every offset found in the cleaned text is an offset in the
 * caller's text and `Citation.text` can be sliced from the original. What gets replaced:
 * - line breaks, tabs, non-breaking and other exotic spaces → ' ' (citations broken across
 *   lines, PDF text with U+00A0);
 * - superscript digits (footnote markers glued to a citation: `Id.¹²`, `court.³`) → ' ';
 * - curly quotes and apostrophes → straight ones (`F. App’x`, `Ass’n`);
 * - en/em dashes and the minus sign → '-' (`556–57`);
 * - the soft hyphen and zero-width characters → ' ';
 * - the section sign's full-width cousin → '§'.
 */

const REPLACEMENTS: Record<string, string> = {
  '\n': ' ', '\r': ' ', '\t': ' ', '\f': ' ', '\v': ' ',
  '\u00a0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2009': ' ', '\u200a': ' ', '\u202f': ' ', '\u3000': ' ',
  '\u00ad': ' ', '\u200b': ' ', '\u200c': ' ', '\u200d': ' ', '\ufeff': ' ',
  '\u00b9': ' ', '\u00b2': ' ', '\u00b3': ' ',
  '\u2070': ' ', '\u2074': ' ', '\u2075': ' ', '\u2076': ' ', '\u2077': ' ', '\u2078': ' ', '\u2079': ' ',
  '\u2018': "'", '\u2019': "'", '\u02bc': "'", '\u201c': '"', '\u201d': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2011': '-',
  '\uff06': '&', '\uff0c': ',',
};

// The same table by char code, as a lookup array (0: keep); every replacement is one UTF-16
// unit, so lengths never change.
const BY_CODE = new Uint16Array(0x10000);
for (const [ch, to] of Object.entries(REPLACEMENTS)) BY_CODE[ch.charCodeAt(0)] = to.charCodeAt(0);
const UTF16 = new TextDecoder('utf-16le');

/**
 * Returns text of the same length with the replacements above applied.
 * @example cleanText('550 U.S.\n544, 556–57') // '550 U.S. 544, 556-57'
 */
export function cleanText(text: string): string {
  // Printable ASCII (nearly all of a brief) is skipped with one comparison. Once something
  // needs replacing, the rest is written into a code-unit buffer and decoded once: opinions
  // with a curly quote in every sentence would otherwise be rebuilt from thousands of slices.
  const n = text.length;
  let i = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 || c >= 127) && BY_CODE[c] !== 0) break;
  }
  if (i === n) return text;
  const codes = new Uint16Array(n);
  for (let k = 0; k < i; k++) codes[k] = text.charCodeAt(k);
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    codes[i] = c >= 32 && c < 127 ? c : BY_CODE[c] || c;
  }
  return UTF16.decode(codes);
}
