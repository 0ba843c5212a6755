import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { applyCoupon } from './apply-coupon';
import { registerFree, type RegisterFreeInput } from './register-free';
import { setCouponPassword } from './set-coupon-password';

export interface RegisterWithCouponInput extends RegisterFreeInput {
  couponCode: string;
  password: string;
}

/** Which of the three calls failed, so the dialog shows SPEC's message for that step. */
export class CouponRegistrationError extends Error {
  constructor(
    readonly step: 'register' | 'coupon' | 'password',
    override readonly cause: unknown,
  ) {
    super(isApiError(cause) ? (cause.serverMessage ?? cause.message) : String(cause));
  }
}

/**
 * SPEC section 7: free register, apply coupon, set password, strictly in that order. The code
 * goes with the registration too (SPEC section 3: a coupon registration carries it), so a code
 * that does not exist is refused before any account is made; and a retry after a failed later
 * step is let through by the server for this browser, so the corrected code still applies.
 */
export async function registerWithCoupon(input: RegisterWithCouponInput): Promise<void> {
  const { couponCode, password, ...account } = input;
  await registerFree({ ...account, couponCode }).catch((cause) => {
    throw new CouponRegistrationError('register', cause);
  });
  await applyCoupon({ email: account.email, couponCode }).catch((cause) => {
    throw new CouponRegistrationError('coupon', cause);
  });
  await setCouponPassword({ email: account.email, password }).catch((cause) => {
    throw new CouponRegistrationError('password', cause);
  });
}

export function useRegisterWithCoupon() {
  return useMutation({ mutationFn: registerWithCoupon });
}
