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


/** The pairs as character codes, for the distance's inner loop. */
const PAIR_CODES: [number, number, number][] = PAIRS.map(([two, one]) => [two.charCodeAt(0), two.charCodeAt(1), one.charCodeAt(0)]);
/** Single look-alikes as a table of ASCII code pairs (128 x 128), and the letters any pair involves. */
const SHAPE_TABLE = new Uint8Array(128 * 128);
for (const pair of SHAPE_PAIRS) if (pair.charCodeAt(0) < 128 && pair.charCodeAt(1) < 128) SHAPE_TABLE[pair.charCodeAt(0) * 128 + pair.charCodeAt(1)] = 1;
const IN_PAIR = new Uint8Array(128);
for (const [t0, t1, one] of PAIR_CODES) IN_PAIR[t0] = IN_PAIR[t1] = IN_PAIR[one] = 1;

/**
 * Edit distance between two lower-case words where OCR confusions cost 0.1 and every other
 * insertion, deletion or substitution 1: below 1 means "the same word, misread". With `limit`,
 * any result at or above it may be returned as soon as it is certain (the comparison only asks
 * "below 1?" or "below 2?", and most word pairs are far apart).
 * @example ocrDistance('igbal', 'iqbal')     // 0.1
 * @example ocrDistance('twornbly', 'twombly') // 0.1
 * @example ocrDistance('smith', 'smyth')      // 1
 */
export function ocrDistance(a: string, b: string, limit = Infinity): number {
  const n = a.length;
  const m = b.length;
  // Rows of the table as typed arrays (three kept: a pair looks two rows back); no string is
  // made inside the loop, which runs for every word pair a name comparison tries.
  const width = m + 1;
  let back2 = new Float64Array(width);
  let prev = new Float64Array(width);
  let cur = new Float64Array(width);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const x = a.charCodeAt(i - 1);
    const xPrev = i >= 2 ? a.charCodeAt(i - 2) : -1;
    let rowMin = cur[0];
    for (let j = 1; j <= m; j++) {
      const y = b.charCodeAt(j - 1);
      const sub = x === y ? 0 : x < 128 && y < 128 && SHAPE_TABLE[x * 128 + y] === 1 ? CONFUSION : 1;
      let best = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + sub);
      if ((x < 128 && IN_PAIR[x] === 1) || (y < 128 && IN_PAIR[y] === 1)) {
        const yPrev = j >= 2 ? b.charCodeAt(j - 2) : -1;
        for (let p = 0; p < PAIR_CODES.length; p++) {
          const pc = PAIR_CODES[p];
          // two letters of `a` read as one of `b`, and back
          if (xPrev === pc[0] && x === pc[1] && y === pc[2]) best = Math.min(best, back2[j - 1] + CONFUSION);
          if (yPrev === pc[0] && y === pc[1] && x === pc[2]) best = Math.min(best, prev[j - 2] + CONFUSION);
        }
      }
      cur[j] = best;
      if (best < rowMin) rowMin = best;
    }
    // Every path to the end passes through this row or the next (pairs skip one): give up once both are past the limit.
    if (rowMin >= limit && i >= 2) {
      let prevMin = Infinity;
      for (let j = 0; j <= m; j++) if (prev[j] < prevMin) prevMin = prev[j];
      if (prevMin >= limit) return limit;
    }
    const t = back2;
    back2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m];
}

/** OCR look-alikes, pairs first (`rn` → `m` before `r` and `n` are looked at), then single letters. */
const FOLD_PAIRS: [RegExp, string][] = [[/rn/g, 'm'], [/cl/g, 'd'], [/vv/g, 'w'], [/ii/g, 'u'], [/ri/g, 'n'], [/li/g, 'h']];
const SINGLE: Record<string, string> = { '1': 'l', i: 'l', '|': 'l', '!': 'l', q: 'g', '0': 'o', c: 'e', b: 'h', '8': 'h', '5': 's' };

/** A word folded so that OCR misreadings of it coincide (see ocr.ts for the confusions). */
export function ocrFold(word: string): string {
  let w = word;
  for (const [re, to] of FOLD_PAIRS) if (w.length > 1) w = w.replace(re, to);
  let out = '';
  for (const ch of w) out += SINGLE[ch] ?? ch;
  return out;
}

