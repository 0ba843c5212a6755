import { findCitations } from '@citecheck/citations';
import type { CaseLawProvider, LookupRequest, LookupResult } from '../provider';
import { makeCitation } from '../testing/fixtures';
import { verify } from './verify';

const NOW = new Date('2025-06-01T00:00:00Z');
const cite = makeCitation({ volume: 925, reporter: 'F.3d', page: '1339', caseName: 'Varghese v. China Southern Airlines Co.', year: 2019, court: 'ca11' });

/** A provider whose every answer is given: for the chain rules, apart from any real source. */
function provider(name: string, authoritative: boolean, answer: (r: LookupRequest) => LookupResult): CaseLawProvider & { seen: number } {
  const p = { name, authoritative, seen: 0, calls: 0, lookup: async (rs: LookupRequest[]) => rs.map((r) => (p.seen++, p.calls++, answer(r))) };
  return p;
}

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
    const miss = provider('CourtListener', true, (r) => ({ id: r.id, status: 'not-found' }));
    const future = makeCitation({ volume: 88, reporter: 'F.4th', page: '1012', year: 2031, court: 'ca2' });
    const noSuchVolume = makeCitation({ volume: 1204, reporter: 'F.2d', page: '12', year: 1990, court: 'ca9' });
    const { verdicts } = await verify([cite, cite, future, noSuchVolume], [miss], { now: NOW });
    expect(miss.seen).toBe(2);
    expect(verdicts.map((v) => v.isValid)).toEqual([false, false, false, false]);
    expect(verdicts[0].validationDetails).toEqual({ message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' });
    expect((verdicts[2].validationDetails as { message: string }).message).toBe('Implausible citation: The year 2031 is in the future');
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
    const covered = provider('Westlaw', true, (r) => ({ id: r.id, status: 'not-found', coverage: { covered: true } }));
    const [printed] = (await verify([cite], [uncovered], { now: NOW })).verdicts;
    expect(printed).toMatchObject({ isValid: null, validationDetails: { message: 'Unverified: not in the local data (the data holds 925 F.3d only up to page 1200)' } });
    const [westlaw] = (await verify([wl], [covered], { now: NOW })).verdicts;
    expect(westlaw.validationDetails).toEqual({ message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' });
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

  it('still calls a printed reporter citation missing from an authoritative source not found', async () => {
    const { verdicts } = await verify([cite], [miss()], { now: NOW });
    expect(verdicts[0].validationDetails).toEqual({ message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' });
  });
});
