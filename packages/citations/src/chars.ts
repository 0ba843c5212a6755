/**
 * Character tests written out for the per-citation paths, where a call into a regex for a
 * one-line test (`/^\d+$/`) cost more than the test: thousands of citations each run them.
 */

export const isDigitCode = (c: number) => c >= 48 && c <= 57;
export const isLetterCode = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

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
