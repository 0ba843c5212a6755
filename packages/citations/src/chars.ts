/**
 * Character tests written out for the per-citation paths, where a call into a regex for a
 * one-line test (`/^\d+$/`) cost more than the test: thousands of citations each run them.
 */

export const isDigitCode = (c: number) => c >= 48 && c <= 57;
/** A curly apostrophe (`’`, `‘`) as the straight one, as the spelling tries read them (`F. App’x`); any other code as it is. */
export const straightApostrophe = (c: number) => (c === 0x2019 || c === 0x2018 ? 39 : c);
export const isLetterCode = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The four digits of `s` at `p` as a number (the caller has checked they are digits: a year). */
export const fourDigitsAt = (s: string, p: number) => (s.charCodeAt(p) - 48) * 1000 + (s.charCodeAt(p + 1) - 48) * 100 + (s.charCodeAt(p + 2) - 48) * 10 + (s.charCodeAt(p + 3) - 48);

/** `/^\d+$/.test(s)`: one or more ASCII digits and nothing else. */
export function allDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let k = 0; k < s.length; k++) if (!isDigitCode(s.charCodeAt(k))) return false;
  return true;
}

/** `/^[_-]+$/.test(s)`: a blank page as written (`___`, `----`). */
export function isBlankPage(s: string): boolean {
  if (s.length === 0) return false;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c !== 95 && c !== 45) return false;
  }
  return true;
}

/**
 * Whether `String.prototype.trim` removes the code unit `c`: ECMAScript's WhiteSpace and
 * LineTerminator (the space separators, tab, the line breaks, U+FEFF).
 */
export function isTrimmedCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
