import { z } from 'zod';
import type { UserType } from './events/account';

/**
 * The plans, defined once (SPEC sections 3, 6 and 9): names, monthly prices in cents and
 * report limits. Billing charges from it and identity sets report limits from it; no other
 * file repeats these figures.
 *
 *   PLANS.premium.reportLimit // 100
 */
export interface Plan {
  userType: UserType;
  /** The name users read ('Premium'). */
  name: string;
  /** Monthly price in cents (Stripe's unit); 0 for free. */
  priceCents: number;
  /** Reports per month for paid plans; in total for the free plan. */
  reportLimit: number;
  interval: 'month' | null;
}

export const PLANS: Readonly<Record<UserType, Plan>> = {
  free: { userType: 'free', name: 'Free', priceCents: 0, reportLimit: 5, interval: null },
  premium: { userType: 'premium', name: 'Premium', priceCents: 2500, reportLimit: 100, interval: 'month' },
  enterprise: { userType: 'enterprise', name: 'Enterprise', priceCents: 10000, reportLimit: 500, interval: 'month' },
};

export const paidPlanSchema = z.enum(['premium', 'enterprise']);
export type PaidPlan = z.infer<typeof paidPlanSchema>;

/** Paid plans from the cheapest up: an upgrade moves right. */
export const PAID_PLANS: readonly PaidPlan[] = ['premium', 'enterprise'];

export function isUpgrade(from: PaidPlan, to: PaidPlan): boolean {
  return PAID_PLANS.indexOf(to) > PAID_PLANS.indexOf(from);
}
