/** SPEC section 3 "Plan catalogue" (client side). */
export const PLANS = {
  premium: {
    key: 'premium',
    name: 'Premium',
    price: 25,
    reports: 100,
    features: ['100 reports per month', 'Priority support', 'Advanced validation features', 'Detailed accuracy reports'],
  },
  enterprise: {
    key: 'enterprise',
    name: 'Enterprise',
    price: 100,
    reports: 500,
    features: ['500 reports per month', 'Premium support', 'All advanced features', 'Custom integration options', 'Bulk processing'],
  },
} as const;

export type PlanKey = keyof typeof PLANS;
export type Plan = (typeof PLANS)[PlanKey];

/** Free users are offered Premium; premium users whose limit is 100 or more, Enterprise. */
export function planToOffer(userType: string, reportLimit: number): Plan {
  return userType === 'premium' && reportLimit >= 100 ? PLANS.enterprise : PLANS.premium;
}
