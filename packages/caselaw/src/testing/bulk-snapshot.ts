/**
 * A small CourtListener bulk snapshot for download tests: the four files the index needs, as
 * the bucket holds them (`bulk-data/<kind>-<date>.csv.bz2`), plus the neighbours a real
 * listing has (an older snapshot, a newer one still incomplete, files the index does not use).
 *
 * The cases, by volume:
 *   925 F.3d   Smith v. Jones at 1320 (11th Cir.), Doe v. Roe at 1350 (11th Cir.)
 *   926 F.3d   Gamma v. Delta at 100 (9th Cir.), Epsilon v. Zeta at 300 (11th Cir.)
 *   927 F.3d   Eta v. Theta at 50 (9th Cir.)
 *   550 U.S.   Alpha v. Beta at 544 (Supreme Court)
 *   2019 WL    Doe v. Roe at 123456
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bulkCsv, bzip2, pgCopyCsv } from './fake-bulk-data';

export const SNAPSHOT_DATE = '2026-10-31';

export interface SnapshotTables {
  courts: string;
  dockets: string;
  clusters: string;
  citations: string;
}

const STAMP = '2026-10-31 02:15:00.000000+00';

export function snapshotTables(): SnapshotTables {
  return {
    courts: bulkCsv(
      ['id', 'date_modified', 'in_use', 'position', 'citation_string', 'short_name', 'full_name', 'jurisdiction'],
      [
        ['scotus', STAMP, 't', '1.0', 'SCOTUS', 'Supreme Court', 'Supreme Court of the United States', 'F'],
        ['ca9', STAMP, 't', '9.0', '9th Cir.', 'Ninth Circuit', 'Court of Appeals for the Ninth Circuit', 'F'],
        ['ca11', STAMP, 't', '11.0', '11th Cir.', 'Eleventh Circuit', 'Court of Appeals for the Eleventh Circuit', 'F'],
      ],
    ),
    dockets: bulkCsv(
      ['id', 'date_created', 'date_modified', 'source', 'court_id', 'case_name', 'slug', 'docket_number'],
      [
        [1, STAMP, STAMP, 0, 'ca11', 'Smith v. Jones', 'smith-v-jones', '17-1'],
        [2, STAMP, STAMP, 0, 'ca11', 'Doe v. Roe', 'doe-v-roe', '17-2'],
        [3, STAMP, STAMP, 0, 'scotus', 'Alpha v. Beta', 'alpha-v-beta', '05-1126'],
        [4, STAMP, STAMP, 0, 'ca9', 'Gamma v. Delta', 'gamma-v-delta', '18-4'],
        [5, STAMP, STAMP, 0, 'ca11', 'Epsilon v. Zeta', 'epsilon-v-zeta', '18-5'],
        [6, STAMP, STAMP, 0, 'ca9', 'Eta v. Theta', 'eta-v-theta', '18-6'],
        [99, STAMP, STAMP, 1, 'cand', 'A PACER docket with no opinion', 'pacer', '3:20-cv-1'],
      ],
    ),
    clusters: bulkCsv(
      ['id', 'date_created', 'date_modified', 'judges', 'date_filed', 'date_filed_is_approximate', 'slug', 'case_name_short', 'case_name', 'case_name_full', 'syllabus', 'precedential_status', 'docket_id', 'citation_count'],
      [
        [10, STAMP, STAMP, '', '2019-06-04', 'f', 'smith-v-jones', 'Smith', 'Smith v. Jones', '', 'A syllabus, with "quotes" and a comma.', 'Published', 1, 3],
        [11, STAMP, STAMP, '', '2019-06-10', 'f', 'doe-v-roe', 'Doe', 'Doe v. Roe', '', '', 'Published', 2, 0],
        [12, STAMP, STAMP, '', '2007-05-21', 'f', 'alpha-v-beta', 'Alpha', 'Alpha v. Beta', '', '', 'Published', 3, 9],
        [13, STAMP, STAMP, '', '2019-06-12', 'f', 'gamma-v-delta', 'Gamma', 'Gamma v. Delta', '', '', 'Published', 4, 0],
        [14, STAMP, STAMP, '', '2019-06-13', 'f', 'epsilon-v-zeta', 'Epsilon', 'Epsilon v. Zeta', '', '', 'Published', 5, 0],
        [15, STAMP, STAMP, '', '2019-06-20', 'f', 'eta-v-theta', 'Eta', 'Eta v. Theta', '', '', 'Published', 6, 0],
      ],
    ),
    citations: bulkCsv(
      ['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'],
      [
        [100, 925, 'F.3d', '1320', 1, 10, STAMP, STAMP],
        [101, 925, 'F.3d', '1350', 1, 11, STAMP, STAMP],
        [102, 550, 'U.S.', '544', 1, 12, STAMP, STAMP],
        [103, 926, 'F.3d', '100', 1, 13, STAMP, STAMP],
        [104, 926, 'F.3d', '300', 1, 14, STAMP, STAMP],
        [105, 927, 'F.3d', '50', 1, 15, STAMP, STAMP],
        [106, 2019, 'WL', '123456', 7, 11, STAMP, STAMP],
      ],
    ),
  };
}

/** The opinions file's columns, in CourtListener's order (cl/search/models.py Opinion, as the bulk export writes them). */
export const OPINION_COLUMNS = [
  'id', 'date_created', 'date_modified', 'author_str', 'per_curiam', 'joined_by_str', 'type', 'sha1', 'page_count', 'download_url', 'local_path',
  'plain_text', 'html', 'html_lawbox', 'html_columbia', 'html_anon_2020', 'xml_harvard', 'html_with_citations', 'extracted_by_ocr', 'author_id', 'cluster_id',
];

const star = (page: number): string => `<span citation-index="1" class="star-pagination" label="${page}"> *${page} </span>`;

/**
 * Opinion texts for the snapshot: Smith v. Jones (925 F.3d 1320) in html_with_citations with
 * star pagination (pages 1320-1323), its dissent in older HTML; Alpha v. Beta (550 U.S. 544)
 * in plain text only (no page labels); Gamma v. Delta with no text in any field; and an
 * opinion of a cluster the snapshot does not have.
 */
export function opinionsTable(dialect: 'quote' | 'backtick' = 'quote'): string {
  const row = (id: number, type: string, fields: Partial<Record<string, string>>, clusterId: number): (string | number | boolean | null)[] =>
    OPINION_COLUMNS.map((c) =>
      c === 'id' ? id : c === 'type' ? type : c === 'cluster_id' ? clusterId : c === 'date_created' || c === 'date_modified' ? STAMP : c === 'per_curiam' || c === 'extracted_by_ocr' ? false : c === 'author_id' || c === 'page_count' ? null : (fields[c] ?? ''),
    );
  const smith =
    '<div class="opinion"><p>Before the court is an appeal from the district court\'s order.</p>' +
    `<p>We review the grant of summary judgment de novo. ${star(1321)} A district court must view the evidence in the light most favorable to the nonmoving party, and it may not weigh the "credibility" of witnesses.</p>` +
    `<p>The contract did not require the buyer to give notice within thirty days.${star(1322)}</p><p>Because the seller never objected, the buyer's delay did not forfeit its claim. ${star(1323)} We therefore reverse.</p></div>`;
  return pgCopyCsv(
    OPINION_COLUMNS,
    [
      row(1000, '020lead', { html_with_citations: smith, author_str: 'Judge Smith', sha1: 'a'.repeat(40), download_url: 'https://media.ca11.uscourts.gov/opinions/pub/files/201712345.pdf' }, 10),
      row(1001, '040dissent', { html: '<p>I would affirm: the buyer had every reason to object.</p><span class="star-pagination">*1324</span><p>I respectfully dissent.</p>' }, 10),
      row(1002, '010combined', { plain_text: 'The question presented is whether the complaint states a plausible claim for relief. We hold that it does not.' }, 12),
      row(1003, '020lead', {}, 13),
      row(1004, '020lead', { plain_text: 'An opinion of a case this snapshot does not hold.' }, 999),
    ],
    dialect,
  );
}

const FILE_NAMES: Record<keyof SnapshotTables, string> = { courts: 'courts', dockets: 'dockets', clusters: 'opinion-clusters', citations: 'citations' };

/** This snapshot, opinions included, as the plain CSV files `caselaw import` reads from a folder (made if missing). */
export function writeSnapshotFolder(folder: string): string {
  mkdirSync(folder, { recursive: true });
  const tables = snapshotTables();
  for (const kind of Object.keys(FILE_NAMES) as (keyof SnapshotTables)[]) writeFileSync(join(folder, `${FILE_NAMES[kind]}-${SNAPSHOT_DATE}.csv`), tables[kind]);
  writeFileSync(join(folder, `opinions-${SNAPSHOT_DATE}.csv`), opinionsTable());
  return folder;
}

/** The bucket's objects: this snapshot (tables overridable), an older one, and noise. */
export function bucketObjects(overrides: Partial<Record<keyof SnapshotTables, string | Buffer>> = {}, date = SNAPSHOT_DATE): Record<string, Buffer> {
  const tables = snapshotTables();
  const objects: Record<string, Buffer> = {};
  for (const kind of Object.keys(FILE_NAMES) as (keyof SnapshotTables)[]) {
    const body = overrides[kind] ?? tables[kind];
    objects[`bulk-data/${FILE_NAMES[kind]}-${date}.csv.bz2`] = Buffer.isBuffer(body) ? body : bzip2(body);
  }
  // An older complete snapshot (never to be chosen), a newer one still being published
  // (no citations file yet), and files the index does not read.
  for (const kind of Object.keys(FILE_NAMES) as (keyof SnapshotTables)[]) objects[`bulk-data/${FILE_NAMES[kind]}-2026-09-30.csv.bz2`] = bzip2('"id"\n');
  objects['bulk-data/courts-2026-11-30.csv.bz2'] = bzip2(tables.courts);
  objects[`bulk-data/opinions-${date}.csv.bz2`] = bzip2(opinionsTable());
  objects['bulk-data/citation-map-2026-10-31.csv.bz2'] = Buffer.from('not needed');
  objects['bulk-data/people-db-people-2026-10-31.csv.bz2'] = Buffer.from('not needed');
  objects['other/readme.txt'] = Buffer.from('outside the prefix');
  return objects;
}

/** One case of a CAP CasesMetadata.json, in the site's shape (harvard-lil/capstone, scripts/export_cap_static.py). */
export function capCase(id: number, name: string, cite: string, first: string, last: string, decisionDate: string, court: string): Record<string, unknown> {
  return {
    id, name, name_abbreviation: name, decision_date: decisionDate, docket_number: `No. ${id}`, first_page: first, last_page: last,
    citations: [{ type: 'official', cite }], court: { name_abbreviation: court, id: 1, name: court }, jurisdiction: { id: 1, name_long: 'United States', name: 'U.S.' },
    cites_to: [], analysis: {}, last_updated: '2023-12-01T01:01:01.0000001+00:00', provenance: { date_added: '2023-12-01', source: 'Harvard', batch: '2018' },
    file_name: `${first.padStart(4, '0')}-01`, first_page_order: Number(first) + 20, last_page_order: Number(last) + 20,
  };
}

/**
 * A Caselaw Access Project static site: `ReportersMetadata.json`, each reporter's
 * `VolumesMetadata.json`, each volume's `CasesMetadata.json`, from `{ slug: { shortName, volumes: { folder: cases } } }`.
 */
export function capSite(reporters: Record<string, { shortName: string; volumes: Record<string, Record<string, unknown>[]> }>): Record<string, string> {
  const files: Record<string, string> = {};
  files['ReportersMetadata.json'] = JSON.stringify(Object.entries(reporters).map(([slug, r], i) => ({ id: i + 1, full_name: r.shortName, short_name: r.shortName, start_year: 1900, end_year: 2018, jurisdictions: [], harvard_hollis_id: [], slug })));
  for (const [slug, r] of Object.entries(reporters)) {
    files[`${slug}/VolumesMetadata.json`] = JSON.stringify(
      Object.keys(r.volumes).map((folder) => ({ volume_number: folder.replace(/-\d+$/, ''), title: null, publisher: null, publication_year: null, id: `${slug}-${folder}`, volume_folder: folder, reporter_slug: slug })),
    );
    for (const [folder, cases] of Object.entries(r.volumes)) files[`${slug}/${folder}/CasesMetadata.json`] = JSON.stringify(cases);
  }
  return files;
}

/**
 * CAP for the download tests: 925 F.3d lists Smith v. Jones 1320-1342, Doe v. Roe 1350-1360 and a
 * case CourtListener's snapshot lacks, Kappa v. Lambda 1370-1380; 928 F.3d, a volume the snapshot
 * holds nothing of, lists Mu v. Nu 1-12.
 */
export function capVolume925(): Record<string, string> {
  return capSite({
    f3d: {
      shortName: 'F.3d',
      volumes: {
        '925': [
          capCase(1, 'Smith v. Jones', '925 F.3d 1320', '1320', '1342', '2019-06-04', '11th Cir.'),
          capCase(2, 'Doe v. Roe', '925 F.3d 1350', '1350', '1360', '2019-06-10', '11th Cir.'),
          capCase(3, 'Kappa v. Lambda', '925 F.3d 1370', '1370', '1380', '2019-06-11', '11th Cir.'),
        ],
        '928': [capCase(4, 'Mu v. Nu', '928 F.3d 1', '1', '12', '2019-07-01', '9th Cir.')],
      },
    },
  });
}
