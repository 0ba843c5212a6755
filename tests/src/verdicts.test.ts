/**
 * Verdicts a lawyer can rely on, through the whole product: a CourtListener bulk snapshot
 * holding the real cases two briefs cite, with CourtListener's holes (a case without its
 * citation rows, one without its U.S. citation, one missing but in the Caselaw Access
 * Project's list), is served from a fake of CourtListener's bucket and CAP's static site,
 * `citecheck caselaw download --with-cap` (the command an operator runs) builds the index from
 * them, the product starts on that index, and a lawyer uploads the landing page's sample filing
 * and a brief with the fabrications the court found in Mata v. Avianca. Every fabrication in a
 * printed reporter is caught, with the evidence named; Westlaw and public-domain fabrications,
 * which no bulk data can rule out, are unverified and never accused; no real case is accused,
 * however it is spelled or whatever CourtListener lacks of it; and every message reads as a
 * lawyer would read it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FakeBulkData } from '@citecheck/caselaw/testing/fake-bulk-data';
import { toGraphqlCitation, type SpecCitation } from '@citecheck/proto';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { SAMPLE_CITATIONS, brief } from '../../web/sample-filing/brief';
import { buildCsvReport } from '../../web/src/features/documents/lib/csv-export';
import { SNAPSHOT_DATE, capObjects, snapshotObjects } from './caselaw-snapshot';
import { MATA_BRIEF, MATA_CITATIONS } from './mata-brief';
import { makeDocx } from './pipeline-fixtures';
import { DOCX_TYPE, freePort, upload, verifiedUser } from './pipeline-harness';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '..', '..');
const CHECKED_AGAINST = `CourtListener bulk data of ${SNAPSHOT_DATE} and the Caselaw Access Project`;

/** Words a lawyer should not have to decode: our configuration, data model and commands. */
const INTERNAL_TERMS = /authoritative|\bindex\b|cluster|provider|not-covered|contained-in|COURTLISTENER_|--\w|\bnull\b|undefined|\bimport\b|\b(?:scotus|ca\d+|dcd)\b/i;
/** The operator's command (the product's name, "CiteCheck", may appear in a sentence). */
const COMMAND = /\bcitecheck (?:caselaw|extract|check|admin)\b/;

interface ReportCitation {
  id: string;
  text: string;
  type: string;
  caseName: string | null;
  isValid: boolean | null;
  confidence: number;
  validationDetails: string | { message: string; suggestion?: string };
  courtListenerData: { caseName: string | null; court: string | null; year: number | null; absolute_url: string | null } | null;
  checkedAgainst?: string | null;
}

const words = (c: ReportCitation): string =>
  typeof c.validationDetails === 'string' ? c.validationDetails : `${c.validationDetails.message}${c.validationDetails.suggestion ? ` / ${c.validationDetails.suggestion}` : ''}`;
const messageOf = (c: ReportCitation): string => (typeof c.validationDetails === 'string' ? c.validationDetails : c.validationDetails.message);
const show = (v: boolean | null): string => (v === true ? 'valid' : v === false ? 'INVALID' : 'unverified');

function table(title: string, citations: ReportCitation[]): string {
  const lines = [title, `${'citation'.padEnd(60)} ${'verdict'.padEnd(10)} message`];
  for (const c of citations) lines.push(`${`${c.caseName ? `${c.caseName}, ` : ''}${c.text}`.slice(0, 60).padEnd(60)} ${show(c.isValid).padEnd(10)} ${words(c)}`);
  lines.push(`checked against: ${[...new Set(citations.map((c) => c.checkedAgainst).filter(Boolean))].join('; ')}`);
  return lines.join('\n');
}

let bucket: FakeBulkData;
let cap: FakeBulkData;
let server: EmbeddedServer;
let dir: string;
let downloadOutput: string;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'citecheck-verdicts-'));
  bucket = new FakeBulkData(snapshotObjects());
  cap = new FakeBulkData(capObjects());
  await bucket.start();
  await cap.start();
  const indexPath = path.join(dir, 'caselaw.sqlite');
  // The operator's command, as a separate process, against the fakes.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'packages/cli/bin/citecheck.js'), 'caselaw', 'download', '--bucket-url', bucket.url, '--cap-url', cap.url, '--with-cap', '--index', indexPath, '--dir', path.join(dir, 'bulk')],
    { cwd: ROOT, env: { ...process.env, COURTLISTENER_TOKEN: '' }, timeout: 120_000 },
  );
  downloadOutput = stdout;
  server = await startEmbedded({
    env: {
      PORT: String(await freePort()),
      DATA_DIR: path.join(dir, 'data'),
      CASELAW_INDEX_PATH: indexPath,
      CASELAW_DEMO_INDEX: 'false',
      // Only the downloaded snapshot: no CourtListener API, whatever the machine has set.
      COURTLISTENER_TOKEN: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_EMAIL: '1000',
      DEV_MAIL_OUTBOX: 'true',
    },
  });
  token = await verifiedUser(server.url, `verdicts-${Date.now()}@example.com`);
});

afterAll(async () => {
  await server?.close();
  await bucket?.stop();
  await cap?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let lastDocumentId = '';

async function check(paragraphs: string[], filename: string): Promise<ReportCitation[]> {
  const result = await upload(server.url, token, await makeDocx(paragraphs), filename, `verdicts-${filename}-${Date.now()}`, DOCX_TYPE);
  expect(result.status).toBe(200);
  lastDocumentId = result.body.document!.id;
  return result.body.citations as unknown as ReportCitation[];
}

function expectLawyerWording(citations: ReportCitation[]): void {
  for (const c of citations) {
    expect(`${c.text}: ${words(c)}`).not.toMatch(INTERNAL_TERMS);
    expect(`${c.text}: ${words(c)}`).not.toMatch(COMMAND);
    if (c.courtListenerData?.court) expect(c.courtListenerData.court).not.toMatch(INTERNAL_TERMS);
  }
}

describe('verdicts against CourtListener bulk data fetched by `citecheck caselaw download`', () => {
  it('the download built the index from the fake bucket', () => {
    expect(downloadOutput).toContain(`(CourtListener bulk data of ${SNAPSHOT_DATE})`);
    expect(downloadOutput).toContain('Caselaw Access Project: 5 cases in 3 of 3 volumes of 2 reporters');
    expect(bucket.objectGets().map((r) => r.path).sort()).toEqual(
      ['citations', 'courts', 'dockets', 'opinion-clusters'].map((k) => `/bulk-data/${k}-${SNAPSHOT_DATE}.csv.bz2`),
    );
  });

  it('a brief with the Mata v. Avianca fabrications: each caught or left unverified, no real case accused', async () => {
    const citations = await check(MATA_BRIEF, 'Mata opposition.docx');
    console.log(table('Mata v. Avianca brief (test text) against the snapshot', citations));
    expect(citations.map((c) => [c.text, c.caseName])).toEqual(MATA_CITATIONS.map((e) => [e.text, e.caseName]));

    citations.forEach((c, i) => {
      const expected = MATA_CITATIONS[i];
      const at = `${expected.caseName ?? ''} ${c.text}`;
      if (expected.kind === 'real') {
        expect([at, c.isValid]).toEqual([at, true]);
        expect([at, c.checkedAgainst]).toEqual([at, CHECKED_AGAINST]);
      } else if (expected.kind === 'fabricated') {
        expect([at, c.isValid]).toEqual([at, false]);
        expect([at, c.checkedAgainst]).toEqual([at, CHECKED_AGAINST]);
      } else if (expected.kind === 'short-form-of-fabricated') {
        expect([at, c.isValid]).toEqual([at, false]);
      } else if (expected.kind === 'fabricated-unverifiable') {
        // Westlaw and public-domain numbers: no bulk data holds them all, so never accused.
        expect([at, c.isValid]).toEqual([at, null]);
        expect(messageOf(c)).toMatch(/^Not verified: not in the local data \(/);
        expect(words(c)).not.toMatch(/hallucination|fabricat|does not exist/i);
      } else {
        expect([at, c.isValid, messageOf(c)]).toEqual([at, null, 'Not checked: statute (statutes and regulations are listed, not verified)']);
      }
    });

    const by = (text: string) => citations.find((c) => c.text === text)!;
    // Each "not found" names its evidence: the name search over every case, CAP's list of the volume.
    const varghese = "Possible hallucination - citation not found: no case named Varghese v. China Southern Airlines Co., Ltd. among the decisions of the federal courts of appeals from 2016 to 2022 in CourtListener bulk data of 2026-10-31, with or without a citation";
    expect(by('925 F.3d 1339').validationDetails).toEqual({ message: varghese, suggestion: 'Check formatting' });
    expect(messageOf(by('174 F.3d 366'))).toMatch(/^Possible hallucination - citation not found: the Caselaw Access Project's list of the 2 cases in volume 174 of F\.3d has none beginning at page 366 \(Stand-in Neighbour Four v\. Volume 174 begins at page 350 and ends at 361; Stand-in Neighbour Five v\. Volume 174 begins at page 380\), and CourtListener has no citation there either; no case named Miller v\. United Airlines, Inc\. /);
    // Without page ranges the case before the page is only the likely host, and the words say so, with the evidence.
    expect(messageOf(by('905 F. Supp. 2d 121'))).toMatch(/^This page probably falls inside Stand-in Neighbour Two v\. Volume 905, 905 F\. Supp\. 2d 98 \(D\.D\.C\. 2012\): .*the placement is approximate\); no case named Petersen v\. Iran Air among /);
    expect(messageOf(by('925 F.3d at 1345'))).toBe(`Refers to 925 F.3d 1339. ${varghese}`);
    expect(messageOf(by('2019 WL 4639462'))).toBe('Not verified: not in the local data (Westlaw numbers are not part of the case-law data CiteCheck checks against)');
    // CourtListener's holes: a case without its U.S. citation, one missing but in CAP's list of its volume.
    expect(messageOf(by('540 U.S. 644'))).toBe('Found by name: Olympic Airways v. Husain (Supreme Court of the United States, 2004-02-24); CourtListener holds it as 124 S. Ct. 1221, 157 L. Ed. 2d 1146 but holds no U.S. citation for it');
    expect(messageOf(by('499 U.S. 530'))).toMatch(/listed by the Caselaw Access Project; CourtListener's data lacks 499 U\.S\. 530/);
    expect(by('2019 WL 4639462').validationDetails).toMatchObject({ suggestion: 'Check this citation on Westlaw' });
    expect(messageOf(by('2013 IL App (1st) 111279-U'))).toMatch(/public-domain citations/);
    // The OCR and Bluebook spellings are the real cases, with their real names alongside.
    expect(citations.filter((c) => c.text === '516 U.S. 217').map((c) => c.courtListenerData?.caseName)).toEqual(['Zicherman v. Korean Air Lines Co.', 'Zicherman v. Korean Air Lines Co.']);
    expect(by('556 U.S. 662').courtListenerData).toMatchObject({ caseName: 'Ashcroft v. Iqbal', court: expect.stringMatching(/Supreme Court/), year: 2009 });
    expectLawyerWording(citations);

    // What the report page reads, and the CSV it exports: the source said once.
    const stored = ((await (await fetch(`${server.url}/api/documents/${lastDocumentId}/citations`)).json()) as { citations: ReportCitation[] }).citations;
    expect(stored.map((c) => c.checkedAgainst)).toEqual(citations.map((c) => c.checkedAgainst));
    // The client reads citations in the supergraph's shape; REST ones are turned into it first.
    const csv = buildCsvReport((stored as unknown as SpecCitation[]).map(toGraphqlCitation));
    expect(csv.split('\r\n').filter((l) => l.startsWith('Checked Against'))).toEqual([`Checked Against,${CHECKED_AGAINST}`]);
    // The evidence of a "not found" reaches the report's export as it reaches the results.
    expect(csv.split('\r\n').find((l) => l.startsWith('925 F.3d 1339,'))).toContain('Possible hallucination - citation not found: no case named Varghese v. China Southern Airlines Co.');
  });

  it("the landing page's sample filing: the same verdicts the product promises, now from real data", async () => {
    const paragraphs = brief.sections.flatMap((s) => (s.heading ? [s.heading, ...s.paragraphs] : s.paragraphs));
    const citations = await check(paragraphs, 'sample-filing.docx');
    console.log(table('Sample filing against the snapshot', citations));
    const named = (cite: string) => {
      const found = citations.find((c) => c.type === 'case' && /^\d/.test(c.text) && cite.includes(c.text));
      expect([cite, found ? 'found' : 'missing']).toEqual([cite, 'found']);
      return found!;
    };
    for (const cite of SAMPLE_CITATIONS.realAndCorrect) expect([cite, named(cite).isValid]).toEqual([cite, true]);
    for (const cite of [...SAMPLE_CITATIONS.realCiteWrongName, ...SAMPLE_CITATIONS.impossible]) expect([cite, named(cite).isValid]).toEqual([cite, false]);
    expect(messageOf(named(SAMPLE_CITATIONS.realCiteWrongName[0]))).toContain('the case at this citation is Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)');
    // Celotex keeps its cluster but has lost its citation rows: CAP's list of 477 U.S. has it.
    expect(messageOf(named(SAMPLE_CITATIONS.realAndCorrect[5]))).toBe("Exact citation and case name match (listed by the Caselaw Access Project; CourtListener's data lacks 477 U.S. 317)");
    const [varghese, shaboon, petersen, martinez] = SAMPLE_CITATIONS.unknownToTheIndex.map(named);
    expect([varghese.isValid, petersen.isValid]).toEqual([false, false]);
    expect([shaboon.isValid, martinez.isValid]).toEqual([null, null]);
    for (const c of [shaboon, martinez]) expect(messageOf(c)).toMatch(/^Not verified: not in the local data \(/);
    // Short forms of real cases stay valid; nothing real is accused.
    const accused = citations.filter((c) => c.isValid === false).map((c) => c.text).sort();
    expect(accused).toEqual(['477 U.S. 242', '512 F.4th 233', '88 F.4th 1012', '905 F. Supp. 2d 121', '925 F.3d 1339'].sort());
    expect(citations.filter((c) => c.type === 'case' && c.isValid !== false && c.isValid !== true).map((c) => c.text).sort()).toEqual(['2013 IL App (1st) 111279-U', '2019 WL 4639462']);
    // A year in the future is decided without asking any source; every other verdict names the snapshot.
    for (const c of citations.filter((x) => x.type === 'case' && x.isValid !== null && x.text !== '88 F.4th 1012')) expect([c.text, c.checkedAgainst]).toEqual([c.text, CHECKED_AGAINST]);
    expectLawyerWording(citations);
  });
});
