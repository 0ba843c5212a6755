/**
 * A CourtListener bulk snapshot for the whole-product verdict test, written the way
 * CourtListener publishes one (`bulk-data/{courts,dockets,opinion-clusters,citations}-<date>.csv.bz2`,
 * byte for byte PostgreSQL's COPY with CourtListener's options), with CourtListener's kind of
 * holes, plus the Caselaw Access Project's static site (every case of the volumes it lists).
 *
 * It holds the real cases cited in the landing page's sample filing and in the test brief
 * modelled on the filing sanctioned in Mata v. Avianca, Inc., No. 22-cv-1461 (S.D.N.Y. June 22,
 * 2023): their names, decision dates, courts and every reporter citation (official, S. Ct.,
 * L. Ed. 2d), the same facts as the demo data.
 *
 * The holes, as CourtListener's tracker reports them: Celotex keeps its cluster but loses its
 * citation rows; Olympic Airways v. Husain loses its U.S. citation and keeps its S. Ct. one;
 * Eastern Airlines v. Floyd is missing altogether but in CAP's list of 499 U.S.
 *
 * Each volume the fabrications point into also gets stand-in neighbours, named as such, where
 * real cases sit around the fabricated pages:
 *   925 F.3d         a case after page 1339 only, no CAP list (2019): Varghese rests on the name search;
 *   905 F. Supp. 2d  cases at 98 and 130, no CAP list: Petersen's page 121 lies, approximately, in the first;
 *   174 F.3d         cases at 350 (pages 350-361) and 380, in CAP's list: Miller's page 366 lies in neither.
 */
import { capCase, capSite } from '@citecheck/caselaw/testing/bulk-snapshot';
import { bulkCsv, bzip2 } from '@citecheck/caselaw/testing/fake-bulk-data';

export const SNAPSHOT_DATE = '2026-10-31';
const STAMP = '2026-10-31 02:15:00.000000+00';

interface Case {
  name: string;
  short: string;
  court: string;
  date: string;
  /** CourtListener marks a decision date it only knows to the year. */
  approximate?: boolean;
  citations: [number, string, string][];
  /** CourtListener's holes: the cluster without its citation rows (or without the one reporter named), or the case missing. */
  hole?: { kind: 'no-citation'; only?: string } | { kind: 'missing' };
}

/** Real cases, as CourtListener holds them. */
export const REAL_CASES: Case[] = [
  { name: 'Bell Atlantic Corp. v. Twombly', short: 'Twombly', court: 'scotus', date: '2007-05-21', citations: [[550, 'U.S.', '544'], [127, 'S. Ct.', '1955'], [167, 'L. Ed. 2d', '929']] },
  { name: 'Ashcroft v. Iqbal', short: 'Iqbal', court: 'scotus', date: '2009-05-18', citations: [[556, 'U.S.', '662'], [129, 'S. Ct.', '1937'], [173, 'L. Ed. 2d', '868']] },
  { name: 'Air France v. Saks', short: 'Saks', court: 'scotus', date: '1985-03-04', citations: [[470, 'U.S.', '392'], [105, 'S. Ct.', '1338'], [84, 'L. Ed. 2d', '289']] },
  { name: 'El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng', short: 'Tseng', court: 'scotus', date: '1999-01-12', citations: [[525, 'U.S.', '155'], [119, 'S. Ct.', '662'], [142, 'L. Ed. 2d', '576']] },
  { name: 'Zicherman v. Korean Air Lines Co.', short: 'Zicherman', court: 'scotus', date: '1996-01-16', citations: [[516, 'U.S.', '217'], [116, 'S. Ct.', '629'], [133, 'L. Ed. 2d', '596']] },
  { name: 'Celotex Corp. v. Catrett', short: 'Celotex', court: 'scotus', date: '1986-06-25', citations: [[477, 'U.S.', '317'], [106, 'S. Ct.', '2548'], [91, 'L. Ed. 2d', '265']], hole: { kind: 'no-citation' } },
  { name: 'Anderson v. Liberty Lobby, Inc.', short: 'Anderson', court: 'scotus', date: '1986-06-25', citations: [[477, 'U.S.', '242'], [106, 'S. Ct.', '2505'], [91, 'L. Ed. 2d', '202']] },
  { name: 'Olympic Airways v. Husain', short: 'Husain', court: 'scotus', date: '2004-02-24', citations: [[540, 'U.S.', '644'], [124, 'S. Ct.', '1221'], [157, 'L. Ed. 2d', '1146']], hole: { kind: 'no-citation', only: 'U.S.' } },
  { name: 'Eastern Airlines, Inc. v. Floyd', short: 'Floyd', court: 'scotus', date: '1991-04-17', citations: [[499, 'U.S.', '530'], [111, 'S. Ct.', '1489'], [113, 'L. Ed. 2d', '569']], hole: { kind: 'missing' } },
  { name: 'Ehrlich v. American Airlines, Inc.', short: 'Ehrlich', court: 'ca2', date: '2004-07-01', approximate: true, citations: [[360, 'F.3d', '366']] },
];

/** Stand-ins for the other cases of the volumes the fabrications point into (see above). */
export const VOLUME_NEIGHBOURS: Case[] = [
  { name: 'Stand-in Neighbour One v. Volume 925', short: 'Stand-in One', court: 'ca11', date: '2019-06-20', citations: [[925, 'F.3d', '1401']] },
  { name: 'Stand-in Neighbour Two v. Volume 905', short: 'Stand-in Two', court: 'dcd', date: '2012-11-05', citations: [[905, 'F. Supp. 2d', '98']] },
  { name: 'Stand-in Neighbour Three v. Volume 905', short: 'Stand-in Three', court: 'dcd', date: '2012-11-06', citations: [[905, 'F. Supp. 2d', '130']] },
  { name: 'Stand-in Neighbour Four v. Volume 174', short: 'Stand-in Four', court: 'ca2', date: '1999-03-10', citations: [[174, 'F.3d', '350']] },
  { name: 'Stand-in Neighbour Five v. Volume 174', short: 'Stand-in Five', court: 'ca2', date: '1999-03-12', citations: [[174, 'F.3d', '380']] },
];

const COURTS: [string, string, string, string][] = [
  ['scotus', 'SCOTUS', 'Supreme Court', 'Supreme Court of the United States'],
  ['ca2', '2d Cir.', 'Second Circuit', 'Court of Appeals for the Second Circuit'],
  ['ca11', '11th Cir.', 'Eleventh Circuit', 'Court of Appeals for the Eleventh Circuit'],
  ['dcd', 'D.D.C.', 'District of Columbia', 'District Court, District of Columbia'],
];

const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The four bulk files, bzip2-compressed, under the keys the bucket lists them by. */
export function snapshotObjects(date = SNAPSHOT_DATE): Record<string, Buffer> {
  const cases = [...REAL_CASES, ...VOLUME_NEIGHBOURS].filter((c) => c.hole?.kind !== 'missing');
  const courts = bulkCsv(
    ['id', 'date_modified', 'in_use', 'position', 'citation_string', 'short_name', 'full_name', 'jurisdiction'],
    COURTS.map(([id, citation, short, full], i) => [id, STAMP, 't', `${i + 1}.0`, citation, short, full, id === 'dcd' ? 'FD' : 'F']),
  );
  const dockets = bulkCsv(
    ['id', 'date_created', 'date_modified', 'source', 'court_id', 'case_name', 'slug', 'docket_number'],
    cases.map((c, i) => [1000 + i, STAMP, STAMP, 0, c.court, c.name, slug(c.name), '']),
  );
  const clusters = bulkCsv(
    ['id', 'date_created', 'date_modified', 'judges', 'date_filed', 'date_filed_is_approximate', 'slug', 'case_name_short', 'case_name', 'case_name_full', 'syllabus', 'precedential_status', 'docket_id', 'citation_count'],
    cases.map((c, i) => [2000 + i, STAMP, STAMP, '', c.date, c.approximate ? 't' : 'f', slug(c.name), c.short, c.name, '', '', 'Published', 1000 + i, 0]),
  );
  let id = 3000;
  const kept = (c: Case) => (c.hole?.kind === 'no-citation' ? c.citations.filter(([, reporter]) => c.hole!.kind === 'no-citation' && c.hole!.only !== undefined && reporter !== c.hole!.only) : c.citations);
  const citations = bulkCsv(
    ['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'],
    cases.flatMap((c, i) => kept(c).map(([volume, reporter, page]) => [id++, volume, reporter, page, reporter === 'L. Ed. 2d' ? 4 : 1, 2000 + i, STAMP, STAMP])),
  );
  const files = { courts, dockets, 'opinion-clusters': clusters, citations };
  return Object.fromEntries(Object.entries(files).map(([kind, csv]) => [`bulk-data/${kind}-${date}.csv.bz2`, bzip2(csv)]));
}

/**
 * The Caselaw Access Project's site: its lists of 477 U.S. (Anderson 242-273, Celotex 317-339),
 * 499 U.S. (Floyd 530-553, a case CourtListener's snapshot lacks) and 174 F.3d (the two neighbours).
 */
export function capObjects(): Record<string, string> {
  return capSite({
    us: {
      shortName: 'U.S.',
      volumes: {
        '477': [
          capCase(101, 'Anderson v. Liberty Lobby, Inc.', '477 U.S. 242', '242', '273', '1986-06-25', 'U.S.'),
          capCase(102, 'Celotex Corp. v. Catrett', '477 U.S. 317', '317', '339', '1986-06-25', 'U.S.'),
        ],
        '499': [capCase(103, 'Eastern Airlines, Inc. v. Floyd', '499 U.S. 530', '530', '553', '1991-04-17', 'U.S.')],
      },
    },
    f3d: {
      shortName: 'F.3d',
      volumes: {
        '174': [
          capCase(1, 'Stand-in Neighbour Four v. Volume 174', '174 F.3d 350', '350', '361', '1999-03-10', '2d Cir.'),
          capCase(2, 'Stand-in Neighbour Five v. Volume 174', '174 F.3d 380', '380', '391', '1999-03-12', '2d Cir.'),
        ],
      },
    },
  });
}
