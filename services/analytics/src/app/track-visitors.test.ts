import { createSqliteStore } from '@citecheck/platform';
import { visitorRepository } from '../store/visitors';
import { resolveRange, trackingUseCases } from './track-visitors';

const SESSION = 'V1StGXR8_Z5jdHi6B-myT';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

function setup() {
  let now = new Date('2026-03-01T10:00:00Z');
  const visitors = visitorRepository(createSqliteStore({ dir: ':memory:', service: 'analytics' }));
  const tracking = trackingUseCases({ visitors, clock: { now: () => now } });
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  return { visitors, tracking, advance };
}

describe('visitor tracking', () => {
  it('stores one session per tab with a truncated address, and a reload only refreshes it', async () => {
    const { visitors, tracking, advance } = setup();
    const body = { sessionId: SESSION, entryPage: '/', screenResolution: '1280x800', deviceType: 'desktop' };
    expect(await tracking.trackVisitor(body, { userAgent: CHROME, ip: '198.51.100.23' })).toEqual({ sessionId: SESSION, created: true });
    advance(60_000);
    expect(await tracking.trackVisitor({ ...body, entryPage: '/dashboard' }, { userAgent: CHROME, ip: '198.51.100.23' })).toMatchObject({ created: false });
    const session = await visitors.getSession(SESSION);
    expect(session).toMatchObject({ browser: 'Chrome', operatingSystem: 'Windows', entryPage: '/', ipPrefix: '198.51.100.0', lastSeenAt: '2026-03-01T10:01:00.000Z' });
  });

  it('records a view, then closes that view with the exit beacon (once)', async () => {
    const { visitors, tracking, advance } = setup();
    await tracking.trackPageView({ sessionId: SESSION, page: '/', title: 'CiteCheck', referrer: null });
    advance(30_000);
    expect(await tracking.trackPageView({ sessionId: SESSION, page: '/', title: 'CiteCheck', timeOnPage: 30, scrollDepth: 180 })).toEqual({ kind: 'exit' });
    // The unload beacon after a route change's beacon: the view is already closed.
    await tracking.trackPageView({ sessionId: SESSION, page: '/', title: 'CiteCheck', timeOnPage: 99, scrollDepth: 10 });
    const views = await visitors.pageViews(SESSION);
    expect(views[0]).toMatchObject({ page: '/', timeOnPage: 30, scrollDepth: 100, exitedAt: '2026-03-01T10:00:30.000Z' });
    // The second beacon found no open view: it is counted as its own (exit-only) visit.
    expect(views).toHaveLength(2);
    expect(views[1]).toMatchObject({ timeOnPage: 99, scrollDepth: 10 });
    expect(await tracking.visitorAnalytics()).toMatchObject({ pageViews: 2, topPages: [{ page: '/', views: 2 }] });
  });

  it('counts a page view that overtook its visitor record (not a bounce once a second view comes)', async () => {
    const { visitors, tracking } = setup();
    await tracking.trackPageView({ sessionId: SESSION, page: '/' });
    await tracking.trackVisitor({ sessionId: SESSION, entryPage: '/' }, { userAgent: CHROME, ip: null });
    expect((await visitors.getSession(SESSION))?.pageViews).toBe(1);
    expect(await tracking.visitorAnalytics()).toMatchObject({ bounceRate: 100 });
    await tracking.trackPageView({ sessionId: SESSION, page: '/dashboard' });
    expect(await tracking.visitorAnalytics()).toMatchObject({ bounceRate: 0, pageViews: 2 });
  });

  it('refuses malformed records with a 400', async () => {
    const { tracking } = setup();
    await expect(tracking.trackPageView({ sessionId: SESSION, page: 'nope' })).rejects.toMatchObject({ status: 400 });
    await expect(tracking.trackVisitor(null, { userAgent: null, ip: null })).rejects.toMatchObject({ status: 400 });
  });
});

describe('visitor analytics for a range', () => {
  it('counts only sessions and views inside the range', async () => {
    const { tracking, advance } = setup();
    await tracking.trackVisitor({ sessionId: SESSION, entryPage: '/' }, { userAgent: CHROME, ip: '198.51.100.23' });
    await tracking.trackPageView({ sessionId: SESSION, page: '/' });
    advance(2 * 86_400_000); // 2026-03-03
    const later = 'W2StGXR8_Z5jdHi6B-myT';
    await tracking.trackVisitor({ sessionId: later, entryPage: '/dashboard' }, { userAgent: CHROME, ip: '192.0.2.1' });
    await tracking.trackPageView({ sessionId: later, page: '/dashboard' });
    expect(await tracking.visitorAnalytics()).toMatchObject({ totalVisitors: 2, pageViews: 2 });
    const firstDay = await tracking.visitorAnalytics({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(firstDay).toMatchObject({ totalVisitors: 1, pageViews: 1, topPages: [{ page: '/', views: 1 }], browsers: [{ browser: 'Chrome', count: 1 }] });
    expect(await tracking.visitorAnalytics({ startDate: '2026-03-02', endDate: '2026-03-02' })).toMatchObject({ totalVisitors: 0, pageViews: 0 });
  });

  it('reads dates as whole days and refuses nonsense', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(resolveRange({ startDate: '2026-03-01', endDate: '2026-03-02' }, now)).toEqual({ start: '2026-03-01T00:00:00.000Z', end: '2026-03-03T00:00:00.000Z' });
    expect(() => resolveRange({ startDate: 'yesterday' }, now)).toThrow('Invalid date range');
    expect(() => resolveRange({ startDate: '2026-03-05', endDate: '2026-03-01' }, now)).toThrow('Invalid date range');
  });
});

describe('retention', () => {
  it('drops sessions and views older than the retention period and keeps the daily page counts', async () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const visitors = visitorRepository(createSqliteStore({ dir: ':memory:', service: 'analytics' }));
    const tracking = trackingUseCases({ visitors, clock: { now: () => now }, retentionDays: 90 });
    await tracking.trackVisitor({ sessionId: SESSION, entryPage: '/' }, { userAgent: CHROME, ip: null });
    await tracking.trackPageView({ sessionId: SESSION, page: '/' });
    now = new Date('2026-03-31T09:00:00Z'); // 89 days later: still kept
    expect(await tracking.purgeExpired()).toEqual({ sessions: 0, views: 0 });
    now = new Date('2026-04-01T11:00:00Z'); // 90 days and an hour
    expect(await tracking.purgeExpired()).toEqual({ sessions: 1, views: 1 });
    expect(await visitors.getSession(SESSION)).toBeNull();
    const january = await tracking.visitorAnalytics({ startDate: '2026-01-01', endDate: '2026-01-01' });
    expect(january).toMatchObject({ totalVisitors: 0, pageViews: 1, topPages: [{ page: '/', views: 1 }] });
  });
});
