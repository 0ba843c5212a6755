/**
 * Users: the only code that knows how a user is found and changed in the store. Every method
 * that must not race is a conditional update, so two concurrent calls change a user once.
 */
import { DuplicateKeyError, type Collection } from '@citecheck/platform';
import type { UserType } from '@citecheck/proto';
import { emailKey } from '../domain/email';
import type { PlanChange, User } from '../domain/user';

export interface CouponRedemption {
  code: string;
  plan: UserType;
  reportLimit: number;
  at: string;
  /** SHA-256 of the applying browser's sign-in claim, if it had one. */
  claimHash?: string | null;
}

export interface UserRepository {
  byId(id: string): Promise<User | null>;
  /** Addresses are compared case-insensitively. */
  byEmail(email: string): Promise<User | null>;
  /** False when the address is already registered (the unique emailKey index decides a race). */
  add(user: User): Promise<boolean>;
  /** Null when the user is already verified: two links clicked at once verify once. */
  markVerified(userId: string, verifiedAt: string): Promise<User | null>;
  /** Null when a coupon was applied or the plan changed in the meantime. */
  redeemCoupon(userId: string, redemption: CouponRedemption): Promise<User | null>;
  /** The coupon sign-up's password; null when the coupon or the password changed since `user` was read. */
  setCouponPassword(user: User, passwordHash: string, claimHash?: string | null): Promise<User | null>;
  /** Forgets a password set before verification (the owner's verification voids it). */
  voidPassword(userId: string): Promise<User | null>;
  /**
   * Takes a coupon applied before verification off the account: the free plan again. Null when
   * the coupon is no longer `code` (already voided by a concurrent call).
   */
  voidCoupon(userId: string, code: string, free: { reportLimit: number; at: string }): Promise<User | null>;
  setPassword(userId: string, passwordHash: string): Promise<User | null>;
  /**
   * The first password of an account whose plan was paid; null when one was set since `user`
   * was read. `claimHash`: the setting browser's registration claim (kept through verification there).
   */
  setFirstPassword(user: User, passwordHash: string, claimHash?: string | null): Promise<User | null>;
  /** Moves a paid plan into its new month with nothing used; only one of several concurrent callers does. */
  startPeriod(userId: string, from: string, to: string): Promise<void>;
  /** A paid period Stripe renewed: nothing used from `periodStart` on, unless a later period already began. */
  renewPeriod(userId: string, periodStart: string): Promise<User | null>;
  /** Counts one report unless the limit, the period or the limit changed since `user` was read. */
  takeReport(user: User): Promise<User | null>;
  /** Gives one report back, only into the period it was taken from. */
  giveReportBack(userId: string, periodStart: string): Promise<void>;
  /** Applies a plan change unless another change was applied since `user` was read. */
  changePlan(user: User, change: PlanChange): Promise<void>;
  newestFirst(): Promise<User[]>;
  remove(userId: string): Promise<void>;
  /** A cheap read that proves the store answers. */
  ping(): Promise<void>;
}

export function userRepository(users: Collection<User>): UserRepository {
  return {
    byId: (id) => users.get(id),
    byEmail: (email) => users.findOne({ emailKey: emailKey(email) }),
    async add(user) {
      try {
        await users.insert(user);
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    markVerified: (userId, verifiedAt) => users.update(userId, { $set: { isVerified: true, verifiedAt } }, { isVerified: false }),
    redeemCoupon: (userId, { code, plan, reportLimit, at, claimHash = null }) =>
      users.update(
        userId,
        { $set: { couponCode: code, couponAppliedAt: at, couponClaimHash: claimHash, userType: plan, reportLimit, reportsUsed: 0, periodStart: at, planStartedAt: at } },
        // Two different coupons applied at once: the first turns the account paid, the second fails.
        { couponCode: null, userType: 'free' },
      ),
    // Conditional on the coupon still being the one checked (and, in effect, on no password
    // having been set in between: the coupon sign-up is the only other writer).
    setCouponPassword: (user, passwordHash, claimHash = null) =>
      users.update(user.id, { $set: { passwordHash, passwordClaimHash: claimHash } }, { couponCode: user.couponCode, passwordHash: user.passwordHash }),
    voidPassword: (userId) => users.update(userId, { $set: { passwordHash: null, passwordClaimHash: null } }),
    voidCoupon: (userId, code, { reportLimit, at }) =>
      users.update(
        userId,
        { $set: { couponCode: null, couponAppliedAt: null, couponClaimHash: null, userType: 'free', reportLimit, reportsUsed: 0, periodStart: at, planStartedAt: at } },
        { couponCode: code },
      ),
    setPassword: (userId, passwordHash) => users.update(userId, { $set: { passwordHash } }),
    setFirstPassword: (user, passwordHash, claimHash = null) =>
      users.update(user.id, { $set: { passwordHash, passwordClaimHash: claimHash } }, { passwordHash: user.passwordHash }),
    async startPeriod(userId, from, to) {
      await users.update(userId, { $set: { periodStart: to, reportsUsed: 0 } }, { periodStart: from });
    },
    renewPeriod: (userId, periodStart) =>
      users.update(userId, { $set: { periodStart, reportsUsed: 0 } }, { periodStart: { $lt: periodStart }, userType: { $ne: 'free' } }),
    takeReport: (user) =>
      users.update(
        user.id,
        { $inc: { reportsUsed: 1 } },
        { periodStart: user.periodStart, reportLimit: user.reportLimit, reportsUsed: { $lt: user.reportLimit } },
      ),
    async giveReportBack(userId, periodStart) {
      await users.update(userId, { $inc: { reportsUsed: -1 } }, { periodStart, reportsUsed: { $gt: 0 } });
    },
    async changePlan(user, change) {
      await users.update(user.id, { $set: change }, { planChangedAt: user.planChangedAt });
    },
    newestFirst: () => users.find({}, { sort: { createdAt: -1 } }),
    async remove(userId) {
      await users.delete(userId);
    },
    async ping() {
      await users.count({ id: '__health__' });
    },
  };
}
