/**
 * Opinion text from CourtListener's API for quotation checks, against the fake server: the
 * address through the citation lookup, the cluster's opinions read html_with_citations first
 * and joined majority first, cached; and CourtListener's failures: a cluster that answers 404,
 * an opinion without text, 429 (waited out, or past the longest wait: an error, not cached).
 */
import { findCitations } from '@citecheck/citations';
import { checkBriefQuotes, findBriefQuotes } from '../quotes';
import { FakeCourtListener, type FakeCase } from '../testing/fake-courtlistener';
import { CourtListenerProvider } from './provider';
import type { Clock } from './throttle';
import type { OpinionTextCache } from '../provider';

const ca9 = { id: 'ca9', citationString: '9th Cir.', fullName: 'Court of Appeals for the Ninth Circuit' };
const star = (n: number) => `<span citation-index="1" class="star-pagination" label="${n}"> *${n} </span>`;
const CASES: FakeCase[] = [
  {
    clusterId: 501,
    caseName: 'Rivera v. Harbor Freight Lines',
    dateFiled: '2015-03-02',
    docketId: 601,
    court: ca9,
    citations: ['780 F.3d 900'],
    opinions: [
      // The dissent is listed first: the majority must still come first in the joined text.
      { id: 7002, type: '040dissent', html: `<p>I would hold the carrier to its word.</p><span class="star-pagination">*906</span><p>I respectfully dissent.</p>` },
      { id: 7001, type: '020lead', plain_text: 'A plain text without pages.', html_with_citations: `<p>The carrier bears the burden of proof. ${star(901)} A shipper need not show negligence to recover for goods lost in transit.</p><p>${star(902)}We affirm.</p>` },
      // An opinion with no text in any field (CourtListener has such records): passed over.
      { id: 7003, type: '030concurrence' },
    ],
  },
  { clusterId: 502, caseName: 'Withdrawn v. Merged', dateFiled: '2015-04-01', docketId: 602, court: ca9, citations: ['781 F.3d 10'], clusterGone: true },
  { clusterId: 503, caseName: 'Empty v. Record', dateFiled: '2015-05-01', docketId: 603, court: ca9, citations: ['782 F.3d 20'], opinions: [{ id: 7010, type: '020lead' }] },
];

/** A clock that sleeps at once and remembers how long it was asked to. */
function instantClock(): Clock & { slept: number[] } {
  let now = Date.parse('2026-11-28T12:00:00Z');
  const slept: number[] = [];
  return { slept, now: () => now, sleep: async (ms: number) => void (slept.push(ms), (now += ms)) } as Clock & { slept: number[] };
}

describe('CourtListenerProvider.opinionText', () => {
  let fake: FakeCourtListener;
  let url: string;
  beforeEach(async () => {
    fake = new FakeCourtListener(CASES);
    url = await fake.start();
  });
  afterEach(() => fake.stop());

  const provider = (extra: Partial<ConstructorParameters<typeof CourtListenerProvider>[0]> = {}) =>
    new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 10_000, backoffMs: 1, clock: instantClock(), ...extra });

  it("reads the cluster's opinions, html_with_citations first, majority first, and caches the text", async () => {
    const cl = provider();
    const answer = await cl.opinionText({ volume: 780, reporter: 'F.3d', page: '900' });
    if (answer.status !== 'found') throw new Error(answer.status);
    expect(answer.source).toBe('CourtListener API');
    expect(answer.opinion.text).toMatch(/^The carrier bears the burden of proof\./);
    expect(answer.opinion.text).toContain('I respectfully dissent.');
    expect(answer.opinion.text).not.toContain('A plain text without pages');
    expect(answer.opinion.marks.map((m) => m.label)).toEqual(['901', '902', '902', '906']);
    const calls = fake.requests.length;
    await cl.opinionText({ volume: 780, reporter: 'F.3d', page: '900' });
    expect(fake.requests.length).toBe(calls); // from the cache
    expect(fake.requests.filter((r) => r.path.startsWith('/api/rest/v4/opinions/')).map((r) => r.path)).toEqual([
      '/api/rest/v4/opinions/7002/',
      '/api/rest/v4/opinions/7001/',
      '/api/rest/v4/opinions/7003/',
    ]);
  });

  it('a quotation checked through the API: on its page, on another, altered', async () => {
    const brief =
      'A shipper "need not show negligence to recover for goods lost in transit." Rivera v. Harbor Freight Lines, 780 F.3d 900, 901 (9th Cir. 2015). ' +
      'The panel said "[t]he carrier bears the burden of proof." Id. at 902. ' +
      'It held that "a shipper must show negligence to recover for goods lost in transit." Id. at 901.';
    const citations = findCitations(brief);
    const results = await checkBriefQuotes(findBriefQuotes(brief, citations).map((f) => ({ ...f, caseValid: true })), [provider()]);
    expect(results.map((r) => [r.status, r.foundPage])).toEqual([['verified', '901'], ['wrong-page', '900'], ['altered', '901']]);
  });

  it('a cluster that answers 404 and a case whose opinions have no text: no text', async () => {
    const cl = provider();
    expect(await cl.opinionText({ volume: 781, reporter: 'F.3d', page: '10' })).toEqual({ status: 'no-text' });
    expect(await cl.opinionText({ volume: 782, reporter: 'F.3d', page: '20' })).toEqual({ status: 'no-text' });
    expect(await cl.opinionText({ volume: 999, reporter: 'F.3d', page: '1' })).toEqual({ status: 'not-found' });
    const brief = 'The court noted that "the record was withdrawn before the appeal was heard." Withdrawn v. Merged, 781 F.3d 10, 12 (9th Cir. 2015).';
    const citations = findCitations(brief);
    const [r] = await checkBriefQuotes(findBriefQuotes(brief, citations).map((f) => ({ ...f, caseValid: true })), [cl]);
    expect(r).toMatchObject({ status: 'unchecked', message: 'Not checked: the text of this opinion is not available.' });
  });

  it('429: waited out as CourtListener asks; past the longest wait an error (not cached), and the next ask fetches it', async () => {
    const clock = instantClock();
    const cl = provider({ clock });
    await cl.lookup([{ id: 'a', volume: 780, reporter: 'F.3d', page: '900' }]); // the address is cached: the next request is the cluster's
    fake.failNext(1, 429);
    expect((await cl.opinionText({ volume: 780, reporter: 'F.3d', page: '900' })).status).toBe('found');
    expect(fake.requests.some((r) => r.status === 429 && r.path === '/api/rest/v4/clusters/501/')).toBe(true);
    expect(clock.slept).toContain(60_000); // no wait_until in the answer: a minute

    const impatient = provider({ clock: instantClock(), maxWaitMs: 1000 });
    await impatient.lookup([{ id: 'a', volume: 780, reporter: 'F.3d', page: '900' }]);
    fake.failNext(10, 429);
    const refused = await impatient.opinionText({ volume: 780, reporter: 'F.3d', page: '900' });
    expect(refused).toMatchObject({ status: 'error', message: expect.stringMatching(/HTTP 429/) });
    const brief = 'A shipper "need not show negligence to recover for goods lost in transit." Rivera v. Harbor Freight Lines, 780 F.3d 900, 901 (9th Cir. 2015).';
    const [unchecked] = await checkBriefQuotes(findBriefQuotes(brief, findCitations(brief)).map((f) => ({ ...f, caseValid: true })), [impatient]);
    expect(unchecked).toMatchObject({ status: 'unchecked', message: 'Not checked: the opinion could not be retrieved. Please try again later.' });
    fake.failNext(0);
    expect((await impatient.opinionText({ volume: 780, reporter: 'F.3d', page: '900' })).status).toBe('found');
  });

  it('a text kept in the shared cache is not fetched again (another process, a restart); unreadable bytes are fetched anew', async () => {
    const kept = new Map<string, Uint8Array>();
    const cache: OpinionTextCache = { get: async (k) => kept.get(k), set: async (k, v) => void kept.set(k, v) };
    expect((await provider({ opinionTextCache: cache }).opinionText({ volume: 780, reporter: 'F.3d', page: '900' })).status).toBe('found');
    expect([...kept.keys()]).toEqual(['780 F.3d 900']);
    const before = fake.requests.length;
    const again = await provider({ opinionTextCache: cache }).opinionText({ volume: 780, reporter: 'F.3d', page: '900' });
    if (again.status !== 'found') throw new Error(again.status);
    expect(again.opinion.marks.map((m) => m.label)).toEqual(['901', '902', '902', '906']);
    expect(fake.requests.length).toBe(before); // not a single request
    // "No text" is not kept: it is asked again.
    await provider({ opinionTextCache: cache }).opinionText({ volume: 782, reporter: 'F.3d', page: '20' });
    expect(kept.has('782 F.3d 20')).toBe(false);
    kept.set('780 F.3d 900', new Uint8Array([1, 2, 3]));
    expect((await provider({ opinionTextCache: cache }).opinionText({ volume: 780, reporter: 'F.3d', page: '900' })).status).toBe('found');
    expect(fake.requests.length).toBeGreaterThan(before);
  });

  it('a wrong token is an error, never "no text"', async () => {
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'wrong', citationsPerMinute: 10_000, clock: instantClock() });
    expect(await cl.opinionText({ volume: 780, reporter: 'F.3d', page: '900' })).toMatchObject({ status: 'error' });
  });
  it("every request is paced within the token's request limit (the cluster and each opinion too), and counted in the shared quota", async () => {
    // The lookup (with its docket and court), the cluster and its three opinions, at two a minute.
    const clock = instantClock();
    const counted: number[] = [];
    const shared = { take: async (count: number) => (counted.push(count), 0) };
    const answer = await provider({ clock, requestsPerMinute: 2, sharedRequestQuota: shared }).opinionText({ volume: 780, reporter: 'F.3d', page: '900' });
    expect(answer.status).toBe('found');
    const sent = fake.requests.length;
    expect(sent).toBeGreaterThanOrEqual(5);
    expect(counted).toEqual(fake.requests.map(() => 1));
    // Two at once, then one every 30 s.
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual((sent - 2) * 30_000 - 1);

    // Another process took this minute's requests: the next waits for the next minute.
    const busy = instantClock();
    let refusals = 1;
    const full = { take: async () => (refusals-- > 0 ? 42_000 : 0) };
    await provider({ clock: busy, requestsPerMinute: 100, sharedRequestQuota: full }).opinionText({ volume: 782, reporter: 'F.3d', page: '20' });
    expect(busy.slept).toContain(42_000);
  });
});
