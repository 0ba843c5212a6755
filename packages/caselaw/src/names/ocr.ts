/**
 * Words as a scanner misreads them. Scanned briefs go through OCR, which swaps letters of
 * similar shape (`Iqbal` → `Igbal`, `Twombly` → `Twornbly`); a name that differs only by such
 * swaps is the same name, and must never be reported as another case.
 */

/** Single characters OCR confuses, both ways (`l`/`1`/`I`, `q`/`g`, `0`/`O`, `e`/`c`, `h`/`b`). */
const SAME_SHAPE: string[][] = [['l', '1', 'i', '|', '!'], ['q', 'g'], ['0', 'o'], ['e', 'c'], ['h', 'b'], ['5', 's'], ['8', 'b']];
const SHAPE_PAIRS = new Set<string>();
for (const group of SAME_SHAPE) for (const x of group) for (const y of group) if (x !== y) SHAPE_PAIRS.add(x + y);

/** Two letters OCR reads as one, and back (`rn` ↔ `m`, `cl` ↔ `d`, `vv` ↔ `w`, `ii` ↔ `u`, `ri` ↔ `n`, `li` ↔ `h`). */
const PAIRS: [string, string][] = [['rn', 'm'], ['cl', 'd'], ['vv', 'w'], ['ii', 'u'], ['ri', 'n'], ['li', 'h']];

/** What a confusion costs, against 1 for any other edit: small, so only real differences count. */
const CONFUSION = 0.1;

function sameShape(a: string, b: string): boolean {
  return SHAPE_PAIRS.has(a + b);
}

/**
 * Edit distance between two lower-case words where OCR confusions cost 0.1 and every other
 * insertion, deletion or substitution 1: below 1 means "the same word, misread".
 * @example ocrDistance('igbal', 'iqbal')     // 0.1
 * @example ocrDistance('twornbly', 'twombly') // 0.1
 * @example ocrDistance('smith', 'smyth')      // 1
 */
export function ocrDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  const d: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 0; i <= n; i++) d[i][0] = i;
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x === y ? 0 : sameShape(x, y) ? CONFUSION : 1));
      for (const [two, one] of PAIRS) {
        if (i >= 2 && a.slice(i - 2, i) === two && y === one) best = Math.min(best, d[i - 2][j - 1] + CONFUSION);
        if (j >= 2 && b.slice(j - 2, j) === two && x === one) best = Math.min(best, d[i - 1][j - 2] + CONFUSION);
      }
      d[i][j] = best;
    }
  }
  return d[n][m];
}
