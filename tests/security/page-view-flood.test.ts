/**
 * Finding 6 (Medium), `/api/track-page-view`.
 * - fails before: no rate limit, and each record kept what it was sent (2 KB paths, 500-character
 *   titles, 2 KB referrers): ~26 MB per 1,000 records, kept 90 days; every invented path made
 *   a daily count row of its own, kept for ever;
 * - now TRACKING_RATE_LIMIT calls per client address a minute (429 past it, nothing stored), a
 *   path is stored as the product route it names (`/report/:id`, `(other)`), a referrer as its
 *   origin, titles cut short; a tab session adds at most 200 views and a day at most
 *   ANALYTICS_MAX_RECORDS_PER_DAY records.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSqliteStore } from '@citecheck/platform';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { trackingUseCases } from '../../services/analytics/src/app/track-visitors';
import { visitorRepository } from '../../services/analytics/src/store/visitors';

const sessionId = (n: number) => `s${String(n).padStart(20, '0')}`;
const bulky = (n: number) => ({
  sessionId: sessionId(n),
  page: `/${'made-up-path-'.repeat(150)}${n}`,
  title: 'T'.repeat(500),
  referrer: `https://elsewhere.example/${'x'.repeat(2000)}`,
});

describe('through the product', () => {
  let server: EmbeddedServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-page-views-'));
    server = await startEmbedded({ port: 0, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRACKING_RATE_LIMIT: '20' } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers one client’s flood with 429 past the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${server.url}/api/track-page-view`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bulky(i)) });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});

describe('what is stored', () => {
  function setup(maxRecordsPerDay = 20_000) {
    const store = createSqliteStore({ dir: ':memory:', service: 'analytics' });
    const visitors = visitorRepository(store);
    const tracking = trackingUseCases({ visitors, clock: { now: () => new Date('2026-03-01T10:00:00Z') }, maxRecordsPerDay });
    return { visitors, tracking };
  }

  it('keeps a bulky view small, under the route it names, and one daily row for all the invented paths', async () => {
    const { visitors, tracking } = setup();
    for (let i = 0; i < 50; i++) await tracking.trackPageView(bulky(i));
    await tracking.trackPageView({ sessionId: sessionId(99), page: '/report/3f2a9c?utm=x#top', title: 'Report' });
    const [view] = await visitors.pageViews(sessionId(1));
    expect(view).toMatchObject({ page: '(other)', referrer: 'https://elsewhere.example' });
    expect(view.title!.length).toBeLessThanOrEqual(120);
    expect(JSON.stringify(view).length).toBeLessThan(400);
    expect((await visitors.pageViews(sessionId(99)))[0].page).toBe('/report/:id');
    const analytics = await tracking.visitorAnalytics({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(analytics.topPages).toEqual([{ page: '(other)', views: 50 }, { page: '/report/:id', views: 1 }]);
  });

  it('stores at most 200 views of one tab, and at most the day’s cap of records', async () => {
    const { visitors, tracking } = setup(300);
    for (let i = 0; i < 260; i++) await tracking.trackPageView({ sessionId: sessionId(1), page: '/' });
    expect(await visitors.pageViews(sessionId(1))).toHaveLength(200);
    for (let i = 0; i < 150; i++) await tracking.trackPageView({ sessionId: sessionId(1000 + i), page: '/' });
    let stored = 0;
    for (let i = 0; i < 150; i++) stored += (await visitors.pageViews(sessionId(1000 + i))).length;
    expect(stored).toBe(100); // 300 a day, 200 of them taken by the first tab
  });
});
