import { describe, expect, it } from '@jest/globals';
import {
  auditTarget,
  dailyVisitorSeries,
  defaultDateRange,
  formatDate,
  formatDay,
  formatDollars,
  formatNetwork,
  formatProcessingTime,
  formatSessionDuration,
  isAccurate,
  isValidRange,
  lastEntries,
  monthlyCost,
  tokenCost,
} from './format';

describe('admin display (SPEC section 9)', () => {
  it.each([
    ['203.0.113.0', '203.0.113.0/24'],
    ['2001:db8:1::', '2001:db8:1::/48'],
    ['2001:db8:0::', '2001:db8::/48'],
    ['0:0:0::', 'This machine (loopback)'],
    ['127.0.0.0', 'This machine (loopback)'],
    [null, '—'],
  ])('shows the kept network %s as %s', (network, shown) => {
    expect(formatNetwork(network)).toBe(shown);
  });

  it('names the user an audit entry was about, and a user deleted since as such', () => {
    const users = [{ id: 'u1', name: 'Ann Lawyer', email: 'ann@firm.test' }];
    expect(auditTarget('u1', 'user.resend_verification', users)).toBe('Ann Lawyer (ann@firm.test)');
    expect(auditTarget('u2', 'user.delete', users)).toBe('A deleted user');
    expect(auditTarget('203.0.113.7', 'ip.block', users)).toBe('203.0.113.7');
    expect(auditTarget('u1', 'user.delete', undefined)).toBe('u1');
  });

  it('costs 0.0025 dollars per 1,000 model tokens, plus 300 dollars a month', () => {
    expect(tokenCost(0)).toBe(0);
    expect(tokenCost(1000)).toBeCloseTo(0.0025, 10);
    expect(tokenCost(2_000_000)).toBeCloseTo(5, 10);
    expect(monthlyCost([])).toBe(300);
    expect(monthlyCost([{ llmTokensUsed: 400_000 }, { llmTokensUsed: 600_000 }])).toBeCloseTo(302.5, 10);
    expect(formatDollars(302.5)).toBe('$302.50');
    // A few thousand tokens must not read as nothing.
    expect(formatDollars(tokenCost(3000))).toBe('$0.0075');
  });

  it.each([
    [0, '0ms'],
    [999, '999ms'],
    [1000, '1.0s'],
    [59_999, '60.0s'],
    [60_000, '1.0m'],
    [150_000, '2.5m'],
  ])('shows %i ms of processing as %s', (ms, text) => {
    expect(formatProcessingTime(ms)).toBe(text);
  });

  it.each([
    [0, '0m 0s'],
    [59, '0m 59s'],
    [125, '2m 5s'],
    [3600, '60m 0s'],
  ])('shows a %i s session as %s', (seconds, text) => {
    expect(formatSessionDuration(seconds)).toBe(text);
  });

  it('calls an accuracy good from 80 percent (threshold 0.8)', () => {
    expect(isAccurate(80)).toBe(true);
    expect(isAccurate(79)).toBe(false);
    expect(isAccurate(100)).toBe(true);
  });

  it('defaults the analytics window to the last 30 days through today', () => {
    expect(defaultDateRange(new Date(2026, 10, 26, 9, 30))).toEqual({ startDate: '2026-10-27', endDate: '2026-11-26' });
    // Across a year boundary, in local days.
    expect(defaultDateRange(new Date(2026, 0, 10))).toEqual({ startDate: '2025-12-11', endDate: '2026-01-10' });
  });

  it('accepts a range of two days in order, and nothing else', () => {
    expect(isValidRange({ startDate: '2026-11-01', endDate: '2026-11-01' })).toBe(true);
    expect(isValidRange({ startDate: '2026-11-02', endDate: '2026-11-01' })).toBe(false);
    expect(isValidRange({ startDate: '', endDate: '2026-11-01' })).toBe(false);
  });

  it('keeps the newest entries of a list ordered oldest first', () => {
    const days = Array.from({ length: 20 }, (_, i) => i);
    expect(lastEntries(days, 15)).toEqual(days.slice(5));
    expect(lastEntries([1, 2], 15)).toEqual([1, 2]);
  });

  it('writes dates as MMM dd, yyyy and chart days as MMM d', () => {
    expect(formatDate(new Date(2026, 2, 5, 12).toISOString())).toBe('Mar 05, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDay('2026-11-03')).toBe('Nov 3');
  });

  it('charts the last 15 days of the range, quiet days as zeros', () => {
    const series = dailyVisitorSeries([{ date: '2026-11-20', visitors: 3, uniqueVisitors: 2 }], { startDate: '2026-10-27', endDate: '2026-11-26' });
    expect(series).toHaveLength(15);
    expect(series[0].date).toBe('2026-11-12');
    expect(series[14]).toEqual({ date: '2026-11-26', visitors: 0, uniqueVisitors: 0 });
    expect(series.find((day) => day.date === '2026-11-20')).toEqual({ date: '2026-11-20', visitors: 3, uniqueVisitors: 2 });
    // A shorter range gives only its own days.
    expect(dailyVisitorSeries([], { startDate: '2026-11-25', endDate: '2026-11-26' }).map((day) => day.date)).toEqual(['2026-11-25', '2026-11-26']);
    expect(dailyVisitorSeries([], { startDate: '2026-11-27', endDate: '2026-11-26' })).toEqual([]);
  });
});
