/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createVisitorTracker, deviceTypeForWidth, trackingRefused, VISITOR_SESSION_KEY, type VisitorTracker } from './visitor-tracker';

interface Sent {
  url: string;
  body: Record<string, unknown>;
  via: 'fetch' | 'beacon';
}

describe('visitor tracker', () => {
  let sent: Sent[];
  let now: number;
  let tracker: VisitorTracker | null;
  const fetchMock = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown>, via: 'fetch' });
    return new Response(null, { status: 204 });
  });

  function setPrivacy(dnt: string | null, gpc: boolean | undefined) {
    Object.defineProperty(window.navigator, 'doNotTrack', { value: dnt, configurable: true });
    Object.defineProperty(window.navigator, 'globalPrivacyControl', { value: gpc, configurable: true });
  }

  function start(path = '/') {
    tracker = createVisitorTracker({ window, fetch: fetchMock as unknown as typeof fetch, now: () => now });
    tracker.start(path);
  }

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    fetchMock.mockClear();
    now = 1_000_000;
    tracker = null;
    window.sessionStorage.clear();
    setPrivacy(null, undefined);
    Object.defineProperty(window.navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, data: string) => {
        sent.push({ url, body: JSON.parse(data) as Record<string, unknown>, via: 'beacon' });
        return true;
      },
    });
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
  });
  afterEach(() => {
    tracker?.stop();
    jest.useRealTimers();
  });

  it('sends the visitor record and a page view on load, with a 21-character tab session id', () => {
    start('/dashboard');
    expect(sent.map((s) => s.url)).toEqual(['/api/track-visitor', '/api/track-page-view']);
    const visitor = sent[0].body;
    expect(visitor).toMatchObject({ entryPage: '/dashboard', deviceType: 'desktop', country: null, region: null, city: null });
    expect(visitor.sessionId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(window.sessionStorage.getItem(VISITOR_SESSION_KEY)).toBe(visitor.sessionId);
    expect(sent[1].body).toMatchObject({ sessionId: visitor.sessionId, page: '/dashboard' });
  });

  it('keeps the session id for the tab, and starts only once per page load', () => {
    start('/');
    const first = sent[0].body.sessionId;
    tracker?.start('/');
    expect(sent).toHaveLength(2);
    tracker?.stop();
    start('/');
    expect(sent[2].body.sessionId).toBe(first);
  });

  it('on a route change beacons the exit with whole seconds and deepest scroll, then records the new view after 100 ms', () => {
    start('/');
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 2000, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 500, configurable: true, writable: true });
    window.dispatchEvent(new Event('scroll'));
    Object.defineProperty(window, 'scrollY', { value: 100, configurable: true, writable: true });
    window.dispatchEvent(new Event('scroll')); // scrolling back up does not lower it
    now += 12_400;
    tracker?.routeChanged('/subscription');
    expect(sent[2]).toMatchObject({ via: 'beacon', url: '/api/track-page-view', body: { page: '/', timeOnPage: 12, scrollDepth: 50 } });
    jest.advanceTimersByTime(99);
    expect(sent).toHaveLength(3);
    jest.advanceTimersByTime(1);
    expect(sent[3]).toMatchObject({ via: 'fetch', body: { page: '/subscription' } });
    // The next page's depth starts again from zero.
    now += 1000;
    window.dispatchEvent(new Event('pagehide'));
    expect(sent[4]).toMatchObject({ via: 'beacon', body: { page: '/subscription', timeOnPage: 1, scrollDepth: 0 } });
  });

  it.each([
    ['Do Not Track', '1', undefined],
    ['Global Privacy Control', null, true],
  ])('sends nothing at all under %s', (_name, dnt, gpc) => {
    setPrivacy(dnt, gpc);
    start('/');
    tracker?.routeChanged('/dashboard');
    jest.advanceTimersByTime(500);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(VISITOR_SESSION_KEY)).toBeNull();
  });

  it('stays silent when the network fails', () => {
    const failing = jest.fn(() => Promise.reject(new Error('offline')));
    tracker = createVisitorTracker({ window, fetch: failing as unknown as typeof fetch, now: () => now });
    expect(() => tracker?.start('/')).not.toThrow();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('names the device by width and reads the privacy signals', () => {
    expect([767, 768, 1023, 1024].map(deviceTypeForWidth)).toEqual(['mobile', 'tablet', 'tablet', 'desktop']);
    setPrivacy('0', false);
    expect(trackingRefused(window)).toBe(false);
    setPrivacy('1', undefined);
    expect(trackingRefused(window)).toBe(true);
  });
});
