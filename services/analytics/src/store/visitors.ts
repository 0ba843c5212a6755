/**
 * Visitor sessions and page views, as analytics stores them. The only code in analytics that
 * writes the store's syntax for them.
 */
import { DuplicateKeyError, type Store } from '@citecheck/platform';
import { daysOf, type DateRange } from '../domain/visitor-analytics';
import type { DailyPageViews, PageView, VisitorSession } from '../domain/visitors';

export interface VisitorRepository {
  /** A session is created once: false when its id was seen before (a reload in the same tab). */
  startSession(session: VisitorSession): Promise<boolean>;
  touchSession(sessionId: string, at: string): Promise<void>;
  getSession(sessionId: string): Promise<VisitorSession | null>;
  addPageView(view: PageView): Promise<void>;
  /** The session's latest view of `page` that has no exit yet. */
  openView(sessionId: string, page: string): Promise<PageView | null>;
  closeView(id: string, exit: Pick<PageView, 'timeOnPage' | 'scrollDepth' | 'exitedAt'>): Promise<void>;
  pageViews(sessionId: string): Promise<PageView[]>;
  /** Deletes sessions started and views made before `before`; the daily counts stay. Returns how many went. */
  purgeBefore(before: string): Promise<{ sessions: number; views: number }>;
  /** Sessions started in [start, end) and the daily page counts of the days it touches, for the admin's visitor analytics. */
  inRange(range: DateRange): Promise<{ sessions: VisitorSession[]; pages: DailyPageViews[] }>;
  /** Page views stored for a tab session (its counter, or a count of its views before its record arrived). */
  viewsOf(sessionId: string): Promise<number>;
  /**
   * Takes one of the `cap` records (sessions and views) the UTC day `date` may store; false
   * when the day's are spent. Days past the retention period are purged with their records.
   */
  takeDailySlot(date: string, cap: number): Promise<boolean>;
}

interface DailyRecords {
  id: string; // YYYY-MM-DD
  records: number;
}

export function visitorRepository(store: Store): VisitorRepository {
  const sessions = store.collection<VisitorSession>({ name: 'visitor_sessions', indexes: [{ fields: ['startedAt'] }] });
  const daily = store.collection<DailyPageViews>({ name: 'daily_page_views', indexes: [{ fields: ['date'] }] });
  const countDaily = async (date: string, page: string) => {
    const id = `${date}|${page}`;
    if (await daily.update(id, { $inc: { views: 1 } })) return;
    try {
      await daily.insert({ id, date, page, views: 1 });
    } catch (error) {
      // Another request created the row first: count on it.
      if (!(error instanceof DuplicateKeyError)) throw error;
      await daily.update(id, { $inc: { views: 1 } });
    }
  };
  const slots = store.collection<DailyRecords>({ name: 'daily_tracking_records' });
  const views = store.collection<PageView>({
    name: 'page_views',
    indexes: [{ fields: ['viewedAt'] }, { fields: ['sessionId', 'page'] }],
  });
  return {
    async startSession(session) {
      try {
        // The tracker's first page view can overtake its visitor record: count what came first.
        await sessions.insert({ ...session, pageViews: session.pageViews + (await views.count({ sessionId: session.id })) });
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    async touchSession(sessionId, at) {
      await sessions.update(sessionId, { $set: { lastSeenAt: at } }, { lastSeenAt: { $lt: at } });
    },
    getSession: (sessionId) => sessions.get(sessionId),
    async addPageView(view) {
      await views.insert(view);
      await sessions.update(view.sessionId, { $inc: { pageViews: 1 } });
      await countDaily(view.viewedAt.slice(0, 10), view.page);
    },
    openView: (sessionId, page) => views.findOne({ sessionId, page, exitedAt: null }, { sort: { viewedAt: -1 } }),
    async closeView(id, exit) {
      // Only an open view: a second beacon for the same view (unload after a route change) changes nothing.
      await views.update(id, { $set: exit }, { exitedAt: null });
    },
    pageViews: (sessionId) => views.find({ sessionId }, { sort: { viewedAt: 1 } }),
    async viewsOf(sessionId) {
      return (await sessions.get(sessionId))?.pageViews ?? (await views.count({ sessionId }));
    },
    async takeDailySlot(date, cap) {
      const taken = await slots.update(date, { $inc: { records: 1 } }, { records: { $lt: cap } });
      if (taken) return true;
      if (await slots.get(date)) return false;
      try {
        await slots.insert({ id: date, records: 1 });
        return true;
      } catch (error) {
        // Another request opened the day first: take a slot of it.
        if (!(error instanceof DuplicateKeyError)) throw error;
        return Boolean(await slots.update(date, { $inc: { records: 1 } }, { records: { $lt: cap } }));
      }
    },
    async purgeBefore(before) {
      await slots.deleteMany({ id: { $lt: before.slice(0, 10) } });
      return {
        views: await views.deleteMany({ viewedAt: { $lt: before } }),
        sessions: await sessions.deleteMany({ startedAt: { $lt: before } }),
      };
    },
    async inRange({ start, end }) {
      const { first, last } = daysOf({ start, end });
      const [inSessions, pages] = await Promise.all([
        sessions.find({ startedAt: { $gte: start, $lt: end } }),
        daily.find({ date: { $gte: first, $lte: last } }),
      ]);
      return { sessions: inSessions, pages };
    },
  };
}
