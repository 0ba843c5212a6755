/**
 * The local citation index: CourtListener's tables cut down to what a lookup needs, the
 * Caselaw Access Project's case lists, and what the verdicts reason from (per volume: which
 * citation types and decision years it holds; per case: the words it is found by). Reporters
 * are interned (18 million citations share a few thousand reporter strings) and stored in
 * canonical form, so the index agrees with the citation engine.
 */
import { dirname, join, resolve } from 'node:path';

/** Bumped when the layout changes; an index of another version must be imported again. */
export const SCHEMA_VERSION = '4';

export const CREATE_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE reporters (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE citations (
  id INTEGER PRIMARY KEY,
  reporter_id INTEGER NOT NULL,
  -- an integer, or the text CourtListener has for volumes that are not numbers ('1975-2' of Trade Cas.):
  -- INTEGER affinity stores numbers as integers (JavaScript numbers arrive as reals) and keeps such text as text
  volume INTEGER NOT NULL,
  page TEXT NOT NULL,
  -- the sort key for "which case contains page P": the page's leading number ('111279-U' -> 111279),
  -- minus the value of a Roman-numeral page (front matter: 'xii' -> -12), null for anything else
  page_num INTEGER,
  cluster_id INTEGER NOT NULL,
  -- CourtListener's citation type: 1 federal, 2 state, 3 state regional, 4 specialty, 5 early
  -- Supreme Court, 6 Lexis, 7 West, 8 neutral, 9 journal (cl/search/models.py, BaseCitation)
  type INTEGER
);
-- court_id is copied from the docket when the index is built, so a lookup reads one row per case
CREATE TABLE clusters (id INTEGER PRIMARY KEY, case_name TEXT NOT NULL, case_name_short TEXT, date_filed TEXT, docket_id INTEGER, court_id TEXT);
CREATE TABLE dockets (id INTEGER PRIMARY KEY, court_id TEXT);
CREATE TABLE courts (id TEXT PRIMARY KEY, citation_string TEXT, full_name TEXT, jurisdiction TEXT) WITHOUT ROWID;
-- Per reporter volume, what CourtListener's data holds (cases, the citation types seen as a
-- bitmask 1 << type, the span of its decision years without stray dates) and whether the
-- Caselaw Access Project lists every case of it (cap_cases: how many; null: no list).
CREATE TABLE volumes (reporter_id INTEGER NOT NULL, volume INTEGER NOT NULL, cases INTEGER NOT NULL, types INTEGER NOT NULL, first_year INTEGER, last_year INTEGER, cap_cases INTEGER, PRIMARY KEY (reporter_id, volume)) WITHOUT ROWID;
-- The Caselaw Access Project's case lists (CasesMetadata.json of each volume): every case of the
-- volume with its first and last page, by where it starts (two cases may start on one page).
-- path: the case's page on the CAP site, under the site's address (meta cap_url).
CREATE TABLE cap_cases (reporter_id INTEGER NOT NULL, volume INTEGER NOT NULL, first_page INTEGER NOT NULL, cap_id INTEGER NOT NULL, last_page INTEGER, name TEXT NOT NULL, decision_date TEXT, court TEXT, path TEXT, PRIMARY KEY (reporter_id, volume, first_page, cap_id)) WITHOUT ROWID;
-- The pages a case's opinion text spans, from its star pagination (only when an opinions file
-- was imported): a page range where the Caselaw Access Project has none.
CREATE TABLE star_pages (cluster_id INTEGER PRIMARY KEY, first_page INTEGER NOT NULL, last_page INTEGER NOT NULL);
-- Each opinion's text with its page map, in @citecheck/quotes' stored form (Brotli), for
-- checking the words a brief quotes (only when an opinions file was imported). type is
-- CourtListener's (\`020lead\`, \`040dissent\`): a case's opinions are joined in that order.
-- field: which of the opinion's columns the text was read from. An index built before this
-- table existed reads as one without texts.
CREATE TABLE opinion_texts (opinion_id INTEGER PRIMARY KEY, cluster_id INTEGER NOT NULL, type TEXT, field TEXT NOT NULL, chars INTEGER NOT NULL, data BLOB NOT NULL);
-- Court families (names/search-keys.ts, courts.ts): the name search looks within one.
CREATE TABLE families (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
-- Every case by the distinctive words of its name (names/search-keys.ts), its court family and
-- its year: the name search is one range scan per word.
CREATE TABLE name_keys (key INTEGER NOT NULL, family INTEGER NOT NULL, year INTEGER NOT NULL, cluster_id INTEGER NOT NULL, PRIMARY KEY (key, family, year, cluster_id)) WITHOUT ROWID;
-- Cases per court family and year: whether the data holds a family's decisions of a year at
-- all (a gap in CourtListener's collection makes a fruitless name search prove nothing).
CREATE TABLE family_years (family INTEGER NOT NULL, year INTEGER NOT NULL, cases INTEGER NOT NULL, PRIMARY KEY (family, year)) WITHOUT ROWID;
-- The same per court: a gap in one court (New Jersey's Supreme Court, Oct 2022 - Jun 2023) is lost in its state's family.
CREATE TABLE court_years (court_id TEXT NOT NULL, year INTEGER NOT NULL, cases INTEGER NOT NULL, PRIMARY KEY (court_id, year)) WITHOUT ROWID;
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
