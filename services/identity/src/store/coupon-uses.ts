/** How often each coupon has been redeemed. */
import { DuplicateKeyError, type Collection } from '@citecheck/platform';
import type { CouponUseDoc } from './documents';

export interface CouponUseRepository {
  /** Counts one redemption atomically; false when `useLimit` is reached (null: no limit). */
  take(code: string, useLimit: number | null): Promise<boolean>;
  /** Gives a counted redemption back (the apply that took it lost a race). */
  giveBack(code: string): Promise<void>;
}

export function couponUseRepository(uses: Collection<CouponUseDoc>): CouponUseRepository {
  return {
    async take(code, useLimit) {
      if (!(await uses.get(code))) {
        try {
          await uses.insert({ id: code, uses: 0 });
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
        }
      }
      const condition = useLimit === null ? undefined : { uses: { $lt: useLimit } };
      return (await uses.update(code, { $inc: { uses: 1 } }, condition)) !== null;
    },
    async giveBack(code) {
      await uses.update(code, { $inc: { uses: -1 } });
    },
  };
}
