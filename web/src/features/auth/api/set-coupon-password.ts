import { api } from '@/lib/api-client';

/** POST /api/set-coupon-password: last of the three coupon-registration calls. */
export function setCouponPassword(input: { email: string; password: string }): Promise<unknown> {
  return api.post('/api/set-coupon-password', input);
}
