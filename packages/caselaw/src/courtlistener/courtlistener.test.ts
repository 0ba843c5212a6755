import { FakeCourtListener } from '../testing/fake-courtlistener';
import type { FakeCase } from '../testing/fake-courtlistener';
import { MemoryCache } from '../provider';
import type { LookupRequest } from '../provider';
import { CourtListenerClient } from './client';
import { OpinionNotAvailableError, OpinionNotRetrievedError, OpinionTemporaryError, fetchOpinionText, htmlToText } from './opinion';
import { CourtListenerProvider } from './provider';
import { CitationThrottle } from './throttle';

const scotus = { id: 'scotus', citationString: 'SCOTUS', fullName: 'Supreme Court of the United States' };
const CASES: FakeCase[] = [
  { clusterId: 1, caseName: 'Bell Atlantic Corp. v. Twombly', caseNameShort: 'Twombly', dateFiled: '2007-05-21', docketId: 11, court: scotus, citations: ['550 U.S. 544', '127 S. Ct. 1955'] },
  { clusterId: 2, caseName: 'Ashcroft v. Iqbal', dateFiled: '2009-05-18', docketId: 12, court: scotus, citations: ['556 U.S. 662'], opinions: [{ id: 90, html_with_citations: '<p>Justice Kennedy delivered the opinion of the Court.</p><p>Iqbal &amp; others &#8212; &quot;plausible&quot;</p>' }] },
  { clusterId: 3, caseName: 'No Text v. Anyone', dateFiled: '2000-01-01', docketId: 13, court: scotus, citations: ['530 U.S. 1'], opinions: [{ id: 91 }] },
];
const req = (volume: number, reporter: string, page: string, id = `${volume} ${reporter} ${page}`): LookupRequest => ({ id, volume, reporter, page });

describe('CourtListenerProvider against the fake server', () => {
  let fake: FakeCourtListener;
  let url: string;
  beforeEach(async () => {
    fake = new FakeCourtListener(CASES);
    url = await fake.start();
  });
  afterEach(() => fake.stop());

  it('finds, misses and rejects, with the court from the docket (fetched once)', async () => {
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 10_000 });
    const res = await cl.lookup([req(550, 'U.S.', '544'), req(127, 'S. Ct.', '1955'), req(999, 'F.3d', '1'), req(12, 'Fake Rptr.', '3')]);
    expect(res.map((r) => r.status)).toEqual(['found', 'found', 'not-found', 'unknown-reporter']);
    // Each verdict says what it was checked against.
    expect(res.map((r) => r.source)).toEqual(['CourtListener API', 'CourtListener API', 'CourtListener API', 'CourtListener API']);
    expect(res[0]).toMatchObject({
      id: '550 U.S. 544',
      clusters: [{ clusterId: 1, court: 'scotus', courtName: 'Supreme Court of the United States', year: 2007, absoluteUrl: 'https://www.courtlistener.com/opinion/1/bell-atlantic-corp-v-twombly/' }],
    });
    expect(fake.requests.filter((r) => r.path.startsWith('/api/rest/v4/dockets/'))).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/api/rest/v4/citation-lookup/')).toHaveLength(1);
  });

  it('answers from the cache the second time', async () => {
    const cache = new MemoryCache();
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 10_000, cache });
    await cl.lookup([req(550, 'U.S.', '544')]);
    const calls = cl.calls;
    const again = await cl.lookup([req(550, 'U.S.', '544', 'other-id')]);
    expect(again[0]).toMatchObject({ id: 'other-id', status: 'found', source: 'CourtListener API' });
    expect(cl.calls).toBe(calls);
    expect(cache.size).toBe(1);
  });

  it('splits more than 250 citations into several requests', async () => {
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 100_000 });
    const many = Array.from({ length: 600 }, (_, i) => req(100 + i, 'F.3d', '1'));
    const res = await cl.lookup(many);
    expect(res.every((r) => r.status === 'not-found')).toBe(true);
    expect(fake.requests.filter((r) => r.path === '/api/rest/v4/citation-lookup/').map((r) => r.citations)).toEqual([250, 250, 100]);
  });

  it('re-sends the citations answered 429 past the per-request cap', async () => {
    await fake.stop();
    fake = new FakeCourtListener(CASES, { maxCitationsPerRequest: 100 });
    url = await fake.start();
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 100_000 });
    const res = await cl.lookup([...Array.from({ length: 150 }, (_, i) => req(100 + i, 'F.3d', '1')), req(550, 'U.S.', '544')]);
    expect(res.filter((r) => r.status === 'not-found')).toHaveLength(150);
    expect(res[150].status).toBe('found');
    expect(fake.requests.filter((r) => r.path === '/api/rest/v4/citation-lookup/').map((r) => r.citations)).toEqual([100, 51]);
  });

  it('waits until wait_until when the server throttles, then succeeds', async () => {
    await fake.stop();
    fake = new FakeCourtListener(CASES, { citationsPerWindow: 2, windowMs: 600 });
    url = await fake.start();
    const outcomes: string[] = [];
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 100_000, batchSize: 2, onCall: (outcome) => outcomes.push(outcome) });
    const t0 = Date.now();
    const res = await cl.lookup([req(550, 'U.S.', '544'), req(556, 'U.S.', '662'), req(1, 'F.3d', '1'), req(2, 'F.3d', '2')]);
    expect(res.map((r) => r.status)).toEqual(['found', 'found', 'not-found', 'not-found']);
    expect(fake.requests.some((r) => r.status === 429)).toBe(true);
    // Every call is reported, the throttled ones as such (the service counts them as a metric).
    expect(outcomes).toHaveLength(cl.calls);
    expect(outcomes.filter((o) => o === 'throttled')).toHaveLength(fake.requests.filter((r) => r.status === 429).length);
    expect(outcomes).toContain('ok');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
  });

  it('retries 5xx with backoff', async () => {
    fake.failNext(2, 503);
    const outcomes: string[] = [];
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'test-token', citationsPerMinute: 10_000, backoffMs: 10, onCall: (outcome) => outcomes.push(outcome) });
    const [r] = await cl.lookup([req(556, 'U.S.', '662')]);
    expect(r.status).toBe('found');
    expect(outcomes.slice(0, 3)).toEqual(['error', 'error', 'ok']);
    expect(fake.requests.slice(0, 2).map((x) => x.status)).toEqual([503, 503]);
  });

  it('reports an error result, not an exception, when the token is refused', async () => {
    const cl = new CourtListenerProvider({ baseUrl: url, token: 'wrong', citationsPerMinute: 10_000 });
    const [r] = await cl.lookup([req(550, 'U.S.', '544')]);
    expect(r).toMatchObject({ status: 'error' });
    expect((r as { message: string }).message).toContain('401');
  });

  it('enforces the 64,000-character limit on text (fake server)', async () => {
    const res = await fetch(`${url}/api/rest/v4/citation-lookup/`, {
      method: 'POST',
      headers: { Authorization: 'Token test-token', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ text: 'x'.repeat(64_001) }).toString(),
    });
    expect(res.status).toBe(400);
  });
});

describe('fetchOpinionText', () => {
  let fake: FakeCourtListener;
  let client: CourtListenerClient;
  beforeAll(async () => {
    fake = new FakeCourtListener(CASES);
    client = new CourtListenerClient({ baseUrl: await fake.start(), token: 'test-token', backoffMs: 1, retries: 1 });
  });
  afterAll(() => fake.stop());

  it('reads plain text through an /opinion/ URL', async () => {
    expect(await fetchOpinionText(client, 'https://www.courtlistener.com/opinion/1/bell-atlantic-corp-v-twombly/')).toContain('Bell Atlantic Corp. v. Twombly');
  });

  it('resolves a /c/ citation URL and strips HTML', async () => {
    expect(await fetchOpinionText(client, 'https://www.courtlistener.com/c/U.S./556/662/')).toBe('Justice Kennedy delivered the opinion of the Court.\nIqbal & others — "plausible"');
  });

  it('maps failures to the three SPEC messages', async () => {
    await expect(fetchOpinionText(client, 'https://www.courtlistener.com/opinion/424242/x/')).rejects.toThrow(OpinionNotAvailableError);
    await expect(fetchOpinionText(client, 'https://www.courtlistener.com/opinion/3/no-text/')).rejects.toMatchObject({ userMessage: 'Case opinion text not available for this citation' });
    await expect(fetchOpinionText(client, 'https://example.com/not-a-case')).rejects.toThrow(OpinionNotAvailableError);
    fake.failNext(5, 502);
    await expect(fetchOpinionText(client, 'https://www.courtlistener.com/opinion/1/x/')).rejects.toMatchObject({ userMessage: 'Error loading case opinion. Please try again later.' });
    fake.failNext(0);
    const refused = new CourtListenerClient({ baseUrl: fake.url, token: 'bad' });
    const err = await fetchOpinionText(refused, 'https://www.courtlistener.com/opinion/1/x/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpinionNotRetrievedError);
    expect((err as OpinionNotRetrievedError).userMessage).toBe('Case opinion could not be retrieved');
    expect(new OpinionTemporaryError('x').code).toBe('temporary');
  });

  it('htmlToText keeps paragraphs', () => {
    expect(htmlToText('<div><p>A&nbsp;B</p><p>C<br>D</p></div>')).toBe('A B\nC\nD');
  });
});

describe('CitationThrottle', () => {
  it('paces citations to the configured rate', async () => {
    let now = 0;
    const slept: number[] = [];
    const clock = { now: () => now, sleep: async (ms: number) => void (slept.push(ms), (now += ms)) };
    const t = new CitationThrottle(60, clock);
    await t.acquire(60); // the bucket starts full
    expect(slept).toEqual([]);
    await t.acquire(30); // half a minute's worth
    expect(now).toBe(30_000);
    await t.acquire(250); // a full batch waits for a full bucket, then overdraws it
    await t.acquire(1);
    expect(now).toBeGreaterThanOrEqual(30_000 + 60_000 + 191_000);
  });
});
