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
    expect(verdicts[0].validationDetails).toMatchObject({ message: expect.stringContaining('no case-law database is configured') });
  });

  it('never calls a miss in a non-authoritative source a hallucination', async () => {
    const partial = provider('local case-law index', false, (r) => ({ id: r.id, status: 'not-found' }));
    const { verdicts } = await verify([cite], [partial], { now: NOW });
    expect(verdicts[0].isValid).toBeNull();
    expect((verdicts[0].validationDetails as { message: string }).message).toContain('no authoritative case-law database is configured');
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

  it('asks once per address and skips the lookup for implausible citations', async () => {
    const miss = provider('CourtListener', true, (r) => ({ id: r.id, status: 'not-found' }));
    const future = makeCitation({ volume: 88, reporter: 'F.4th', page: '1012', year: 2031, court: 'ca2' });
    const { verdicts } = await verify([cite, cite, future], [miss], { now: NOW });
    expect(miss.seen).toBe(1);
    expect(verdicts.map((v) => v.isValid)).toEqual([false, false, false]);
    expect(verdicts[0].validationDetails).toEqual({ message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' });
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
