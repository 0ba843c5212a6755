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

// The same table by char code, for the single linear pass in cleanText.
const BY_CODE = new Map<number, string>(Object.entries(REPLACEMENTS).map(([ch, to]) => [ch.charCodeAt(0), to]));

/**
 * Returns text of the same length with the replacements above applied.
 * @example cleanText('550 U.S.\n544, 556–57') // '550 U.S. 544, 556-57'
 */
export function cleanText(text: string): string {
  // One pass over char codes: printable ASCII (nearly all of a brief) is skipped with a
  // single comparison; the text is rebuilt from unchanged runs only when something is
  // replaced. A character-class regex over a two-byte string is several times slower.
  let parts: string[] | null = null;
  let from = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 32 && c < 127) continue;
    const to = BY_CODE.get(c);
    if (to === undefined) continue;
    if (parts === null) parts = [];
    if (i > from) parts.push(text.slice(from, i));
    parts.push(to);
    from = i + 1;
  }
  if (parts === null) return text;
  if (from < n) parts.push(text.slice(from));
  return parts.join('');
}
