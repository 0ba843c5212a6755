/**
 * What the admin console shows, computed without the network (SPEC section 9, "Admin
 * display"): costs, durations, list sizes and the analytics window.
 */
import { formatMonthDayYear, isoDay, MONTHS } from '@/lib/dates';

/** Dollars per 1,000 language-model tokens. */
export const COST_PER_1000_TOKENS = 0.0025;
/** The case-law database subscription, dollars per month, added to every month's cost. */
export const FIXED_MONTHLY_COST = 300;
/** An accuracy at or above this share of valid citations is shown as good. */
const ACCURACY_THRESHOLD = 0.8;

/** How many rows or points each part of the console shows. */
export const LIMITS = {
  recentActivity: 10,
  topPages: 10,
  countries: 8,
  browsers: 9,
  dailyVisitors: 15,
  dailyUsageDays: 7,
} as const;

/** The visitor analytics window when the admin has not picked one. */
const DEFAULT_WINDOW_DAYS = 30;

/** The model cost of `tokens`, in dollars. */
export function tokenCost(tokens: number): number {
  return (Math.max(0, tokens) / 1000) * COST_PER_1000_TOKENS;
}

/** The month's cost: every record's model tokens plus the fixed case-law subscription. */
export function monthlyCost(records: ReadonlyArray<{ llmTokensUsed: number }>): number {
  return FIXED_MONTHLY_COST + tokenCost(records.reduce((sum, record) => sum + record.llmTokensUsed, 0));
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** Dollars with cents, and up to four decimals so a few thousand tokens do not read as $0.00. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** SPEC: milliseconds under 1000, seconds under 60000, minutes above. */
export function formatProcessingTime(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${(ms / 60_000).toFixed(1)}m`;
}

/** SPEC: the average session as minutes and seconds, e.g. "2m 5s". */
export function formatSessionDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return `${Math.floor(whole / 60)}m ${whole % 60}s`;
}

/** Whether a report's accuracy (a percentage, as the report carries it) reaches the threshold. */
export function isAccurate(accuracyRate: number): boolean {
  return accuracyRate / 100 >= ACCURACY_THRESHOLD;
}

/** A byte count as people read it (bytes, KB, MB). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** SPEC's date format, 'MMM dd, yyyy', in the reader's time zone; '—' for a missing or unreadable date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return formatMonthDayYear(date);
}

/** A date and time for activity rows, e.g. "Nov 26, 2026, 09:14". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${formatMonthDayYear(date)}, ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A chart axis label for a YYYY-MM-DD day, e.g. "Nov 26" (read as that calendar day, whatever the time zone). */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${Number(match[3])}`;
}

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** SPEC: the last 30 days through today, as the server reads them (a bare end date includes that day). */
export function defaultDateRange(today: Date, days = DEFAULT_WINDOW_DAYS): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return { startDate: isoDay(start), endDate: isoDay(today) };
}

/** Whether a range is one the server can answer: two calendar days, the first not after the second. */
export function isValidRange(range: DateRange): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return day.test(range.startDate) && day.test(range.endDate) && range.startDate <= range.endDate;
}

/** The newest `count` entries of a list ordered oldest first (the charts' days). */
export function lastEntries<T>(list: ReadonlyArray<T>, count: number): T[] {
  return list.slice(Math.max(0, list.length - count));
}

/**
 * The last `count` calendar days of a range, oldest first, each with its figures or zeros:
 * the server lists only days that had visits, and a chart must show the quiet days too.
 */
export function dailyVisitorSeries(
  days: ReadonlyArray<{ date: string; visitors: number; uniqueVisitors: number }>,
  range: DateRange,
  count: number = LIMITS.dailyVisitors,
): Array<{ date: string; visitors: number; uniqueVisitors: number }> {
  if (!isValidRange(range)) return [];
  const byDate = new Map(days.map((day) => [day.date.slice(0, 10), day]));
  const series: Array<{ date: string; visitors: number; uniqueVisitors: number }> = [];
  // Noon UTC, so stepping back a day never lands on the same date across a clock change.
  let cursor = Date.parse(`${range.endDate}T12:00:00Z`);
  for (let i = 0; i < count; i++) {
    const date = new Date(cursor).toISOString().slice(0, 10);
    if (date < range.startDate) break;
    series.unshift(byDate.get(date) ?? { date, visitors: 0, uniqueVisitors: 0 });
    cursor -= 86_400_000;
  }
  return series;
}

/**
 * The network an uploader's address was kept as (analytics keeps an IPv4 address's /24 and an
 * IPv6 address's /48, host part zeroed), written as a network: `203.0.113.0/24`,
 * `2001:db8:1::/48`. This machine's own addresses (127.x, ::1, whose /48 reads `0:0:0::`) say so.
 */
export function formatNetwork(network: string | null | undefined): string {
  if (!network) return '—';
  if (/^127\.\d+\.\d+\.0$/.test(network) || /^(0:){1,3}:$/.test(network) || network === '::') return 'This machine (loopback)';
  if (/^\d+\.\d+\.\d+\.0$/.test(network)) return `${network}/24`;
  if (network.endsWith('::')) {
    const groups = network.slice(0, -2).split(':');
    // Trailing zero groups of the /48 fold into the `::` after them (RFC 5952).
    while (groups.length > 1 && groups[groups.length - 1] === '0') groups.pop();
    return `${groups.join(':')}::/48`;
  }
  return network;
}

/**
 * Who an audit entry was about: a user id reads as the user's name and address while the user
 * exists, and as a deleted user afterwards; an IP address or an e-mail address as it is.
 */
export function auditTarget(target: string, action: string, users: ReadonlyArray<{ id: string; name: string; email: string }> | undefined): string {
  if (!action.startsWith('user.')) return target;
  const user = users?.find((u) => u.id === target);
  if (user) return `${user.name} (${user.email})`;
  return users ? 'A deleted user' : target;
}
