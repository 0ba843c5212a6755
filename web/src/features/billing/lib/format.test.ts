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
    expect(formatStripeDate(seconds)).toBe('December 24, 2026');
    expect(formatStripeDate(0)).toBe('');
  });

  it('writes a period from its two ends', () => {
    const start = new Date(2026, 10, 24, 12).getTime() / 1000;
    const end = new Date(2026, 11, 24, 12).getTime() / 1000;
    expect(formatPeriod(start, end)).toBe('November 24, 2026 – December 24, 2026');
    expect(formatPeriod(0, end)).toBe('December 24, 2026');
  });
});
