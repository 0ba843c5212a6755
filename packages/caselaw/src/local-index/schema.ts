/**
 * The local citation index: four CourtListener tables cut down to what a lookup needs, plus
 * a meta table. Reporters are interned (18 million citations share a few thousand reporter
 * strings) and stored in canonical form, so the index agrees with the citation engine.
 */
import { dirname, join, resolve } from 'node:path';

/** Bumped when the layout changes; an index of another version must be imported again. */
export const SCHEMA_VERSION = '3';

export const CREATE_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE reporters (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE citations (
  id INTEGER PRIMARY KEY,
  reporter_id INTEGER NOT NULL,
  volume INTEGER NOT NULL,
  page TEXT NOT NULL,
  -- leading number of the page ('111279-U' -> 111279): the sort key for "which case contains page P"
  page_num INTEGER NOT NULL,
  cluster_id INTEGER NOT NULL
);
-- court_id is copied from the docket when the index is built, so a lookup reads one row per case
CREATE TABLE clusters (id INTEGER PRIMARY KEY, case_name TEXT NOT NULL, case_name_short TEXT, date_filed TEXT, docket_id INTEGER, court_id TEXT);
CREATE TABLE dockets (id INTEGER PRIMARY KEY, court_id TEXT);
CREATE TABLE courts (id TEXT PRIMARY KEY, citation_string TEXT, full_name TEXT) WITHOUT ROWID;
-- What the snapshot holds, per reporter volume: a miss in a complete volume means no such case;
-- a miss anywhere else only means "not in the local data".
CREATE TABLE coverage (reporter_id INTEGER NOT NULL, volume INTEGER NOT NULL, cases INTEGER NOT NULL, complete INTEGER NOT NULL, PRIMARY KEY (reporter_id, volume)) WITHOUT ROWID;
-- First and last page of each case (Caselaw Access Project), keyed by where the case starts.
CREATE TABLE page_ranges (reporter_id INTEGER NOT NULL, volume INTEGER NOT NULL, first_page INTEGER NOT NULL, last_page INTEGER NOT NULL, PRIMARY KEY (reporter_id, volume, first_page)) WITHOUT ROWID;
`;

/**
 * Built after the bulk load: one sort instead of 18 million B-tree inserts; and each case's
 * court copied from its docket (the files may come in any order, so not during the load).
 */
export const CREATE_INDEXES = `
CREATE INDEX citations_address ON citations (reporter_id, volume, page_num, page, cluster_id);
UPDATE clusters SET court_id = (SELECT court_id FROM dockets WHERE dockets.id = clusters.docket_id) WHERE docket_id IS NOT NULL;
`;

/** `<DATA_DIR>/caselaw.sqlite`, DATA_DIR defaulting to `./data` as everywhere in the product. */
export function defaultIndexPath(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(join(env.DATA_DIR ?? './data', 'caselaw.sqlite'));
}

export function indexDir(indexPath: string): string {
  return dirname(resolve(indexPath));
}
