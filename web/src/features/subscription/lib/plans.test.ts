import { describe, expect, it } from '@jest/globals';
import { planToOffer } from './plans';

describe('upgrade offer', () => {
  it('offers Premium to free users and Enterprise to premium users at 100 reports or more', () => {
    expect(planToOffer('free', 5).name).toBe('Premium');
    expect(planToOffer('premium', 100).name).toBe('Enterprise');
    expect(planToOffer('premium', 50).name).toBe('Premium');
  });
});
