/**
 * The last index below `count` at which `holds` is true, or -1, by binary search. `holds`
 * must be true up to some index and false after it (as "ends at or before p" is over a list
 * sorted by end): the engine's lists of citations, anchors and paragraphs are all in text order.
 */
export function lastWhere(count: number, holds: (index: number) => boolean): number {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (holds(mid)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The last index of `sorted` (ascending) whose value is at most `value`, or -1: lastWhere for
 * the commonest question, without a closure made for each call (the sentence walks and the
 * reference finder ask it for every citation).
 */
export function lastAtMost(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
