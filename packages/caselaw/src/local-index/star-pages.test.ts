/**
 * Page ranges from the star pagination of opinion texts, for cases the Caselaw Access Project
 * does not list: read from an opinions file in CourtListener's dialect (long HTML and XML
 * fields, with quotes, commas and line breaks), then used by lookups and verdicts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCitations } from '@citecheck/citations';
import { pgCopyCsv, type PgValue } from '../testing/fake-bulk-data';
import { verify } from '../verdict/verify';
import { bulkFileKind, importBulkData, starPages } from './import';
import { LocalCitationIndex } from './lookup';

const STAMP = '2026-10-31 02:15:00.000000+00';

describe('starPages', () => {
  it("reads the Harvard XML's casebody", () => {
    expect(starPages([undefined, '<?xml version="1.0"?>\n<casebody firstpage="757" lastpage="758" xmlns="http://nrs.harvard.edu/urn-3:HLS.Libr.US_Case_Law.Schema.Case_Body:v1">'])).toEqual([757, 758]);
  });

  it('reads the page-number labels of the XML when the casebody has no range', () => {
    expect(starPages(['<casebody><p>text <page-number citation-index="1" label="295">*295</page-number> more <page-number label="296">*296</page-number></p>'])).toEqual([294, 296]);
  });

  it('reads the star-pagination spans of the HTML, in both spellings', () => {
    expect(starPages(['<p>a</p><span class="star-pagination">*21</span><p>b</p><span class="star-pagination">*22</span>'])).toEqual([20, 22]);
    expect(starPages(['<span class="star-pagination" number="551" pagescheme="FE3D">*Page 551</span>'])).toEqual([550, 551]);
  });

  it("ignores a parallel reporter's stars, numbered elsewhere, and lets a missing marker pass", () => {
    const html = ['*21', '*1045', '*22', '*24', '*1046', '*25'].map((s) => `<span class="star-pagination">${s}</span>`).join('<p>x</p>');
    expect(starPages([html])).toEqual([20, 25]);
  });

  it('null without markers; later fields are read when the first has none', () => {
    expect(starPages(['<p>no markers</p>', undefined, ''])).toBeNull();
    expect(starPages(['<p>no markers</p>', '<span class="star-pagination">*8</span>'])).toEqual([7, 8]);
  });

  it('an opinions file is recognised by its name', () => {
    expect(bulkFileKind('/data/opinions-2026-10-31.csv.bz2')).toBe('opinions');
  });
});

describe('an index with star pages', () => {
  let dir: string;
  let index: LocalCitationIndex;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'caselaw-star-'));
    const folder = join(dir, 'bulk');
    mkdirSync(folder);
    // 550 U.S.: cases at pages 1, 20, 40 and 60; the first two have opinion texts with star pages.
    const cases: [number, string, string, number][] = [
      [1, 'Alder v. Birch', '2007-01-10', 1],
      [2, 'Cedar v. Dogwood', '2007-02-10', 20],
      [3, 'Elm v. Fir', '2007-03-10', 40],
      [4, 'Ginkgo v. Hawthorn', '2007-04-10', 60],
    ];
    writeFileSync(join(folder, 'courts-2026-10-31.csv'), pgCopyCsv(['id', 'citation_string', 'full_name', 'jurisdiction'], [['scotus', 'SCOTUS', 'Supreme Court of the United States', 'F']]));
    writeFileSync(join(folder, 'dockets-2026-10-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'source', 'court_id', 'case_name'], cases.map(([id, name]) => [id, STAMP, STAMP, 0, 'scotus', name])));
    writeFileSync(join(folder, 'opinion-clusters-2026-10-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'date_filed', 'case_name_short', 'case_name', 'docket_id'], cases.map(([id, name, date]) => [id, STAMP, STAMP, date, '', name, id])));
    writeFileSync(join(folder, 'citations-2026-10-31.csv'), pgCopyCsv(['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'], cases.map(([id, , , page]) => [id, 550, 'U.S.', String(page), 1, id, STAMP, STAMP])));
    const opinionHeader = ['id', 'date_created', 'date_modified', 'type', 'plain_text', 'html', 'html_lawbox', 'html_columbia', 'html_anon_2020', 'xml_harvard', 'html_with_citations', 'extracted_by_ocr', 'author_id', 'cluster_id'];
    const star = (n: number): string => `<span class="star-pagination">*${n}</span>`;
    const opinions: PgValue[][] = [
      // The majority of Alder, from the Harvard XML: pages 1-12.
      [11, STAMP, STAMP, '020lead', '', '', '', '', '', '<?xml version="1.0" encoding="utf-8"?>\n<casebody firstpage="1" lastpage="12">\n<p>"Held," the Court said, \\ so.</p></casebody>', '', false, null, 1],
      // Cedar's majority and dissent, in HTML with a parallel reporter's stars: pages 20-33 together.
      [21, STAMP, STAMP, '020lead', '', '', '', '', '', '', `<div>\n<p>Justice Oak delivered the opinion, "quoted", here.</p>${star(21)}<p>more</p>${star(1045)}${star(22)}${star(24)}</div>`, false, null, 2],
      [22, STAMP, STAMP, '040dissent', '', `<p>dissenting</p>${star(30)}<p>x</p>${star(31)}${star(33)}`, '', '', '', '', '', false, null, 2],
      // Elm's opinion has no markers.
      [31, STAMP, STAMP, '020lead', 'plain text only', '', '', '', '', '', '', false, null, 3],
    ];
    writeFileSync(join(folder, 'opinions-2026-10-31.csv'), pgCopyCsv(opinionHeader, opinions));
    await importBulkData([folder], { indexPath: join(dir, 'i.sqlite'), authoritative: true });
    index = LocalCitationIndex.open(join(dir, 'i.sqlite'));
  });

  afterAll(() => {
    index?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const lookup = (page: string, pin: string | null = null) => index.lookupOne({ id: 'x', volume: 550, reporter: 'U.S.', page, pin, year: 2007 });

  it('a found case gets its last page, and a pin past it is caught', () => {
    const r = lookup('20', '35');
    expect(r).toMatchObject({ status: 'found', clusters: [{ caseName: 'Cedar v. Dogwood', pages: { firstPage: 20, lastPage: 33, from: 'opinion-text' } }], pin: { beyondLastPage: true, lastPage: 33 } });
  });

  it('a page inside a case with star pages is placed in it for certain', () => {
    expect(lookup('5')).toMatchObject({ status: 'contained-in', approximate: false, cluster: { caseName: 'Alder v. Birch', pages: { firstPage: 1, lastPage: 12 } } });
    expect(lookup('33')).toMatchObject({ status: 'contained-in', approximate: false, cluster: { caseName: 'Cedar v. Dogwood' } });
  });

  it('a page after the last star and before the next case is in no case', () => {
    expect(lookup('36')).toMatchObject({ status: 'not-found' });
  });

  it('a case without star pages keeps the approximate placement', () => {
    expect(lookup('45')).toMatchObject({ status: 'contained-in', approximate: true, cluster: { caseName: 'Elm v. Fir' } });
  });

  it('the verdicts use the range and say where it comes from', async () => {
    const message = async (text: string): Promise<string> => {
      const { verdicts } = await verify(findCitations(text), [index], { now: new Date('2026-11-15T00:00:00Z') });
      expect(verdicts[0].isValid).toBe(false);
      const d = verdicts[0].validationDetails;
      return typeof d === 'string' ? d : d.message;
    };
    expect(await message('Alder v. Birch, 550 U.S. 5 (2007).')).toBe('Alder v. Birch is real, but it starts at 550 U.S. 1: page 5 is inside it (pages 1-12), not its first page');
    expect(await message('Quince v. Rowan, 550 U.S. 5 (2007).')).toMatch(/^This page falls inside Alder v\. Birch, 550 U\.S\. 1 \(2007\): 550 U\.S\. 5 is page 5 of that case, which runs from page 1 to 12 \(as its opinion text numbers its pages\)/);
  });
});

describe('where the next case starts (the bound of a pin when the last page is not known)', () => {
  let dir: string;
  let index: LocalCitationIndex;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'caselaw-next-'));
    const folder = join(dir, 'bulk');
    mkdirSync(folder);
    // 300 F.3d: five rows at page 10 (one case entered five times, and four others), a page
    // string with a suffix at 12 (`12-U`), then cases at 20 and 30.
    const rows: [number, string][] = [[1, '10'], [1, '10'], [2, '10'], [3, '10'], [4, '10'], [5, '12-U'], [6, '20'], [7, '30']];
    const ids = [...new Set(rows.map(([id]) => id))];
    writeFileSync(join(folder, 'courts-2026-10-31.csv'), pgCopyCsv(['id', 'citation_string', 'full_name', 'jurisdiction'], [['ca9', '9th Cir.', 'Court of Appeals for the Ninth Circuit', 'F']]));
    writeFileSync(join(folder, 'dockets-2026-10-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'source', 'court_id', 'case_name'], ids.map((id) => [id, STAMP, STAMP, 0, 'ca9', `Party ${id} v. Other ${id}`])));
    writeFileSync(join(folder, 'opinion-clusters-2026-10-31.csv'), pgCopyCsv(['id', 'date_created', 'date_modified', 'date_filed', 'case_name_short', 'case_name', 'docket_id'], ids.map((id) => [id, STAMP, STAMP, '2002-05-01', '', `Party ${id} v. Other ${id}`, id])));
    writeFileSync(join(folder, 'citations-2026-10-31.csv'), pgCopyCsv(['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'], rows.map(([id, page], i) => [i + 1, 300, 'F.3d', page, 1, id, STAMP, STAMP])));
    await importBulkData([folder], { indexPath: join(dir, 'i.sqlite'), authoritative: true });
    index = LocalCitationIndex.open(join(dir, 'i.sqlite'));
  });

  afterAll(() => {
    index?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const lookup = (page: string) => index.lookupOne({ id: 'x', volume: 300, reporter: 'F.3d', page, year: 2002 });

  it('past many rows at one page, and counting a page with a suffix', () => {
    const r = lookup('10');
    if (r.status !== 'found') throw new Error(r.status);
    expect(r.clusters.map((k) => [k.clusterId, k.endsBy])).toEqual([[1, 12], [2, 12], [3, 12], [4, 12]]);
    expect(lookup('20')).toMatchObject({ status: 'found', clusters: [{ clusterId: 6, endsBy: 30 }] });
    expect(lookup('30')).toMatchObject({ status: 'found', clusters: [{ clusterId: 7, endsBy: null }] });
  });

  it('for the case a page probably falls inside', () => {
    expect(lookup('25')).toMatchObject({ status: 'contained-in', approximate: true, cluster: { clusterId: 6, endsBy: 30 } });
    expect(lookup('15')).toMatchObject({ status: 'contained-in', approximate: true, cluster: { endsBy: 12 } });
  });
});
