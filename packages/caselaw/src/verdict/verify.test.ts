import { findCitations } from '@citecheck/citations';
import type { CaseCluster, CaseLawProvider, Evidence, LookupRequest, LookupResult, NameQuery, NameSearchResult } from '../provider';
import { makeCitation } from '../testing/fixtures';
import { verify } from './verify';

const NOW = new Date('2025-06-01T00:00:00Z');
const cite = makeCitation({ volume: 925, reporter: 'F.3d', page: '1339', caseName: 'Varghese v. China Southern Airlines Co.', year: 2019, court: 'ca11' });

/** A provider whose every answer is given: for the chain rules, apart from any real source. */
function provider(name: string, authoritative: boolean, answer: (r: LookupRequest) => LookupResult, search?: (q: NameQuery) => Omit<NameSearchResult, 'id'>): CaseLawProvider & { seen: number; searched: NameQuery[] } {
  const p = {
    name,
    authoritative,
    seen: 0,
    calls: 0,
    searched: [] as NameQuery[],
    lookup: async (rs: LookupRequest[]) => rs.map((r) => (p.seen++, p.calls++, answer(r))),
    ...(search ? { searchByName: async (qs: NameQuery[]) => qs.map((q) => (p.searched.push(q), { id: q.id, ...search(q) })) } : {}),
  };
  return p;
}

/** What a source's data shows, as a lookup answer's evidence. */
const CAP_LIST: Evidence = { kind: 'cap-list', text: "the Caselaw Access Project's list of the 147 cases in volume 925 of F.3d has none beginning at page 1339, and CourtListener has no citation there either" };
const nothingFound = { same: [], similar: [], conclusive: false, scope: "the decisions of the federal courts of appeals from 2016 to 2022 in the data", why: 'the names are too common' };

describe('verify: which provider may say what', () => {
  it('with no case-law database, leaves a plausible citation unverified', async () => {
    const { verdicts } = await verify([cite], [], { now: NOW });
    expect(verdicts[0].isValid).toBeNull();
    expect(verdicts[0].validationDetails).toMatchObject({ message: expect.stringContaining('no case-law database is available') });
  });

  it('never calls a miss in a non-authoritative source a hallucination', async () => {
    const partial = provider('local case-law index', false, (r) => ({ id: r.id, status: 'not-found' }));
    const { verdicts } = await verify([cite], [partial], { now: NOW });
    expect(verdicts[0].isValid).toBeNull();
    expect((verdicts[0].validationDetails as { message: string }).message).toBe('Unverified: not in the local data (only part of the case law is loaded)');
  });

  it('keeps a citation unverified when the authoritative source fails', async () => {
    const down = provider('CourtListener', true, (r) => ({ id: r.id, status: 'error', message: 'HTTP 503' }));
    const { verdicts } = await verify([cite], [down], { now: NOW });
    expect(verdicts[0].isValid).toBeNull();
    expect(verdicts[0].validationDetails).toEqual({ message: 'Unverified: the case-law lookup failed (CourtListener: HTTP 503)', suggestion: 'Recheck this citation later' });
  });

  it('lets a later source that finds the case overrule an earlier miss', async () => {
    const miss = provider('CourtListener', true, (r) => ({ id: r.id, status: 'not-found' }));
    const hit = provider('local case-law index', true, (r) => ({
      id: r.id,
      status: 'found',
      clusters: [{ clusterId: 1, caseName: 'Varghese v. China Southern Airlines Co.', caseNameShort: null, court: 'ca11', courtName: null, courtCitation: '11th Cir.', dateFiled: '2019-03-01', year: 2019, absoluteUrl: null, citation: '925 F.3d 1339' }],
    }));
    const { verdicts, caseLawCalls } = await verify([cite], [miss, hit], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: true, confidence: 100 });
    expect(caseLawCalls).toBe(2);
  });

  it('asks once per address, and skips the lookup only for an address that cannot exist', async () => {
    const miss = provider('CourtListener', true, (r) => ({ id: r.id, status: 'not-found', evidence: [CAP_LIST] }));
    const future = makeCitation({ volume: 88, reporter: 'F.4th', page: '1012', year: 2031, court: 'ca2' });
    const noSuchVolume = makeCitation({ volume: 1204, reporter: 'F.2d', page: '12', year: 1990, court: 'ca9' });
    const { verdicts } = await verify([cite, cite, future, noSuchVolume], [miss], { now: NOW });
    expect(miss.seen).toBe(2);
    expect(verdicts.map((v) => v.isValid)).toEqual([false, false, false, false]);
    expect(verdicts[0].validationDetails).toEqual({ message: `Possible hallucination - citation not found: ${CAP_LIST.text}`, suggestion: 'Check formatting' });
    expect((verdicts[2].validationDetails as { message: string }).message).toMatch(/^Implausible citation: The year 2031 is in the future(;|$)/);
    expect((verdicts[3].validationDetails as { message: string }).message).toBe('Implausible citation: F.2d has no volume 1204: the highest volume is 999');
  });

  it('lowers confidence when the year is one off or the court differs', async () => {
    const hit = provider('CourtListener', true, (r) => ({
      id: r.id,
      status: 'found',
      clusters: [{ clusterId: 1, caseName: 'Varghese v. China Southern Airlines Co.', caseNameShort: null, court: 'ca11', courtName: null, courtCitation: '11th Cir.', dateFiled: '2018-12-01', year: 2018, absoluteUrl: null, citation: '925 F.3d 1339' }],
    }));
    const { verdicts } = await verify([cite, { ...cite, court: 'ca5' }], [hit], { now: NOW });
    expect(verdicts[0].isValid).toBe(true);
    expect(verdicts[0].confidence).toBe(97);
    expect(verdicts[1].isValid).toBe(true);
    expect(verdicts[1].confidence).toBeLessThan(verdicts[0].confidence);
  });
});

describe('verify: names', () => {
  const iqbal = { clusterId: 2, caseName: 'Ashcroft v. Iqbal', caseNameShort: 'Iqbal', court: 'scotus', courtName: 'Supreme Court of the United States', courtCitation: 'SCOTUS', dateFiled: '2009-05-18', year: 2009, absoluteUrl: null, citation: '556 U.S. 662' };
  const at662 = provider('CourtListener', true, (r) => ({ id: r.id, status: 'found', clusters: [iqbal] }));

  it('does not call an OCR misreading of the name (Igbal for Iqbal) another case', async () => {
    const ocr = makeCitation({ volume: 556, reporter: 'U.S.', page: '662', caseName: 'Ashcroft v. Igbal', year: 2009, court: 'scotus' });
    const { verdicts } = await verify([ocr], [at662], { now: NOW });
    expect(verdicts[0].isValid).toBe(true);
  });

  it('flags a different case at the address with both names', async () => {
    const other = makeCitation({ volume: 556, reporter: 'U.S.', page: '662', caseName: 'Kaufman v. Alitalia Airlines, Inc.', year: 2009, court: 'scotus' });
    const { verdicts } = await verify([other], [at662], { now: NOW });
    expect(verdicts[0].isValid).toBe(false);
    expect(verdicts[0].validationDetails).toEqual({
      message: 'Citation points to a different case: the brief names Kaufman v. Alitalia Airlines, Inc., but the case at this citation is Ashcroft v. Iqbal, 556 U.S. 662 (2009)',
      suggestion: 'The case at 556 U.S. 662 is Ashcroft v. Iqbal; check the case name and the citation',
    });
  });

  it('asks for a check, without accusing, when only one party matches across a changed caption', async () => {
    const raich = { ...iqbal, caseName: 'Gonzales v. Raich', caseNameShort: 'Raich', citation: '545 U.S. 1', year: 2005 };
    const found = provider('CourtListener', true, (r) => ({ id: r.id, status: 'found', clusters: [raich] }));
    const oldCaption = makeCitation({ volume: 545, reporter: 'U.S.', page: '1', caseName: 'Raich v. Ashcroft', year: 2005, court: 'scotus' });
    const { verdicts } = await verify([oldCaption], [found], { now: NOW });
    expect(verdicts[0].isValid).toBeNull();
    expect((verdicts[0].validationDetails as { message: string }).message).toBe('Check the case name: the brief names Raich v. Ashcroft, and the case at this citation is Gonzales v. Raich, 545 U.S. 1 (2005); only one party matches');
  });

  it('turns a wrong year or court on a real case into a warning with the real value', async () => {
    const typo = makeCitation({ volume: 556, reporter: 'U.S.', page: '662', caseName: 'Ashcroft v. Iqbal', year: 2007, court: 'ca5' });
    const { verdicts } = await verify([typo], [at662], { now: NOW });
    expect(verdicts[0].isValid).toBe(true);
    expect((verdicts[0].validationDetails as { message: string }).message).toBe(
      'Citation and case name match, but check the year: decided 2009, cited as 2007; check the court: decided by Supreme Court of the United States, cited as the Fifth Circuit',
    );
  });

  it('finds a real case whose cited year is impossible, rather than calling it implausible', async () => {
    const future = makeCitation({ volume: 556, reporter: 'U.S.', page: '662', caseName: 'Ashcroft v. Iqbal', year: 2029, court: 'scotus' });
    const { verdicts } = await verify([future], [at662], { now: NOW });
    expect(verdicts[0].isValid).toBe(true);
    expect((verdicts[0].validationDetails as { message: string }).message).toContain('decided 2009, cited as 2029');
  });

  it('picks, among several cases at one address, the one the brief names', async () => {
    const other = { ...iqbal, clusterId: 3, caseName: 'Smith v. Jones', caseNameShort: null };
    const two = provider('CourtListener', true, (r) => ({ id: r.id, status: 'found', clusters: [other, iqbal] }));
    const named = makeCitation({ volume: 556, reporter: 'U.S.', page: '662', caseName: 'Ashcroft v. Iqbal', year: 2009, court: 'scotus' });
    const bare = makeCitation({ volume: 556, reporter: 'U.S.', page: '662', year: 2009, court: 'scotus' });
    const { verdicts } = await verify([named, bare], [two], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: true, validationDetails: { message: 'Exact citation and case name match' } });
    expect(verdicts[1].isValid).toBeNull();
  });
});

describe('verify: what a miss means', () => {
  const miss = () => provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found' }));

  it.each([
    ['Smith v. Jones, 2021 WL 1234567 (S.D.N.Y. Mar. 1, 2021).', 'Westlaw numbers are not part of the case-law data CiteCheck checks against', 'Check this citation on Westlaw'],
    ['People v. Doe, 2020 IL App (1st) 191234.', 'the case-law data CiteCheck checks against has only some IL App (1st) public-domain citations', "Check this citation on the court's website"],
  ])('leaves %s unverified when a full snapshot does not have it', async (text, why, suggestion) => {
    const [c] = findCitations(text);
    const { verdicts } = await verify([c], [miss()], { now: NOW });
    expect(verdicts[0].isValid).toBeNull();
    expect(verdicts[0].validationDetails).toEqual({ message: `Unverified: not in the local data (${why})`, suggestion });
  });

  it('takes the coverage the source reports over the default for the series', async () => {
    const wl = findCitations('Smith v. Jones, 2021 WL 1234567 (S.D.N.Y. Mar. 1, 2021).')[0];
    const uncovered = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', coverage: { covered: false, description: 'the data holds 925 F.3d only up to page 1200' } }));
    const covered = provider('Westlaw', true, (r) => ({ id: r.id, status: 'not-found', coverage: { covered: true, description: 'Westlaw holds every number of 2021' } }));
    const [printed] = (await verify([cite], [uncovered], { now: NOW })).verdicts;
    expect(printed).toMatchObject({ isValid: null, validationDetails: { message: 'Unverified: not in the local data (the data holds 925 F.3d only up to page 1200)' } });
    const [westlaw] = (await verify([wl], [covered], { now: NOW })).verdicts;
    expect(westlaw.validationDetails).toEqual({ message: 'Possible hallucination - citation not found: Westlaw holds every number of 2021', suggestion: 'Check formatting' });
  });

  it('says plainly when no source can search the reporter', async () => {
    const unknown = provider('CourtListener', true, (r) => ({ id: r.id, status: 'unknown-reporter' }));
    const mass = makeCitation({ volume: 45, reporter: 'Mass.', page: '111', caseName: 'Commonwealth v. Hunt', year: 1842 });
    const { verdicts } = await verify([mass], [unknown], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: null, validationDetails: { message: 'Unverified: the case-law data CiteCheck checks against does not include the reporter Mass.' } });
  });

  it('does not call a case in a volume newer than our data not found', async () => {
    const newest = makeCitation({ volume: 141, reporter: 'F.4th', page: '1', caseName: 'Doe v. Roe', year: 2025, court: 'ca9' });
    const { verdicts } = await verify([newest], [miss()], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: null, validationDetails: { message: 'Unverified: not in the local data (the case-law data CiteCheck checks against may not have every case of 141 F.4th)' } });
  });

  it('never calls a citation not found on a missing row alone: CourtListener holds cases without their citation', async () => {
    const { verdicts } = await verify([cite], [miss()], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: null, validationDetails: { message: expect.stringMatching(/^Unverified: not in the local data \(/) } });
  });

  it('calls it not found on evidence, and names the evidence', async () => {
    const listed = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', evidence: [CAP_LIST] }));
    const { verdicts } = await verify([cite], [listed], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: false, confidence: 90, validationDetails: { message: `Possible hallucination - citation not found: ${CAP_LIST.text}`, suggestion: 'Check formatting' } });
  });

  it('takes a conclusive name search that finds nothing as evidence, naming what was searched', async () => {
    const searched = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found' }), () => ({ same: [], similar: [], conclusive: true, scope: "the decisions of the federal courts of appeals from 2016 to 2022 in CourtListener bulk data of 2026-10-31" }));
    const { verdicts } = await verify([cite], [searched], { now: NOW });
    expect(searched.searched).toEqual([expect.objectContaining({ caseName: 'Varghese v. China Southern Airlines Co.', year: 2019, court: 'ca11', reporter: 'F.3d', volume: 925, page: '1339' })]);
    expect(verdicts[0].validationDetails).toEqual({
      message: "Possible hallucination - citation not found: no case named Varghese v. China Southern Airlines Co. among the decisions of the federal courts of appeals from 2016 to 2022 in CourtListener bulk data of 2026-10-31, with or without a citation",
      suggestion: 'Check formatting',
    });
  });

  it('a search that could not see every case proves nothing, and says why', async () => {
    const searched = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', gap: 'the data holds 2 cases of volume 925 of F.3d but no list of all of them' }), () => nothingFound);
    const { verdicts } = await verify([cite], [searched], { now: NOW });
    expect(verdicts[0]).toMatchObject({
      isValid: null,
      validationDetails: { message: 'Unverified: not in the local data (the data holds 2 cases of volume 925 of F.3d but no list of all of them); a search by name could not rule it out: the names are too common' },
    });
  });

  const driehaus: CaseCluster = {
    clusterId: 77, caseName: 'Susan B. Anthony List v. Driehaus', caseNameShort: null, court: 'scotus', courtName: 'Supreme Court of the United States',
    courtCitation: 'SCOTUS', dateFiled: '2014-06-16', year: 2014, absoluteUrl: 'https://www.courtlistener.com/opinion/77/susan-b-anthony-list-v-driehaus/', citation: '134 S. Ct. 2334', citations: ['134 S. Ct. 2334', '189 L. Ed. 2d 246'],
  };
  const sba = makeCitation({ volume: 573, reporter: 'U.S.', page: '149', caseName: 'Susan B. Anthony List v. Driehaus', year: 2014, court: 'scotus' });

  it('a case the name search finds is real, even where the data lacks its citation: never accused', async () => {
    const p = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', evidence: [CAP_LIST] }), () => ({ same: [driehaus], similar: [], conclusive: false, scope: 'x' }));
    const { verdicts } = await verify([sba], [p], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: true, confidence: 70, courtListenerData: { caseName: 'Susan B. Anthony List v. Driehaus', year: 2014 } });
    expect(message(verdicts[0])).toBe(
      'Found by name: Susan B. Anthony List v. Driehaus (Supreme Court of the United States, 2014-06-16); CourtListener holds it as 134 S. Ct. 2334, 189 L. Ed. 2d 246 but holds no U.S. citation for it',
    );
  });

  it('a name the search finds at another address of the same reporter: reported there, not here', async () => {
    const miranda: CaseCluster = { ...driehaus, clusterId: 1, caseName: 'Miranda v. Arizona', dateFiled: '1966-06-13', year: 1966, citation: '384 U.S. 436', citations: ['384 U.S. 436', '86 S. Ct. 1602'] };
    const p = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found' }), () => ({ same: [miranda], similar: [], conclusive: false, scope: 'x' }));
    const { verdicts } = await verify([makeCitation({ volume: 385, reporter: 'U.S.', page: '436', caseName: 'Miranda v. Arizona', year: 1966, court: 'scotus' })], [p], { now: NOW });
    expect(verdicts[0]).toMatchObject({
      isValid: false,
      validationDetails: { message: 'Miranda v. Arizona is reported at 384 U.S. 436, not 385 U.S. 436 (Supreme Court of the United States, 1966-06-13)', suggestion: 'Cite it as 384 U.S. 436' },
    });
    expect(message(verdicts[0])).not.toMatch(/hallucination/i);
  });

  it('a different case at the address, and the cited one reported elsewhere: says both', async () => {
    const marbury = { ...driehaus, clusterId: 2, caseName: 'Marbury v. Madison', citation: '5 U.S. 137', citations: ['5 U.S. 137'], dateFiled: '1803-02-24', year: 1803 };
    const miranda: CaseCluster = { ...driehaus, clusterId: 1, caseName: 'Miranda v. Arizona', citation: '384 U.S. 436', citations: ['384 U.S. 436'] };
    const p = provider('local case-law index', true, (r) => ({ id: r.id, status: 'found', clusters: [marbury] }), () => ({ same: [miranda], similar: [], conclusive: false, scope: 'x' }));
    const { verdicts } = await verify([makeCitation({ volume: 5, reporter: 'U.S.', page: '137', caseName: 'Miranda v. Arizona', year: 1966, court: 'scotus' })], [p], { now: NOW });
    expect(verdicts[0].isValid).toBe(false);
    expect(message(verdicts[0])).toContain('Miranda v. Arizona is reported at 384 U.S. 436, not 5 U.S. 137');
  });

  it('a similar name (one party matches) is a check, never an accusation, whatever the evidence', async () => {
    const other = { ...driehaus, caseName: 'Susan B. Anthony List v. Ohio Elections Commission' };
    const p = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', evidence: [CAP_LIST] }), () => ({ same: [], similar: [other], conclusive: false, scope: 'x' }));
    const { verdicts } = await verify([sba], [p], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: null, validationDetails: { suggestion: 'Check the case name and the citation against the original source' } });
    expect(message(verdicts[0])).toContain('a case with a similar name is there: Susan B. Anthony List v. Ohio Elections Commission');
  });

  it('looks up a volume written as text that the engine leaves out (1975-2 Trade Cas.)', async () => {
    const seen: LookupRequest[] = [];
    const p = provider('local case-law index', true, (r) => (seen.push(r), { id: r.id, status: 'not-found' }));
    const citations = findCitations('See United States v. Acme Widget Co., 1975-2 Trade Cas. (CCH) ¶ 60,123 (S.D.N.Y. 1975).');
    const trade = citations.find((c) => c.reporter === 'Trade Cas. (CCH)')!;
    await verify([trade], [p], { now: NOW });
    expect(seen.map((r) => [r.volume, r.reporter, r.page])).toEqual([['1975-2', 'Trade Cas. (CCH)', '60,123']]);
  });

  it('each full citation of a repeated address is judged by its own name (757 N.E.2d 1048 as Williams v. State, then as Diatchenko)', async () => {
    const diatchenko: CaseCluster = { ...driehaus, clusterId: 9, caseName: 'Diatchenko v. District Attorney for the Suffolk District', court: 'mass', courtName: 'Massachusetts Supreme Judicial Court', courtCitation: 'Mass.', citation: '757 N.E.2d 1048', year: 2001, dateFiled: '2001-10-01' };
    const at = provider('local case-law index', true, (r) => ({ id: r.id, status: 'found', clusters: [diatchenko] }));
    const citations = findCitations("Williams v. State, 757 N.E.2d 1048 (Ind. Ct. App. 2001). Courts agree. Diatchenko v. Dist. Att'y for Suffolk Dist., 757 N.E.2d 1048, 1055 (Mass. 2001). Id. at 1050.");
    expect(citations.map((c) => c.form)).toEqual(['full', 'full', 'id']);
    const { verdicts } = await verify(citations, [at], { now: NOW });
    expect(verdicts.map((v) => v.isValid)).toEqual([false, true, true]);
    expect(message(verdicts[0])).toMatch(/^Citation points to a different case: the brief names Williams v\. State/);
    // Id. refers to the citation just before it, not to the first one at that address.
    expect(message(verdicts[2])).toMatch(/^Refers to 757 N\.E\.2d 1048\. /);
    expect(verdicts[2].courtListenerData?.caseName).toBe('Diatchenko v. District Attorney for the Suffolk District');
  });
});

const message = (v: { validationDetails: unknown }) => (v.validationDetails as { message: string }).message;

describe('verify: what page ranges and sources add', () => {
  const smith = { clusterId: 10, caseName: 'Smith v. Jones', caseNameShort: 'Smith', court: 'ca11', courtName: null, courtCitation: '11th Cir.', dateFiled: '2019-06-04', year: 2019, absoluteUrl: null, citation: '925 F.3d 1320' };
  const ranged = { ...smith, pages: { firstPage: 1320, lastPage: 1342 } };
  const SOURCE = 'CourtListener bulk data of 2026-10-31';
  const smithAt = (pin: string | null) => makeCitation({ volume: 925, reporter: 'F.3d', page: '1320', pinCite: pin, caseName: 'Smith v. Jones', year: 2019, court: 'ca11' });

  it('warns about a pin past the last page, naming the last page, and keeps the case valid', async () => {
    const found = provider('local case-law index', true, (r) => ({ id: r.id, status: 'found', clusters: [ranged], source: SOURCE }));
    const { verdicts } = await verify([smithAt('1345'), smithAt('1330'), smithAt(null)], [found], { now: NOW });
    expect(verdicts[0].isValid).toBe(true);
    expect(message(verdicts[0])).toBe('Citation and case name match, but check the pin cite: the case ends at page 1342, so page 1345 is not in it');
    expect(verdicts[0].confidence).toBeLessThan(verdicts[1].confidence);
    expect(message(verdicts[1])).toBe('Exact citation and case name match');
    expect(message(verdicts[2])).toBe('Exact citation and case name match');
  });

  it("uses the source's pin check when the case's pages are not on the cluster", async () => {
    const found = provider('local case-law index', true, (r) => ({ id: r.id, status: 'found', clusters: [smith], pin: { pin: '1345', lastPage: 1342, beyondLastPage: true, note: 'pin 1345 is beyond the last page, 1342' } }));
    const { verdicts } = await verify([smithAt('1345')], [found], { now: NOW });
    expect(message(verdicts[0])).toContain('the case ends at page 1342, so page 1345 is not in it');
  });

  it("holds a short form's pin against the last page of the case it refers to", async () => {
    const found = provider('local case-law index', true, (r) => ({ id: r.id, status: 'found', clusters: [ranged], source: SOURCE }));
    const citations = findCitations('Smith v. Jones, 925 F.3d 1320 (11th Cir. 2019). The rule is settled. Smith, 925 F.3d at 1345. It applies here. Id. at 1330.');
    expect(citations.map((c) => c.form)).toEqual(['full', 'short', 'id']);
    const { verdicts } = await verify(citations, [found], { now: NOW });
    expect(verdicts.map((v) => v.isValid)).toEqual([true, true, true]);
    expect(message(verdicts[1])).toBe('Refers to 925 F.3d 1320. Exact citation and case name match; check the pin cite: the case ends at page 1342, so page 1345 is not in it');
    expect(verdicts[1].confidence).toBeLessThan(verdicts[0].confidence);
    expect(message(verdicts[2])).toBe('Refers to 925 F.3d 1320. Exact citation and case name match');
  });

  it('names the case a mid-case page belongs to, certain with page ranges', async () => {
    const inside = provider('local case-law index', true, (r) => ({ id: r.id, status: 'contained-in', cluster: ranged, approximate: false, note: '925 F.3d 1339 is page 1339 of Smith v. Jones, which begins at 1320', source: SOURCE }));
    const { verdicts } = await verify([cite], [inside], { now: NOW });
    expect(verdicts[0]).toMatchObject({ isValid: false, checkedAgainst: SOURCE, courtListenerData: { caseName: 'Smith v. Jones' } });
    expect(message(verdicts[0])).toBe('This page falls inside Smith v. Jones, 925 F.3d 1320 (11th Cir. 2019): 925 F.3d 1339 is page 1339 of that case, which runs from page 1320 to 1342');
    expect(message(verdicts[0])).not.toMatch(/approximate|probably/);
  });

  it('says when the placement is approximate (no page ranges), and accuses only on evidence', async () => {
    const near = provider('local case-law index', true, (r) => ({ id: r.id, status: 'contained-in', cluster: smith, approximate: true, evidence: [CAP_LIST], source: SOURCE }));
    const [other, same] = (await verify([cite, makeCitation({ volume: 925, reporter: 'F.3d', page: '1339', caseName: 'Smith v. Jones', year: 2019, court: 'ca11' })], [near], { now: NOW })).verdicts;
    expect(other.isValid).toBe(false);
    expect(message(other)).toBe(
      `This page probably falls inside Smith v. Jones, 925 F.3d 1320 (11th Cir. 2019): no case begins at 925 F.3d 1339, and that is the nearest case before it (its last page is not known here, so the placement is approximate); ${CAP_LIST.text}`,
    );
    expect(same.validationDetails).toEqual({
      message: 'Smith v. Jones is real, but it starts at 925 F.3d 1320: page 1339 is not its first page and is probably inside it (its last page is not known here)',
      suggestion: 'Cite the first page: 925 F.3d 1320',
    });
    // Without evidence the nearest case is only a hint: the cited one may be missing from the data in between.
    const hint = provider('local case-law index', true, (r) => ({ id: r.id, status: 'contained-in', cluster: smith, approximate: true, source: SOURCE }));
    const [unsure] = (await verify([cite], [hint], { now: NOW })).verdicts;
    expect(unsure.isValid).toBeNull();
    expect(message(unsure)).toContain('the nearest case before it is Smith v. Jones, 925 F.3d 1320 (11th Cir. 2019), but the data lacks some cases and citations');
  });

  it("holds a pin against the next case's first page when the last page is not known", async () => {
    const bounded = { ...smith, endsBy: 1350 };
    const found = provider('local case-law index', true, (r) => ({ id: r.id, status: 'found', clusters: [bounded], source: SOURCE }));
    const citations = findCitations('Smith v. Jones, 925 F.3d 1320 (11th Cir. 2019). The rule is settled. Id. at 1379.');
    const { verdicts } = await verify([smithAt('1360'), ...citations], [found], { now: NOW });
    expect(message(verdicts[0])).toBe('Citation and case name match, but check the pin cite: the next case in the volume begins at page 1350, so page 1360 is not in this one');
    expect(message(verdicts[2])).toBe('Refers to 925 F.3d 1320. Exact citation and case name match; check the pin cite: the next case in the volume begins at page 1350, so page 1379 is not in this one');
    expect(verdicts[2].confidence).toBeLessThanOrEqual(80);
  });

  it('says what each verdict was checked against, in words for a lawyer', async () => {
    const demo = provider('demo case-law index', false, (r) => ({ id: r.id, status: 'not-covered', reason: 'not in the local data (demo data, not authoritative)', source: 'demo data, not authoritative' }));
    const bulk = provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', evidence: [CAP_LIST], source: SOURCE }));
    const api = provider('CourtListener', true, (r) => ({ id: r.id, status: 'found', clusters: [{ ...smith, citation: '925 F.3d 1339' }] }));
    const [statute] = findCitations('Jurisdiction lies under 28 U.S.C. § 1332.');
    expect((await verify([cite], [demo], { now: NOW })).verdicts[0]).toMatchObject({ isValid: null, checkedAgainst: 'demo data (a small sample of well-known cases)' });
    expect((await verify([cite], [bulk], { now: NOW })).verdicts[0]).toMatchObject({ isValid: false, checkedAgainst: SOURCE });
    expect((await verify([cite], [demo, api], { now: NOW })).verdicts[0].checkedAgainst).toBe('CourtListener API');
    expect((await verify([cite], [demo, bulk], { now: NOW })).verdicts[0].checkedAgainst).toBe(SOURCE);
    expect((await verify([statute], [bulk], { now: NOW })).verdicts[0].checkedAgainst ?? null).toBeNull();
  });
});
