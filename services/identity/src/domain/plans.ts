/**
 * Plans and report limits (SPEC section 9, defined once in proto's plans.ts): free accounts
 * get theirs in total, premium and enterprise per month. A paid plan's month runs from its period start (the day
 * the plan began) to the same day of the next month, so a plan bought on the 31st renews on
 * the last day of shorter months.
 */
import { PLANS, type UserType } from '@citecheck/proto';

/** Report limits by plan, from proto's plan definitions. */
export const PLAN_LIMITS: Record<UserType, number> = {
  free: PLANS.free.reportLimit,
  premium: PLANS.premium.reportLimit,
  enterprise: PLANS.enterprise.reportLimit,
};

export function isPaidPlan(userType: UserType): boolean {
  return userType !== 'free';
}

/** `start` plus `months` calendar months, clamped to the target month's last day (UTC). */
export function addMonths(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const anchorDay = start.getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(anchorDay, lastDay), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
  );
}

/**
 * The start of the monthly period that contains `now`, counting whole months from `anchor`
 * (the plan's first period start). Months are counted from the anchor, not chained from the
 * previous period, so a 31st anchor keeps renewing on the 31st when the month has one.
 */
export function currentPeriodStart(anchor: Date, now: Date): Date {
  if (now.getTime() < anchor.getTime()) return anchor;
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (months > 0 && addMonths(anchor, months).getTime() > now.getTime()) months -= 1;
  while (addMonths(anchor, months + 1).getTime() <= now.getTime()) months += 1;
  return addMonths(anchor, Math.max(0, months));
}
