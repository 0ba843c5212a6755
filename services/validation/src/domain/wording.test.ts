import { describe, expect, it } from '@jest/globals';
import { findCitations } from '@citecheck/citations';
import { verify, type CaseCluster, type CaseLawProvider, type LookupResult } from '@citecheck/caselaw';
import type { ExtractedCitation, Verdict } from '@citecheck/proto';
import { toEngineCitation, withVerdict } from './citations';
import { withCourtNames } from './wording';

/** Words a lawyer should never have to decode: configuration, index kinds, commands. */
const OPERATOR_TERMS = /authoritative|index|COURTLISTENER_TOKEN|\bcitecheck (?:caselaw|extract|check|admin)\b|--|\bset [A-Z_]{4,}|database is configured|\bimport\b/i;

function extracted(text: string): ExtractedCitation {
  const c = findCitations(text)[0];
  return { ...c, id: 'c1', context: text } as unknown as ExtractedCitation;
}

function provider(name: string, authoritative: boolean, answer: (r: { id: string }) => LookupResult): CaseLawProvider {
  return { name, authoritative, lookup: async (requests) => requests.map(answer) };
}

async function verdictWith(providers: CaseLawProvider[], text = 'Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).') {
  const c = extracted(text);
  const { verdicts } = await verify([toEngineCitation(c)], providers, { now: new Date('2026-01-01') });
  return withVerdict(c, verdicts[0]);
}

const textOf = (v: Pick<Verdict, 'validationDetails'>) =>
  typeof v.validationDetails === 'string' ? v.validationDetails : `${v.validationDetails.message} ${v.validationDetails.suggestion ?? ''}`;

describe('verdict wording for lawyers (reports and CSV)', () => {
  it('a case the local collection lacks reads "Not verified", with no internal terms', async () => {
    const v = await verdictWith([provider('demo case-law index', false, (r) => ({ id: r.id, status: 'not-found' }))]);
    expect(v.isValid).toBeNull();
    expect(textOf(v)).toMatch(/^Not verified: /);
    expect(textOf(v)).not.toMatch(OPERATOR_TERMS);
    expect(textOf(v)).not.toMatch(/hallucination|pending/i);
  });

  it('a reporter the source cannot search is named as such', async () => {
    const v = await verdictWith([provider('local case-law index', false, (r) => ({ id: r.id, status: 'unknown-reporter' }))]);
    expect(textOf(v)).toMatch(/^Not verified: .*reporter F\.3d/);
    expect(textOf(v)).not.toMatch(OPERATOR_TERMS);
  });

  it('a lookup that failed says so and suggests a recheck, without the technical cause', async () => {
    const v = await verdictWith([provider('CourtListener', true, (r) => ({ id: r.id, status: 'error', message: 'HTTP 429 from https://www.courtlistener.com/api/rest/v4/' }))]);
    expect(textOf(v)).toMatch(/^Not verified: the case-law source could not be reached/);
    expect(textOf(v)).toMatch(/Recheck this citation later/);
    expect(textOf(v)).not.toMatch(/HTTP 429|api\/rest/);
  });

  it('no case-law source at all still reads as not verified', async () => {
    const v = await verdictWith([]);
    expect(textOf(v)).toMatch(/^Not verified: /);
    expect(textOf(v)).not.toMatch(OPERATOR_TERMS);
  });

  it('leaves verdicts that already speak to a lawyer alone, the evidence of a "not found" included', async () => {
    const evidence = "the Caselaw Access Project's list of the 147 cases in volume 925 of F.3d has none beginning at page 1339, and CourtListener has no citation there either";
    const notFound = await verdictWith([provider('CourtListener', true, (r) => ({ id: r.id, status: 'not-found', evidence: [{ kind: 'cap-list', text: evidence }] }))]);
    expect(notFound.isValid).toBe(false);
    expect(notFound.validationDetails).toEqual({ message: `Possible hallucination - citation not found: ${evidence}`, suggestion: 'Check formatting' });
  });

  it('a miss with no evidence is not a hallucination: "Not verified", saying what the data lacks', async () => {
    const v = await verdictWith([provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', gap: 'CourtListener bulk data of 2026-10-31 holds 2 cases of volume 925 of F.3d but no list of all of them' }))]);
    expect(v.isValid).toBeNull();
    expect(textOf(v)).toMatch(/^Not verified: not in the local data \(CourtListener bulk data of 2026-10-31 holds 2 cases of volume 925 of F\.3d but no list of all of them\)/);
  });

  it('a statute reads "Not checked: statute", never pending', async () => {
    const text = 'The claim arises under 42 U.S.C. § 1983.';
    const v = withVerdict(extracted(text), (await verify([toEngineCitation(extracted(text))], [])).verdicts[0]);
    expect(v).toMatchObject({ isValid: null, validationDetails: { message: 'Not checked: statute (statutes and regulations are listed, not verified)' } });
  });

  it('shows the court by name, not by its id', async () => {
    const cluster: CaseCluster = {
      clusterId: 1, caseName: 'Varghese v. China Southern Airlines Co.', caseNameShort: null, court: 'ca11', courtName: null,
      courtCitation: null, dateFiled: '2019-01-01', year: 2019, absoluteUrl: 'https://www.courtlistener.com/opinion/1/x/', citation: '925 F.3d 1339',
    };
    const v = await verdictWith([provider('CourtListener', true, (r) => ({ id: r.id, status: 'found', clusters: [cluster] }))]);
    expect(v.courtListenerData?.court).toMatch(/Court of Appeals for the Eleventh Circuit/);
  });

  it('court ids become names in the case data and in a message', async () => {
    expect(withCourtNames('decided by (nysd 2012)')).toMatch(/S\.D\. New York|Southern District of New York/);
    const cluster: CaseCluster = {
      clusterId: 2, caseName: 'Someone Else v. Other', caseNameShort: null, court: 'nysd', courtName: null,
      courtCitation: null, dateFiled: '2012-01-01', year: 2012, absoluteUrl: null, citation: '925 F.3d 1339',
    };
    const v = await verdictWith([provider('CourtListener', true, (r) => ({ id: r.id, status: 'found', clusters: [cluster] }))]);
    expect(v.isValid).toBe(false);
    expect(v.courtListenerData?.court).toMatch(/S\.D\. New York|Southern District of New York/);
    expect(textOf(v)).not.toMatch(/\bnysd\b/);
  });

  it('carries what each verdict was checked against, the demo data named as a sample', async () => {
    const demo = await verdictWith([provider('demo case-law index', false, (r) => ({ id: r.id, status: 'not-covered', reason: 'not in the local data (demo data, not authoritative)', source: 'demo data, not authoritative' }))]);
    expect(demo.checkedAgainst).toBe('demo data (a small sample of well-known cases)');
    const bulk = await verdictWith([provider('local case-law index', true, (r) => ({ id: r.id, status: 'not-found', evidence: [{ kind: 'cap-list', text: 'a list' }], source: 'CourtListener bulk data of 2026-10-31' }))]);
    expect(bulk).toMatchObject({ isValid: false, checkedAgainst: 'CourtListener bulk data of 2026-10-31' });
    const statute = withVerdict(extracted('The claim arises under 42 U.S.C. § 1983.'), (await verify([toEngineCitation(extracted('The claim arises under 42 U.S.C. § 1983.'))], [])).verdicts[0]);
    expect(statute.checkedAgainst).toBeNull();
  });
});
