import { describe, expect, it } from '@jest/globals';
import { formatAmount, formatPeriod, formatStripeDate } from './format';

describe('billing formatting', () => {
  it('writes cents as dollars', () => {
    expect(formatAmount(2500)).toBe('$25.00');
    expect(formatAmount(10000)).toBe('$100.00');
    expect(formatAmount(1)).toBe('$0.01');
  });

  it('writes Stripe seconds as a date, and nothing for none', () => {
    const seconds = new Date(2026, 11, 24, 12).getTime() / 1000;
    expect(formatStripeDate(seconds)).toBe('Dec 24, 2026');
    // SPEC section 9: 'MMM dd, yyyy', the day on two digits.
    expect(formatStripeDate(new Date(2026, 0, 4, 12).getTime() / 1000)).toBe('Jan 04, 2026');
    expect(formatStripeDate(0)).toBe('');
  });

  it('writes a period from its two ends', () => {
    const start = new Date(2026, 10, 24, 12).getTime() / 1000;
    const end = new Date(2026, 11, 24, 12).getTime() / 1000;
    expect(formatPeriod(start, end)).toBe('Nov 24, 2026 – Dec 24, 2026');
    expect(formatPeriod(0, end)).toBe('Dec 24, 2026');
  });
});
