/**
 * Pin cites as page ranges: `1006` → 1006; `1006-07` and `1006-1007` → 1006 to 1007;
 * `1006, 1008` → two; `1006 n.3` → 1006 (a footnote is on its page). A pin that names no
 * page of the reporter (`*3` in a Westlaw citation, `¶ 12`, `passim`) gives null.
 */
export type PageRange = [number, number];

/**
 * @example pinPages('556-57') // [[556, 557]]
 * @example pinPages('570 n.14') // [[570, 570]]
 * @example pinPages('*3') // null
 */
export function pinPages(pin: string | null | undefined): PageRange[] | null {
  if (!pin) return null;
  const text = pin
    .replace(/\s*(?:&|and)?\s*nn?\.\s*\d+(?:\s*[-–—]\s*\d+)?/gi, '')
    .replace(/\s*\([^)]*\)/g, '')
    .trim();
  if (!text || /[*¶§]|passim/i.test(text)) return null;
  const ranges: PageRange[] = [];
  for (const part of text.split(/\s*(?:,|&|\band\b)\s*/)) {
    if (!part) continue;
    const m = /^(\d{1,6})(?:\s*[-–—]\s*(\d{1,6}))?$/.exec(part);
    if (!m) return null;
    const a = Number(m[1]);
    let b = a;
    if (m[2]) {
      // `1006-07`: the second number gives the last digits.
      b = m[2].length < m[1].length ? Number(m[1].slice(0, m[1].length - m[2].length) + m[2]) : Number(m[2]);
      if (b < a) return null;
    }
    ranges.push([a, b]);
  }
  return ranges.length ? ranges : null;
}

/** Whether any of `pages` (labels) falls in `ranges`. */
export function pinCovers(ranges: PageRange[], pages: string[]): boolean {
  for (const p of pages) {
    if (!/^\d+$/.test(p)) continue;
    const n = Number(p);
    for (const [a, b] of ranges) if (n >= a && n <= b) return true;
  }
  return false;
}
