/**
 * The visitor tracker of SPEC sections 3 and 7: once per page load it sends the visitor
 * session record, starts scroll tracking and sends a page view; on a route change or when the
 * page goes away it sends the page exit record (time on page, deepest scroll) as a beacon,
 * and a route change records a new page view after 100 ms.
 *
 * Deliberate departures: nothing is sent when the browser asks not to be tracked (Do Not
 * Track or Global Privacy Control), and the client never asks a third party for its
 * location (country, region and city go as null; the server owns that). Every failure is
 * silent: tracking must never disturb the page.
 */
import { randomId } from './storage';

export const VISITOR_SESSION_KEY = 'visitor_session_id';
export const ROUTE_CHANGE_DELAY_MS = 100;

/** What the tracker touches in the browser, injectable so tests can drive it. */
export interface TrackerEnvironment {
  window: Window;
  fetch: typeof fetch;
  now(): number;
}

/** SPEC section 9: under 768 px mobile, under 1024 tablet, otherwise desktop. */
export function deviceTypeForWidth(width: number): 'mobile' | 'tablet' | 'desktop' {
  return width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop';
}

/** True when the browser says its user does not want to be tracked. */
export function trackingRefused(win: Window): boolean {
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const dnt = nav.doNotTrack ?? (win as Window & { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack;
  return dnt === '1' || dnt === 'yes' || nav.globalPrivacyControl === true;
}

/** The tab's visitor session id: 21 characters, kept in session storage for the tab's life. */
export function visitorSessionId(win: Window): string {
  try {
    const existing = win.sessionStorage.getItem(VISITOR_SESSION_KEY);
    if (existing) return existing;
    const id = randomId(21);
    win.sessionStorage.setItem(VISITOR_SESSION_KEY, id);
    return id;
  } catch {
    // Storage refused (some privacy modes): one id for this page load is still useful.
    return randomId(21);
  }
}

export interface VisitorTracker {
  /** The path the tab opened on; sends the visitor record and the first page view. Idempotent. */
  start(path: string): void;
  /** The router moved to `path`. */
  routeChanged(path: string): void;
  /** Removes the listeners and timers (tests, hot reload). */
  stop(): void;
}

export function createVisitorTracker(env: TrackerEnvironment): VisitorTracker {
  const win = env.window;
  let started = false;
  let disabled = false;
  let sessionId = '';
  let currentPath = '';
  let pageStartedAt = 0;
  let maxScroll = 0;
  let viewTimer: ReturnType<typeof setTimeout> | undefined;

  const post = (url: string, body: object) => {
    try {
      void env
        .fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), keepalive: true })
        .catch(() => undefined);
    } catch {
      // Silent by design.
    }
  };

  /** A beacon survives the page being closed; fetch with keepalive where beacons are missing. */
  const beacon = (url: string, body: object) => {
    try {
      const sent = typeof win.navigator.sendBeacon === 'function' && win.navigator.sendBeacon(url, JSON.stringify(body));
      if (!sent) post(url, body);
    } catch {
      post(url, body);
    }
  };

  const onScroll = () => {
    try {
      const doc = win.document.documentElement;
      const scrollable = doc.scrollHeight - win.innerHeight;
      const percent = scrollable <= 0 ? 100 : Math.round((win.scrollY / scrollable) * 100);
      // Only rises: the record is the deepest point reached on this page.
      maxScroll = Math.max(maxScroll, Math.min(100, percent));
    } catch {
      // Silent by design.
    }
  };

  const pageView = (path: string) => {
    post('/api/track-page-view', { sessionId, page: path, title: win.document.title || null, referrer: win.document.referrer || null });
  };

  const exit = () => {
    if (!currentPath) return;
    beacon('/api/track-page-view', {
      sessionId,
      page: currentPath,
      title: win.document.title || null,
      referrer: win.document.referrer || null,
      timeOnPage: Math.max(0, Math.round((env.now() - pageStartedAt) / 1000)),
      scrollDepth: maxScroll,
    });
  };

  const onPageHide = () => exit();

  return {
    start(path) {
      if (started) return;
      started = true;
      try {
        disabled = trackingRefused(win);
        if (disabled) return;
        sessionId = visitorSessionId(win);
        currentPath = path;
        pageStartedAt = env.now();
        maxScroll = 0;
        post('/api/track-visitor', {
          sessionId,
          userAgent: win.navigator.userAgent,
          referrer: win.document.referrer || null,
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? null,
          language: win.navigator.language ?? null,
          deviceType: deviceTypeForWidth(win.innerWidth),
          screenResolution: `${win.screen.width}x${win.screen.height}`,
          entryPage: path,
          country: null,
          region: null,
          city: null,
        });
        win.addEventListener('scroll', onScroll, { passive: true });
        win.addEventListener('pagehide', onPageHide);
        pageView(path);
      } catch {
        // Silent by design.
      }
    },
    routeChanged(path) {
      if (!started || disabled || path === currentPath) return;
      exit();
      currentPath = path;
      pageStartedAt = env.now();
      maxScroll = 0;
      clearTimeout(viewTimer);
      // The new route renders (and sets its title) before its view is recorded.
      viewTimer = setTimeout(() => pageView(path), ROUTE_CHANGE_DELAY_MS);
    },
    stop() {
      clearTimeout(viewTimer);
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('pagehide', onPageHide);
    },
  };
}
