import type { Clock } from '@citecheck/platform';

/** True while `since` lies within the coupon window (coupon sign-up: apply, then set the password). */
export function withinCouponWindow(clock: Clock, couponWindowMs: number, since: string | null): boolean {
  if (!since) return false;
  return clock.now().getTime() - new Date(since).getTime() <= couponWindowMs;
}
