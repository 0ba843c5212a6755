/**
 * The verification suite, end to end: fixture CSVs → the real bulk importer → the local index
 * (authoritative, for the suite) → verdicts; then the same citations against the fake
 * CourtListener server; then the product's sample filing against the demo index.
 */
import { findCitations } from '@citecheck/citations';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CourtListenerProvider } from '../courtlistener/provider';
import { demoIndexInputs } from '../demo';
import { importBulkData } from '../local-index/import';
import type { ImportReport } from '../local-index/import';
import { LocalCitationIndex } from '../local-index/lookup';
import { FakeCourtListener } from '../testing/fake-courtlistener';
import { loadFakeCases, suiteIndexInputs } from '../testing/fixtures';
import { SUITE, formatSuiteTable, messageOf, runSuite } from '../testing/verification-suite';
import type { SuiteRow } from '../testing/verification-suite';
import { verify } from './verify';

const NOW = new Date('2025-06-01T00:00:00Z');
let dir: string;
let index: LocalCitationIndex;
let report: ImportReport;
let indexRows: SuiteRow[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caselaw-suite-'));
  report = await importBulkData(suiteIndexInputs(), { indexPath: join(dir, 'suite.sqlite'), authoritative: true, source: 'suite-fixtures' });
  index = LocalCitationIndex.open(join(dir, 'suite.sqlite'));
  indexRows = await runSuite([index], NOW);
});

afterAll(() => {
  index?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('verification suite against the local index (built through the bulk importer)', () => {
  it('has at least 60 labelled citations', () => {
    expect(SUITE.length).toBeGreaterThanOrEqual(60);
  });

  it('imported the fixtures, counting the duplicate and the corrupt row', () => {
    expect(report.authoritative).toBe(true);
    expect(report.totals.duplicates).toBe(1);
    expect(report.totals.corrupt).toBe(1);
    expect(index.info.authoritative).toBe(true);
  });

  it('gives every citation its expected verdict', () => {
    console.log(formatSuiteTable(indexRows, `Verification suite: local index (${indexRows.length} citations)`));
    expect(indexRows.filter((r) => !r.pass).map((r) => `${r.entry.text} → ${r.verdict.isValid} ${messageOf(r.verdict)}`)).toEqual([]);
  });

  it('flags every fabricated citation and no real one', () => {
    for (const r of indexRows) {
      // Except WL and neutral citations, which bulk data never holds completely (see onIndex).
      if (r.entry.label === 'fabricated' && !r.entry.onIndex) expect(r.verdict.isValid).toBe(false);
      if (r.entry.label === 'real') expect(r.verdict.isValid).not.toBe(false);
    }
  });

  it('links found cases to CourtListener with a full https URL', () => {
    const twombly = indexRows.find((r) => r.citation.normalized === '550 U.S. 544' && r.entry.label === 'real')!;
    expect(twombly.verdict.courtListenerData).toEqual({
      caseName: 'Bell Atlantic Corp. v. Twombly',
      court: 'Supreme Court of the United States',
      year: 2007,
      absolute_url: 'https://www.courtlistener.com/c/U.S./550/544/',
    });
    expect(twombly.verdict.confidence).toBe(100);
  });
});

describe('the same suite against the fake CourtListener server', () => {
  let fake: FakeCourtListener;
  let fakeRows: SuiteRow[];
  let provider: CourtListenerProvider;

  beforeAll(async () => {
    fake = new FakeCourtListener(await loadFakeCases(suiteIndexInputs()));
    const url = await fake.start();
    provider = new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 100_000, requestsPerMinute: 100_000 });
    fakeRows = await runSuite([provider], NOW, { containedIn: false });
  });
  afterAll(() => fake.stop());

  it('reaches the same verdicts as the index', () => {
    console.log(formatSuiteTable(fakeRows, `Verification suite: fake CourtListener (${fakeRows.length} citations)`));
    expect(fakeRows.filter((r) => !r.pass).map((r) => r.entry.text)).toEqual([]);
    const differences = fakeRows
      .map((r, i) => ({ r, i }))
      .filter(({ r, i }) => !r.entry.onIndex && r.verdict.isValid !== indexRows[i].verdict.isValid)
      .map(({ r }) => r.entry.text);
    expect(differences).toEqual([]);
  });

  it('says the same thing, except where only the index can tell a page falls inside a case', () => {
    // The name search's evidence names its source ("in suite-fixtures", "in CourtListener"), and
    // only the index knows how fully it holds a court's decisions of a year: compared without it.
    const comparable = (m: string): string => m.replace(/(?:: |; )no case named .*? with or without a citation/g, '');
    for (const [i, r] of fakeRows.entries()) {
      if (r.entry.label === 'mid-opinion') expect(messageOf(r.verdict)).toMatch(r.entry.onApi ? /is reported at 477 U\.S\. 242/ : /^Possible hallucination - citation not found: no case named /);
      // The index says "not in the local data", the API "not in CourtListener"; the reason after it is the same.
      else if (r.entry.label === 'unverifiable') expect(messageOf(r.verdict).replace(/^Unverified: not in [^(]*/, '')).toBe(messageOf(indexRows[i].verdict).replace(/^Unverified: not in [^(]*/, ''));
      else expect(comparable(messageOf(r.verdict))).toBe(comparable(messageOf(indexRows[i].verdict)));
    }
  });

  it('gives the cluster page as the absolute_url', () => {
    const twombly = fakeRows.find((r) => r.citation.normalized === '550 U.S. 544' && r.entry.label === 'real')!;
    expect(twombly.verdict.courtListenerData?.absolute_url).toBe('https://www.courtlistener.com/opinion/8000/bell-atlantic-corp-v-twombly/');
    expect(twombly.verdict.courtListenerData?.court).toBe('Supreme Court of the United States');
  });
});

describe('the sample filing against the demo index (not authoritative)', () => {
  const SAMPLE = `Plaintiff relies on Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007); Ashcroft v. Iqbal, 556 U.S. 662 (2009);
Air France v. Saks, 470 U.S. 392 (1985); El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng, 525 U.S. 155 (1999);
Zicherman v. Korean Air Lines Co., 516 U.S. 217 (1996); Celotex Corp. v. Catrett, 477 U.S. 317 (1986);
Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242 (1986); Zaunbrecher v. Delta Air Lines, Inc., 512 F.4th 233 (5th Cir. 2015);
Durden v. KLM Royal Dutch Airlines, 88 F.4th 1012 (2d Cir. 2031); Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019);
Shaboon v. Egyptair, 2013 IL App (1st) 111279-U; Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012);
Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019).`;
  let demo: LocalCitationIndex;

  beforeAll(async () => {
    await importBulkData(demoIndexInputs(), { indexPath: join(dir, 'demo.sqlite'), authoritative: false, source: 'demo' });
    demo = LocalCitationIndex.open(join(dir, 'demo.sqlite'));
  });
  afterAll(() => demo.close());

  it('decides each citation as the product promises', async () => {
    const citations = findCitations(SAMPLE);
    const progress: number[] = [];
    const { verdicts, caseLawCalls } = await verify(citations, [demo], { now: NOW, onProgress: (p) => progress.push(p.completed) });
    const by = new Map(citations.map((c, i) => [c.normalized, verdicts[i]]));
    for (const ok of ['550 U.S. 544', '556 U.S. 662', '470 U.S. 392', '525 U.S. 155', '516 U.S. 217', '477 U.S. 317']) {
      expect(by.get(ok)?.isValid).toBe(true);
    }
    expect(by.get('477 U.S. 242')?.isValid).toBe(false);
    expect(messageOf(by.get('477 U.S. 242')!)).toContain('Anderson v. Liberty Lobby, Inc.');
    expect(by.get('512 F.4th 233')?.isValid).toBe(false);
    expect(messageOf(by.get('512 F.4th 233')!)).toContain('F.4th began in 2021');
    expect(by.get('88 F.4th 1012')?.isValid).toBe(false);
    expect(messageOf(by.get('88 F.4th 1012')!)).toContain('2031 is in the future');
    for (const unverified of ['925 F.3d 1339', '2013 IL App (1st) 111279-U', '905 F. Supp. 2d 121', '2019 WL 4639462']) {
      const v = by.get(unverified)!;
      expect(v.isValid).toBeNull();
      const d = v.validationDetails as { message: string; suggestion?: string };
      expect(d.message).toBe('Unverified: not in the local data (only a small sample of well-known cases is loaded)');
      // Words for a lawyer: no configuration names, commands or internal terms.
      expect(`${d.message} ${d.suggestion}`).not.toMatch(/COURTLISTENER_TOKEN|citecheck |authoritative|index/i);
    }
    expect((by.get('2019 WL 4639462')!.validationDetails as { suggestion: string }).suggestion).toBe('Check this citation on Westlaw');
    expect(progress).toEqual(citations.map((_, i) => i + 1));
    // 13 citations, all looked up: the two with an impossible year could still be real cases with a typo.
    expect(caseLawCalls).toBe(13);
  });
});
