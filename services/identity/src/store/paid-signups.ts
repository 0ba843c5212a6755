/** Accounts created after a payment, keyed by the PaymentIntent: one account per payment. */
import { DuplicateKeyError, type Collection } from '@citecheck/platform';
import type { PaidSignupDoc } from './documents';

export interface PaidSignupRepository {
  /** True when this call claimed the payment; false when another call already had. */
  claim(signup: PaidSignupDoc): Promise<boolean>;
  byPayment(paymentId: string): Promise<PaidSignupDoc | null>;
  /** Frees a claim whose account could not be created (the address was taken). */
  release(paymentId: string): Promise<void>;
}

export function paidSignupRepository(signups: Collection<PaidSignupDoc>): PaidSignupRepository {
  return {
    async claim(signup) {
      try {
        await signups.insert(signup);
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    byPayment: (paymentId) => signups.get(paymentId),
    async release(paymentId) {
      await signups.delete(paymentId);
    },
  };
}
