/**
 * The demo index: ~40 well-known real cases in CourtListener's bulk format, and the opinion
 * text of two, so a fresh install can show verdicts and quotation checks with no token and no
 * download. It is NOT authoritative: a citation
 * it lacks stays unverified, never "not found".
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { importBulkData } from './local-index/import';
import type { ImportOptions, ImportReport } from './local-index/import';
import { SCHEMA_VERSION, defaultIndexPath } from './local-index/schema';

/** Folder holding the demo CSVs (courts, dockets, opinion clusters, citations, and the opinion text of a few: `demo/SOURCES.md`). */
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
 * already there (a real one must never be replaced by the demo; a demo one built by an older
 * version is rebuilt). Returns null when nothing was built.
 */
export async function ensureDemoIndex(indexPath = defaultIndexPath(), options: Omit<ImportOptions, 'indexPath' | 'authoritative' | 'source'> = {}): Promise<ImportReport | null> {
  if (existsSync(indexPath)) {
    if (!isOutdatedDemo(indexPath)) return null;
    rmSync(indexPath, { force: true });
  }
  return importBulkData(demoIndexInputs(), { ...options, indexPath, authoritative: false, source: 'demo' });
}

function isOutdatedDemo(indexPath: string): boolean {
  const db = new Database(indexPath, { readonly: true, fileMustExist: true });
  try {
    const meta = new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    // A demo built before it carried opinion texts is rebuilt too, so quotations can be shown.
    return meta.get('source') === 'demo' && (meta.get('schema_version') !== SCHEMA_VERSION || !meta.has('opinion_text_cases'));
  } catch {
    return false; // not an index we recognise: leave it for the operator
  } finally {
    db.close();
  }
}
