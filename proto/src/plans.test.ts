import { isUpgrade, paidPlanSchema, PLANS } from './plans';

describe('plans', () => {
  it('are SPEC section 9: Free 5 reports; Premium $25/month, 100 reports; Enterprise $100/month, 500 reports', () => {
    expect(PLANS.free).toMatchObject({ name: 'Free', priceCents: 0, reportLimit: 5 });
    expect(PLANS.premium).toMatchObject({ name: 'Premium', priceCents: 2500, reportLimit: 100, interval: 'month' });
    expect(PLANS.enterprise).toMatchObject({ name: 'Enterprise', priceCents: 10000, reportLimit: 500, interval: 'month' });
  });

  it('only moves up from Premium to Enterprise', () => {
    expect(isUpgrade('premium', 'enterprise')).toBe(true);
    expect(isUpgrade('enterprise', 'premium')).toBe(false);
    expect(isUpgrade('premium', 'premium')).toBe(false);
  });

  it('accepts only paid plans where a payment is asked for', () => {
    expect(paidPlanSchema.safeParse('premium').success).toBe(true);
    expect(paidPlanSchema.safeParse('free').success).toBe(false);
    expect(paidPlanSchema.safeParse('Premium').success).toBe(false);
  });
});
