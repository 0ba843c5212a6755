import { computeVisitorAnalytics, daysOf, defaultRange, visitorKey, type PageFacts, type SessionFacts } from './visitor-analytics';

function session(id: string, startedAt: string, minutes: number, extra: Partial<SessionFacts> = {}): SessionFacts {
  return {
    pageViews: 0,
    id, startedAt, lastSeenAt: new Date(Date.parse(startedAt) + minutes * 60_000).toISOString(), ipPrefix: '203.0.113.0', userAgent: 'ua-1',
    country: null, deviceType: 'desktop', browser: 'Chrome', ...extra,
  };
}

describe('visitor analytics', () => {
  const sessions = [
    session('a', '2026-03-01T09:00:00Z', 2, { pageViews: 2 }),
    session('b', '2026-03-01T18:00:00Z', 4, { pageViews: 1, country: 'Germany', browser: 'Firefox' }), // same network and agent as a: the same visitor
    session('c', '2026-03-02T10:00:00Z', 0, { pageViews: 3, ipPrefix: '198.51.100.0', country: 'Germany', deviceType: 'mobile', browser: 'Safari' }),
    session('d', '2026-03-02T11:00:00Z', 6, { ipPrefix: null, deviceType: 'mobile', browser: 'Safari' }),
  ];
  // Daily counts: two days of '/', one of the others.
  const views: PageFacts[] = [
    { page: '/', views: 2 }, { page: '/dashboard', views: 1 },
    { page: '/', views: 1 }, { page: '/subscription', views: 1 }, { page: '/dashboard', views: 1 },
  ];

  it("computes SPEC's figures", () => {
    expect(computeVisitorAnalytics(sessions, views)).toEqual({
      totalVisitors: 4,
      uniqueVisitors: 3,
      pageViews: 6,
      avgSessionDuration: 180, // (2 + 4 + 0 + 6) minutes / 4
      bounceRate: 50, // b (one view) and d (none)
      topPages: [{ page: '/', views: 3 }, { page: '/dashboard', views: 2 }, { page: '/subscription', views: 1 }],
      topCountries: [{ country: 'Germany', visitors: 2 }, { country: 'Unknown', visitors: 2 }],
      deviceTypes: [{ type: 'desktop', count: 2 }, { type: 'mobile', count: 2 }],
      browsers: [{ browser: 'Safari', count: 2 }, { browser: 'Chrome', count: 1 }, { browser: 'Firefox', count: 1 }],
      dailyVisitors: [
        { date: '2026-03-01', visitors: 2, uniqueVisitors: 1 },
        { date: '2026-03-02', visitors: 2, uniqueVisitors: 2 },
      ],
    });
  });

  it('is all zeros with no traffic', () => {
    expect(computeVisitorAnalytics([], [])).toMatchObject({ totalVisitors: 0, avgSessionDuration: 0, bounceRate: 0, topPages: [], dailyVisitors: [] });
  });

  it('cuts the lists to what the screen shows', () => {
    const many = Array.from({ length: 20 }, (_, i) => session(`s${i}`, '2026-03-01T00:00:00Z', 1, { country: `C${i}`, browser: `B${i}` as never }));
    const result = computeVisitorAnalytics(many, many.map((_, i) => ({ page: `/p${i}`, views: 1 })));
    expect(result.topPages).toHaveLength(10);
    expect(result.topCountries).toHaveLength(8);
    expect(result.browsers).toHaveLength(9);
  });

  it('tells visitors apart by network and agent, or by session without an address', () => {
    expect(visitorKey({ id: 'x', ipPrefix: '10.0.0.0', userAgent: 'u' })).toBe(visitorKey({ id: 'y', ipPrefix: '10.0.0.0', userAgent: 'u' }));
    expect(visitorKey({ id: 'x', ipPrefix: null, userAgent: 'u' })).not.toBe(visitorKey({ id: 'y', ipPrefix: null, userAgent: 'u' }));
  });

  it('reads a range as the UTC days it touches', () => {
    expect(daysOf({ start: '2026-03-01T00:00:00.000Z', end: '2026-03-03T00:00:00.000Z' })).toEqual({ first: '2026-03-01', last: '2026-03-02' });
    expect(daysOf({ start: '2026-03-01T13:00:00.000Z', end: '2026-03-02T00:00:00.001Z' })).toEqual({ first: '2026-03-01', last: '2026-03-02' });
  });

  it('defaults to the last 30 days', () => {
    expect(defaultRange(new Date('2026-03-31T00:00:00Z')).start).toBe('2026-03-01T00:00:00.000Z');
  });
});
