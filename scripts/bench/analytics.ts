/**
 * Benchmark of the admin's visitor analytics: generates N page views (default 100,000) in
 * about N/4 visitor sessions spread over 30 days into a SQLite store on disk, then times the
 * 30-day visitor analytics query through the same use case the admin screen calls.
 *
 *   npx tsx scripts/bench/analytics.ts [--views N] [--runs R]
 *
 * Target: the 30-day query's median under 500 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '@citecheck/platform';
import { trackingUseCases, visitorRepository, type PageView, type VisitorSession } from '@citecheck/analytics';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1].replace(/[_,]/g, '')) : fallback;
}
const VIEWS = flag('views', 100_000);
const RUNS = flag('runs', 15);
const DAYS = 30;
const TARGET_MS = 500;

/** Deterministic, so two runs store the same data. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAGES = ['/', '/dashboard', '/subscription', '/billing', '/metrics', '/verify-email', '/reset-password', ...Array.from({ length: 40 }, (_, i) => `/report/r${i}`)];
const COUNTRIES = ['United States', 'United Kingdom', 'Canada', 'Germany', 'France', 'India', 'Australia', 'Brazil', 'Japan', null];
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'Unknown'] as const;
const DEVICES = ['mobile', 'tablet', 'desktop'] as const;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'citecheck-bench-analytics-'));
  const store = createSqliteStore({ dir, service: 'analytics' });
  const visitors = visitorRepository(store);
  const now = new Date();
  const tracking = trackingUseCases({ visitors, clock: { now: () => now } });
  const random = prng(7);
  try {
    const sessionCount = Math.ceil(VIEWS / 4);
    const started = Date.now();
    let views = 0;
    for (let i = 0; i < sessionCount; i += 1) {
      const startedAt = new Date(now.getTime() - random() * DAYS * 86_400_000);
      const id = `s${String(i).padStart(20, '0')}`;
      const session: VisitorSession = {
        id, startedAt: startedAt.toISOString(), lastSeenAt: new Date(startedAt.getTime() + random() * 900_000).toISOString(),
        userAgent: `agent-${Math.floor(random() * 50)}`, referrer: null, timezone: 'UTC', language: 'en-US',
        browser: BROWSERS[Math.floor(random() * BROWSERS.length)], operatingSystem: 'Windows', deviceType: DEVICES[Math.floor(random() * DEVICES.length)],
        screenResolution: '1920x1080', entryPage: '/', country: COUNTRIES[Math.floor(random() * COUNTRIES.length)], region: null, city: null,
        ipPrefix: `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.0`, pageViews: 0,
      };
      await visitors.startSession(session);
      const count = Math.min(VIEWS - views, i === sessionCount - 1 ? VIEWS - views : 1 + Math.floor(random() * 7));
      for (let v = 0; v < count; v += 1) {
        const view: PageView = {
          id: `${id}-${v}`, sessionId: id, page: PAGES[Math.floor(random() * PAGES.length)], title: null, referrer: null,
          viewedAt: new Date(Math.min(now.getTime(), startedAt.getTime() + v * 30_000)).toISOString(), timeOnPage: 30, scrollDepth: 50, exitedAt: null,
        };
        await visitors.addPageView(view);
      }
      views += count;
      if (views >= VIEWS) break;
    }
    console.log(`generated ${views.toLocaleString('en-US')} page views in ${sessionCount.toLocaleString('en-US')} sessions over ${DAYS} days in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const times: number[] = [];
    let answer = await tracking.visitorAnalytics();
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = process.hrtime.bigint();
      answer = await tracking.visitorAnalytics();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    console.log(`30-day visitor analytics: ${answer.totalVisitors.toLocaleString('en-US')} visitors, ${answer.pageViews.toLocaleString('en-US')} page views, ${answer.dailyVisitors.length} days`);
    console.log(`query over ${RUNS} runs (${cpus().length} cores): p50 ${p50.toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms (target p50 < ${TARGET_MS} ms)`);
    if (p50 >= TARGET_MS) process.exitCode = 1;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
