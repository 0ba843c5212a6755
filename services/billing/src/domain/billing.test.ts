import { PLANS } from '@citecheck/proto';
import { formatAmount, formatDate, grantsPlan, planName, planOfPrice, statusLabel } from './billing';

describe('billing rules', () => {
  const prices = { premium: 'price_p', enterprise: 'price_e' };

  it.each([
    ['price_p', 'premium'],
    ['price_e', 'enterprise'],
    ['price_other', null],
    [null, null],
  ])('reads price %s as plan %s', (price, plan) => {
    expect(planOfPrice(prices, price)).toBe(plan);
  });

  it.each([
    ['active', 'active'],
    ['incomplete', 'Payment Required'],
    ['past_due', 'Payment Required'],
    ['unpaid', 'Payment Required'],
    ['canceled', 'canceled'],
    ['trialing', 'trialing'],
  ])('shows status %s as %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });

  it.each([
    ['active', true],
    ['past_due', true],
    ['incomplete', false],
    ['canceled', false],
    ['unpaid', false],
  ])('status %s grants the plan: %s', (status, grants) => {
    expect(grantsPlan(status)).toBe(grants);
  });

  it.each([
    [2500, '$25.00'],
    [3750, '$37.50'],
    [10000, '$100.00'],
    [5, '$0.05'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatAmount(cents)).toBe(text);
  });

  it('writes dates as MMM dd, yyyy in UTC', () => {
    expect(formatDate(Date.parse('2026-03-05T23:30:00Z') / 1000)).toBe('Mar 05, 2026');
    expect(formatDate(Date.parse('2026-12-31T00:00:00Z') / 1000)).toBe('Dec 31, 2026');
  });

  it('names plans as proto defines them', () => {
    expect(planName('premium')).toBe(PLANS.premium.name);
    expect(planName('enterprise')).toBe('Enterprise');
  });
});
