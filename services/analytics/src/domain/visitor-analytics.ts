/**
 * SPEC.md section 3's visitor analytics for a date range, from the sessions started and the
 * page views made in it. Pure. Lists are cut to what the admin screen shows (section 9: top
 * pages 10, countries 8, browsers 9) so the answer stays small whatever the traffic.
 */
import type { DailyPageViews, VisitorSession } from './visitors';

export interface DateRange {
  /** Inclusive, ISO timestamp. */
  start: string;
  /** Exclusive, ISO timestamp. */
  end: string;
}

export interface VisitorAnalytics {
  totalVisitors: number;
  uniqueVisitors: number;
  pageViews: number;
  /** Seconds, whole. */
  avgSessionDuration: number;
  /** Percent of sessions with at most one page view, one decimal. */
  bounceRate: number;
  topPages: { page: string; views: number }[];
  topCountries: { country: string; visitors: number }[];
  deviceTypes: { type: string; count: number }[];
  browsers: { browser: string; count: number }[];
  dailyVisitors: { date: string; visitors: number; uniqueVisitors: number }[];
}

export const LIST_LIMITS = { topPages: 10, topCountries: 8, browsers: 9 } as const;

export type SessionFacts = Pick<
  VisitorSession,
  'id' | 'startedAt' | 'lastSeenAt' | 'ipPrefix' | 'userAgent' | 'country' | 'deviceType' | 'browser' | 'pageViews'
>;
export type PageFacts = Pick<DailyPageViews, 'page' | 'views'>;

/**
 * Who counts as the same visitor without storing who they are: the truncated network and the
 * user agent. Two people behind one office router with the same browser count once; that is
 * the price of not keeping addresses.
 */
export function visitorKey(session: Pick<SessionFacts, 'id' | 'ipPrefix' | 'userAgent'>): string {
  return session.ipPrefix ? `${session.ipPrefix}|${session.userAgent ?? ''}` : `session:${session.id}`;
}

function top<K extends string, V extends string>(counts: Map<string, number>, limit: number, key: K, value: V) {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name, count]) => ({ [key]: name, [value]: count }) as { [P in K]: string } & { [P in V]: number });
}

function bump(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** `pages`: the daily page-view counts of the range's days. */
export function computeVisitorAnalytics(sessions: SessionFacts[], pages: PageFacts[]): VisitorAnalytics {
  const unique = new Set<string>();
  const countries = new Map<string, number>();
  const devices = new Map<string, number>();
  const browsers = new Map<string, number>();
  const days = new Map<string, { visitors: number; unique: Set<string> }>();
  let durationSum = 0;
  for (const session of sessions) {
    const key = visitorKey(session);
    unique.add(key);
    bump(countries, session.country ?? 'Unknown');
    bump(devices, session.deviceType);
    bump(browsers, session.browser);
    const date = session.startedAt.slice(0, 10);
    const day = days.get(date) ?? { visitors: 0, unique: new Set<string>() };
    day.visitors += 1;
    day.unique.add(key);
    days.set(date, day);
    durationSum += Math.max(0, Date.parse(session.lastSeenAt) - Date.parse(session.startedAt));
  }
  const pageViews = new Map<string, number>();
  let totalViews = 0;
  for (const day of pages) {
    bump(pageViews, day.page, day.views);
    totalViews += day.views;
  }
  const bounced = sessions.filter((session) => session.pageViews <= 1).length;
  return {
    totalVisitors: sessions.length,
    uniqueVisitors: unique.size,
    pageViews: totalViews,
    avgSessionDuration: sessions.length ? Math.round(durationSum / sessions.length / 1000) : 0,
    bounceRate: sessions.length ? Math.round((bounced / sessions.length) * 1000) / 10 : 0,
    topPages: top(pageViews, LIST_LIMITS.topPages, 'page', 'views'),
    topCountries: top(countries, LIST_LIMITS.topCountries, 'country', 'visitors'),
    deviceTypes: top(devices, Number.MAX_SAFE_INTEGER, 'type', 'count'),
    browsers: top(browsers, LIST_LIMITS.browsers, 'browser', 'count'),
    dailyVisitors: [...days.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([date, day]) => ({ date, visitors: day.visitors, uniqueVisitors: day.unique.size })),
  };
}

/** The UTC days a range touches, first and last inclusive, for the daily counts. */
export function daysOf(range: DateRange): { first: string; last: string } {
  return { first: range.start.slice(0, 10), last: new Date(Date.parse(range.end) - 1).toISOString().slice(0, 10) };
}

/** SPEC section 9: the default window is the last 30 days. */
export function defaultRange(now: Date, days = 30): DateRange {
  return { start: new Date(now.getTime() - days * 86_400_000).toISOString(), end: new Date(now.getTime() + 1).toISOString() };
}
