/**
 * The tracker's two requests (SPEC.md section 7, "Visitor tracking"): a visitor session on a
 * tab's first load, then a page view per route, and the same path again as the exit beacon
 * with time on page and scroll depth.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '@citecheck/proto';
import type { Clock } from '@citecheck/platform';
import { computeVisitorAnalytics, defaultRange, type DateRange, type VisitorAnalytics } from '../domain/visitor-analytics';
import { newVisitorSession, pageViewBodySchema, scrollDepth, TRACKING_LIMITS, visitorBodySchema } from '../domain/visitors';
import type { VisitorRepository } from '../store/visitors';

export interface TrackingRequest {
  userAgent: string | null;
  ip: string | null;
}

export interface TrackingDeps {
  visitors: VisitorRepository;
  clock: Clock;
  /** Country (region, city) of a full address, from the local database (adapters/geolocation.ts); the address itself is not kept. */
  locate?: (ip: string | null) => { country: string; region: string | null; city: string | null };
  /** ANALYTICS_RETENTION_DAYS. */
  retentionDays?: number;
  /**
   * ANALYTICS_MAX_RECORDS_PER_DAY: visitor sessions and page views stored per UTC day at most;
   * past it nothing more is kept that day (an open view is still closed by its exit). With the
   * retention period it bounds what the tracker can ever store, whoever sends it.
   */
  maxRecordsPerDay?: number;
}

function parse<T>(schema: { safeParse(body: unknown): { success: true; data: T } | { success: false } }, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(400, 'Invalid tracking record', 'bad_request');
  return result.data;
}

export function trackingUseCases({ visitors, clock, locate, retentionDays = 90, maxRecordsPerDay = 20_000 }: TrackingDeps) {
  const takeSlot = (now: string) => visitors.takeDailySlot(now.slice(0, 10), maxRecordsPerDay);
  return {
    async trackVisitor(body: unknown, request: TrackingRequest): Promise<{ sessionId: string; created: boolean }> {
      const record = parse(visitorBodySchema, body);
      const now = clock.now();
      if (await visitors.getSession(record.sessionId)) {
        await visitors.touchSession(record.sessionId, now.toISOString());
        return { sessionId: record.sessionId, created: false };
      }
      if (!(await takeSlot(now.toISOString()))) return { sessionId: record.sessionId, created: false };
      const created = await visitors.startSession(newVisitorSession(record, { ...request, location: locate?.(request.ip) }, now));
      if (!created) await visitors.touchSession(record.sessionId, now.toISOString());
      return { sessionId: record.sessionId, created };
    },

    async trackPageView(body: unknown): Promise<{ kind: 'view' | 'exit' | 'dropped' }> {
      const record = parse(pageViewBodySchema, body);
      const now = clock.now().toISOString();
      await visitors.touchSession(record.sessionId, now);
      const isView = record.timeOnPage === null || record.timeOnPage === undefined;
      // A view (or an exit whose view never came) adds a record: a tab's views and the day's
      // records are bounded; closing an open view only fills it in.
      const open = isView ? null : await visitors.openView(record.sessionId, record.page);
      if (!open && ((await visitors.viewsOf(record.sessionId)) >= TRACKING_LIMITS.viewsPerSession || !(await takeSlot(now)))) return { kind: 'dropped' };
      if (isView) {
        await visitors.addPageView({
          id: randomUUID(), sessionId: record.sessionId, page: record.page, title: record.title, referrer: record.referrer,
          viewedAt: now, timeOnPage: null, scrollDepth: null, exitedAt: null,
        });
        return { kind: 'view' };
      }
      const exit = { timeOnPage: record.timeOnPage ?? null, scrollDepth: scrollDepth(record.scrollDepth), exitedAt: now };
      if (open) await visitors.closeView(open.id, exit);
      // An exit whose view never arrived (sent before the 100 ms delay elapsed) is still a visit to count.
      else
        await visitors.addPageView({
          id: randomUUID(), sessionId: record.sessionId, page: record.page, title: record.title, referrer: record.referrer,
          viewedAt: now, ...exit,
        });
      return { kind: 'exit' };
    },

    /** Retention: drops visitor sessions and page views older than the retention period; daily page counts are kept. */
    async purgeExpired(): Promise<{ sessions: number; views: number }> {
      return visitors.purgeBefore(new Date(clock.now().getTime() - retentionDays * 86_400_000).toISOString());
    },

    /**
     * SPEC's visitor analytics for [startDate, endDate] (dates or timestamps); the last 30 days
     * by default. Page counts are per UTC day: a range starting mid-day counts that whole day's views.
     */
    async visitorAnalytics(range: { startDate?: string | null; endDate?: string | null } = {}): Promise<VisitorAnalytics> {
      const { sessions, pages } = await visitors.inRange(resolveRange(range, clock.now()));
      return computeVisitorAnalytics(sessions, pages);
    },
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare end date means the whole of that day. */
export function resolveRange(range: { startDate?: string | null; endDate?: string | null }, now: Date): DateRange {
  const fallback = defaultRange(now);
  const at = (value: string | null | undefined, endOfDay: boolean): string | null => {
    if (!value) return null;
    const time = Date.parse(DAY.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(time)) throw new ApiError(400, 'Invalid date range', 'bad_request');
    return new Date(time + (endOfDay && DAY.test(value) ? 86_400_000 : 0)).toISOString();
  };
  const start = at(range.startDate, false) ?? fallback.start;
  const end = at(range.endDate, true) ?? fallback.end;
  if (start >= end) throw new ApiError(400, 'Invalid date range', 'bad_request');
  return { start, end };
}

export type TrackingUseCases = ReturnType<typeof trackingUseCases>;
