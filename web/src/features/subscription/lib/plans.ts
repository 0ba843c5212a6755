import { PLANS as PLAN_FIGURES, type PaidPlan } from '@citecheck/proto/plans';

/**
 * SPEC section 3 "Plan catalogue" (client side): names, prices and report limits come from
 * proto's plans, the one definition billing charges from; only the selling points live here.
 */
const FEATURES: Record<PaidPlan, readonly string[]> = {
  premium: ['Priority support', 'Advanced validation features', 'Detailed accuracy reports'],
  enterprise: ['Premium support', 'All advanced features', 'Custom integration options', 'Bulk processing'],
};

function plan(key: PaidPlan) {
  const figures = PLAN_FIGURES[key];
  return {
    key,
    name: figures.name,
    /** Dollars per month. */
    price: figures.priceCents / 100,
    reports: figures.reportLimit,
    features: [`${figures.reportLimit} reports per month`, ...FEATURES[key]],
  };
}

export const PLANS = { premium: plan('premium'), enterprise: plan('enterprise') } as const;

export type PlanKey = PaidPlan;
export type Plan = ReturnType<typeof plan>;

export function isPlanKey(value: unknown): value is PlanKey {
  return value === 'premium' || value === 'enterprise';
}

/** Free users are offered Premium; premium users whose limit is 100 or more, Enterprise. */
export function planToOffer(userType: string, reportLimit: number): Plan {
  return userType === 'premium' && reportLimit >= 100 ? PLANS.enterprise : PLANS.premium;
}
