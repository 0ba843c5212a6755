/**
 * Volumes and pages as CourtListener and the Caselaw Access Project write them: text, because
 * some are not numbers (`1975-2` Trade Cas., Roman-numeral front matter, `111279-U`).
 */

/**
 * A volume as CourtListener writes it: a number, or a number with a part (`1975-2`, the second
 * volume of Trade Cases for 1975), kept as that text. Null for anything else (`x9`, empty).
 */
export function volumeOf(s: string | undefined): number | string | null {
  const t = (s ?? '').trim();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return Number.isSafeInteger(n) ? n : null;
  }
  return /^\d{1,4}-\d{1,2}$/.test(t) ? t : null;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** `xii` → 12, `XIV` → 14; null when the text is not a Roman numeral. */
export function romanValue(s: string): number | null {
  const t = s.toLowerCase();
  if (!/^[ivxlcdm]+$/.test(t)) return null;
  let total = 0;
  for (let i = 0; i < t.length; i++) {
    const v = ROMAN[t[i]];
    const next = i + 1 < t.length ? ROMAN[t[i + 1]] : 0;
    total += v < next ? -v : v;
  }
  // Only numerals written the standard way (`iiii` and `ic` are not page numbers).
  return toRoman(total) === t ? total : null;
}

function toRoman(n: number): string {
  const parts: [number, string][] = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
  let out = '';
  for (const [v, r] of parts) while (n >= v) (out += r), (n -= v);
  return out;
}

/**
 * The sort key of a page: `1339` → 1339, `111279-U` → 111279, a Roman-numeral page of a
 * volume's front matter `xii` → -12 (before every numbered page, never inside a case), `___` → null.
 */
export function pageNumber(page: string): number | null {
  const m = /^(\d+)/.exec(page);
  if (m) return Number(m[1]);
  const roman = romanValue(page);
  return roman === null ? null : -roman;
}

