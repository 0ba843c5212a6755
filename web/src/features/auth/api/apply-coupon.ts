import { api } from '@/lib/api-client';

/** POST /api/apply-coupon: second of the three coupon-registration calls. */
export function applyCoupon(input: { email: string; couponCode: string }): Promise<unknown> {
  return api.post('/api/apply-coupon', input);
}
