/**
 * SPEC.md section 3's visitor session, page view and page exit records, as analytics keeps
 * them. Pure: parsing a tracker's body, naming browser, OS and device from the user agent,
 * and shortening the IP address before anything is stored.
 *
 * Browser, OS and device are read from the request's User-Agent header on the server rather
 * than trusted from the body, so a hand-made request cannot skew the admin's figures; the
 * device falls back to the tracker's width-based type only when the user agent names none.
 */
import { UAParser } from 'ua-parser-js';
import { z } from 'zod';

export const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'Unknown'] as const;
export const OPERATING_SYSTEMS = ['Windows', 'macOS', 'Linux', 'Android', 'iOS', 'Unknown'] as const;
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;

export type Browser = (typeof BROWSERS)[number];
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];
export type DeviceType = (typeof DEVICE_TYPES)[number];

export interface VisitorSession {
  id: string; // sessionId
  startedAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  referrer: string | null;
  timezone: string | null;
  language: string | null;
  browser: Browser;
  operatingSystem: OperatingSystem;
  deviceType: DeviceType;
  screenResolution: string | null;
  entryPage: string;
  country: string | null;
  region: string | null;
  city: string | null;
  /** Truncated (see `anonymizeIp`): never the full address. */
  ipPrefix: string | null;
  /** Page views recorded for this session, kept as they arrive so the bounce rate needs no scan of the views. */
  pageViews: number;
}

/**
 * Page views per page per UTC day, kept as views arrive: the admin's figures read these few
 * rows instead of every view, and they outlive the views themselves (retention).
 */
export interface DailyPageViews {
  id: string; // `${date}|${page}`
  date: string; // YYYY-MM-DD
  page: string;
  views: number;
}

export interface PageView {
  id: string;
  sessionId: string;
  page: string;
  title: string | null;
  referrer: string | null;
  viewedAt: string;
  /** Set by the page exit record. */
  timeOnPage: number | null;
  scrollDepth: number | null;
  exitedAt: string | null;
}

/**
 * What the tracker may store, bounded (issue 28, finding 6: one client wrote 26 MB per 1,000
 * page views, kept 90 days, and a new daily row for every path it made up). A path is kept as
 * the product's route it names (`/report/:id` for every report, `(other)` for any path the
 * web client does not serve), so the daily counts hold a dozen rows a day whatever is sent; a
 * referrer as its origin; titles and browser details cut short.
 */
export const TRACKING_LIMITS = {
  titleChars: 120,
  referrerChars: 200,
  userAgentChars: 400,
  /** Page views one tab session may add; more are not stored. */
  viewsPerSession: 200,
};

/** SPEC section 2's routes; `:id` stands for a report id. */
const ROUTES = ['/', '/dashboard', '/metrics', '/verify-email', '/subscription', '/billing', '/reset-password'];
const ID_ROUTES = /^\/(results|report)\/[^/]+\/?$/;

/** The product route `path` names: its pattern, or `(other)` (the client's 'Page Not Found'). */
export function routeOf(path: string): string {
  const bare = path.split(/[?#]/)[0].replace(/\/{2,}/g, '/');
  const trimmed = bare.length > 1 ? bare.replace(/\/$/, '') : bare;
  if (ROUTES.includes(trimmed)) return trimmed;
  const id = ID_ROUTES.exec(trimmed);
  return id ? `/${id[1]}/:id` : '(other)';
}

/** A referrer as its origin (`https://www.google.com`), or null: paths and queries can name people. */
export function referrerOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.slice(0, TRACKING_LIMITS.referrerChars) : null;
  } catch {
    return null;
  }
}

/** The tracker's session ids are 21 URL-safe characters; anything else is refused before it is stored. */
const sessionId = z.string().regex(/^[A-Za-z0-9_-]{21}$/);
const path = z.string().trim().min(1).max(2048).startsWith('/').transform(routeOf);
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
/** Accepted up to `max` as sent, kept to `keep` characters. */
const shortened = (max: number, keep: number) => text(max).transform((value) => (value ? value.slice(0, keep) : null));
const referrer = text(2048).transform(referrerOrigin);

export const visitorBodySchema = z.object({
  sessionId,
  userAgent: shortened(1024, TRACKING_LIMITS.userAgentChars),
  referrer,
  timezone: text(100),
  language: text(50),
  deviceType: z.enum(DEVICE_TYPES).nullish(),
  screenResolution: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/)
    .nullish()
    .transform((value) => value ?? null),
  entryPage: path,
});

export const pageViewBodySchema = z.object({
  sessionId,
  page: path,
  title: shortened(500, TRACKING_LIMITS.titleChars),
  referrer,
  /** Present on the exit beacon only. */
  timeOnPage: z.number().int().min(0).max(7 * 24 * 3600).nullish(),
  scrollDepth: z.number().min(0).nullish(),
});

export type VisitorBody = z.output<typeof visitorBodySchema>;
export type PageViewBody = z.output<typeof pageViewBodySchema>;

export interface ClientDescription {
  browser: Browser;
  operatingSystem: OperatingSystem;
  deviceType: DeviceType | null;
}

/** SPEC's browser and OS names from a User-Agent header; `null` device when the agent names none (desktops). */
export function describeUserAgent(userAgent: string | null | undefined): ClientDescription {
  if (!userAgent) return { browser: 'Unknown', operatingSystem: 'Unknown', deviceType: null };
  const parsed = new UAParser(userAgent).getResult();
  const name = parsed.browser.name ?? '';
  const os = parsed.os.name ?? '';
  const browser: Browser = /edge/i.test(name)
    ? 'Edge'
    : /opera/i.test(name)
      ? 'Opera'
      : /firefox/i.test(name)
        ? 'Firefox'
        : /chrom/i.test(name)
          ? 'Chrome'
          : /safari/i.test(name)
            ? 'Safari'
            : 'Unknown';
  const operatingSystem: OperatingSystem = /^windows/i.test(os)
    ? 'Windows'
    : /^(mac os|macos)/i.test(os)
      ? 'macOS'
      : /^ios$/i.test(os)
        ? 'iOS'
        : /^android/i.test(os)
          ? 'Android'
          : /linux|ubuntu|debian|fedora|arch|mint|centos|red ?hat|suse|gentoo|chromium os/i.test(os)
            ? 'Linux'
            : 'Unknown';
  const device = parsed.device.type;
  const deviceType: DeviceType | null = device === 'mobile' ? 'mobile' : device === 'tablet' ? 'tablet' : null;
  return { browser, operatingSystem, deviceType };
}

/**
 * Keeps the network, drops the host: IPv4 to its /24, IPv6 to its /48 (an IPv4-mapped IPv6
 * address is treated as IPv4). Enough to tell networks apart and to block one; not enough to
 * name a household. Anything that is not an IP address gives null.
 */
export function anonymizeIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const v4 = parseIpv4(address);
  if (v4) return `${v4.slice(0, 3).join('.')}.0`;
  const v6 = parseIpv6(address);
  return v6 ? `${v6.slice(0, 3).map((group) => group.toString(16)).join(':')}::` : null;
}

export function parseIpv4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** The eight 16-bit groups, or null when `address` is not IPv6 (a trailing dotted IPv4 counts as two groups). */
export function parseIpv6(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const parts = half.split(':');
    const last = parts[parts.length - 1];
    const tail = last.includes('.') ? parseIpv4(last) : null;
    if (last.includes('.') && !tail) return null;
    const hex = tail ? parts.slice(0, -1) : parts;
    if (!hex.every((part) => /^[0-9a-f]{1,4}$/i.test(part))) return null;
    return [...hex.map((part) => parseInt(part, 16)), ...(tail ? [tail[0] * 256 + tail[1], tail[2] * 256 + tail[3]] : [])];
  };
  const head = groupsOf(halves[0]);
  const rest = halves.length === 2 ? groupsOf(halves[1]) : [];
  if (!head || !rest) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...rest] : null;
}

/** The session record to store for a tracker's first request. */
export function newVisitorSession(
  body: VisitorBody,
  request: { userAgent: string | null; ip: string | null; location?: { country: string; region: string | null; city: string | null } },
  now: Date,
): VisitorSession {
  // The header is what the browser really sent; the body's copy only when a proxy dropped it.
  const userAgent = (request.userAgent ?? body.userAgent)?.slice(0, TRACKING_LIMITS.userAgentChars) ?? null;
  const client = describeUserAgent(userAgent);
  return {
    id: body.sessionId,
    startedAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    userAgent,
    referrer: body.referrer,
    timezone: body.timezone,
    language: body.language,
    browser: client.browser,
    operatingSystem: client.operatingSystem,
    deviceType: client.deviceType ?? body.deviceType ?? 'desktop',
    screenResolution: body.screenResolution,
    entryPage: body.entryPage,
    country: request.location?.country ?? null,
    region: request.location?.region ?? null,
    city: request.location?.city ?? null,
    ipPrefix: anonymizeIp(request.ip),
    pageViews: 0,
  };
}

/** Scroll depth as SPEC says: the maximum percent scrolled, capped at 100, whole. */
export function scrollDepth(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.min(100, Math.round(value));
}
