/**
 * The demo index: ~40 well-known real cases in CourtListener's bulk format, so a fresh
 * install can show verdicts with no token and no download. It is NOT authoritative: a citation
 * it lacks stays unverified, never "not found".
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importBulkData } from './local-index/import';
import type { ImportOptions, ImportReport } from './local-index/import';
import { defaultIndexPath } from './local-index/schema';

/** Folder holding the demo CSVs (courts, dockets, opinion clusters, citations). */
export const DEMO_DIR = join(__dirname, '..', 'demo');

/** Paths of the demo CSVs, for importBulkData. */
export function demoIndexInputs(): string[] {
  return readdirSync(DEMO_DIR)
    .filter((n) => n.endsWith('.csv'))
    .sort()
    .map((n) => join(DEMO_DIR, n));
}

/**
 * Builds the demo index at `indexPath` through the regular import path, unless an index is
 * already there (a real one must never be replaced by the demo). Returns null when it was.
 */
export async function ensureDemoIndex(indexPath = defaultIndexPath(), options: Omit<ImportOptions, 'indexPath' | 'authoritative' | 'source'> = {}): Promise<ImportReport | null> {
  if (existsSync(indexPath)) return null;
  return importBulkData(demoIndexInputs(), { ...options, indexPath, authoritative: false, source: 'demo' });
}
