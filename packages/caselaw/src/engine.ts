/**
 * Everything this package takes from the citation engine, in one place: the reporter
 * catalogue, so the index, the plausibility rules and the parser agree on what `F.3d` is.
 */
import { findReporter } from '@citecheck/citations';
import type { Citation } from '@citecheck/citations';

export { findReporter };
export type { Citation };
export type ReporterEntry = NonNullable<ReturnType<typeof findReporter>>;

const canonicalCache = new Map<string, string>();

/**
 * The canonical spelling of a reporter as CourtListener's bulk data or an API answer writes
 * it (`F. 3d` → `F.3d`). Unknown reporters keep their spelling, whitespace collapsed, so they
 * still match themselves. Memoised: the importer calls this 18 million times over a few
 * thousand distinct strings.
 */
export function canonicalReporter(raw: string): string {
  let hit = canonicalCache.get(raw);
  if (hit === undefined) {
    hit = findReporter(raw)?.canonical ?? raw.trim().replace(/\s+/g, ' ');
    canonicalCache.set(raw, hit);
  }
  return hit;
}
