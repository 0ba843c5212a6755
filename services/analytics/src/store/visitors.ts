/**
 * Visitor sessions and page views, as analytics stores them. The only code in analytics that
 * writes the store's syntax for them.
 */
import { DuplicateKeyError, type Store } from '@citecheck/platform';
import type { DateRange } from '../domain/visitor-analytics';
import type { PageView, VisitorSession } from '../domain/visitors';

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
  /** Sessions started in [start, end) and views made in it, for the admin's visitor analytics. */
  inRange(range: DateRange): Promise<{ sessions: VisitorSession[]; views: PageView[] }>;
}

export function visitorRepository(store: Store): VisitorRepository {
  const sessions = store.collection<VisitorSession>({ name: 'visitor_sessions', indexes: [{ fields: ['startedAt'] }] });
  const views = store.collection<PageView>({
    name: 'page_views',
    indexes: [{ fields: ['viewedAt'] }, { fields: ['sessionId', 'page'] }],
  });
  return {
    async startSession(session) {
      try {
        await sessions.insert(session);
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
    },
    openView: (sessionId, page) => views.findOne({ sessionId, page, exitedAt: null }, { sort: { viewedAt: -1 } }),
    async closeView(id, exit) {
      // Only an open view: a second beacon for the same view (unload after a route change) changes nothing.
      await views.update(id, { $set: exit }, { exitedAt: null });
    },
    pageViews: (sessionId) => views.find({ sessionId }, { sort: { viewedAt: 1 } }),
    async inRange({ start, end }) {
      const [inSessions, inViews] = await Promise.all([
        sessions.find({ startedAt: { $gte: start, $lt: end } }),
        views.find({ viewedAt: { $gte: start, $lt: end } }),
      ]);
      return { sessions: inSessions, views: inViews };
    },
  };
}
