/**
 * The user aggregate as identity stores it, and the views other parties see. SPEC section 3
 * lists the admin fields; passwordHash, reportsUsed and periodStart stay inside identity.
 */
import type { SubscriptionChanged, UserType } from '@citecheck/proto';
import { currentPeriodStart, isPaidPlan } from './plans';

export interface User {
  id: string;
  name: string;
  email: string;
  /** Lower-cased e-mail, unique: addresses are compared case-insensitively. */
  emailKey: string;
  isVerified: boolean;
  verifiedAt: string | null;
  userType: UserType;
  reportLimit: number;
  /** Reports taken in the current period (all time for free accounts). */
  reportsUsed: number;
  /**
   * Start of the current monthly period for paid plans (ISO). For free accounts it is the
   * account's creation time and never rolls over: their reports are for all time.
   */
  periodStart: string;
  /** When the current paid plan began: monthly periods are counted from it. */
  planStartedAt: string;
  /** `changedAt` of the last plan change applied; older or repeated changes are ignored. */
  planChangedAt: string;
  /**
   * Billing's last word was a failed subscription payment (Stripe's past_due): the plan stays,
   * but no report is taken until it is paid (SPEC's 'Payment Required'). Absent on accounts
   * stored before it existed, which reads as false.
   */
  paymentRequired?: boolean;
  newsletterOptIn: boolean;
  passwordHash: string | null;
  couponCode: string | null;
  couponAppliedAt: string | null;
  /**
   * SHA-256 of the sign-in claim held by the browser that set the password before the address
   * was verified (coupon sign-up). Verification keeps such a password only when it happens in
   * that same browser; any other verification voids it (app/void-unverified-credentials.ts).
   */
  passwordClaimHash?: string | null;
  /**
   * The same for the coupon applied before verification: it stays on the account only when
   * the address is verified in the browser that applied it; otherwise verification voids it.
   */
  couponClaimHash?: string | null;
  createdAt: string;
}

export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  isVerified: boolean;
  verifiedAt: string | null;
  userType: UserType;
  reportLimit: number;
  newsletterOptIn: boolean;
  createdAt: string;
}

export function toAdminView(user: User): AdminUserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isVerified: user.isVerified,
    verifiedAt: user.verifiedAt,
    userType: user.userType,
    reportLimit: user.reportLimit,
    newsletterOptIn: user.newsletterOptIn,
    createdAt: user.createdAt,
  };
}

export const ADMIN_CSV_HEADER = ['ID', 'Name', 'Email', 'Verified', 'Verified At', 'User Type', 'Report Limit', 'Newsletter Opt-In', 'Registered At'];

export function toCsvRow(user: AdminUserView): unknown[] {
  return [user.id, user.name, user.email, user.isVerified ? 'yes' : 'no', user.verifiedAt ?? '', user.userType, user.reportLimit, user.newsletterOptIn ? 'yes' : 'no', user.createdAt];
}

/**
 * The period a reservation at `now` belongs to: a paid plan whose month has turned starts a
 * new period with zero reports used; a free account's period never changes.
 */
export function periodAt(user: Pick<User, 'userType' | 'periodStart' | 'planStartedAt'>, now: Date): string {
  if (!isPaidPlan(user.userType)) return user.periodStart;
  const start = currentPeriodStart(new Date(user.planStartedAt), now).toISOString();
  // Never move backwards (a clock skew must not resurrect an old period).
  return start > user.periodStart ? start : user.periodStart;
}

/** The fields a plan change sets. */
export type PlanChange = Pick<User, 'userType' | 'reportLimit' | 'planChangedAt'> &
  Partial<Pick<User, 'reportsUsed' | 'periodStart' | 'planStartedAt' | 'paymentRequired'>>;

/**
 * What billing's plan change does to `user`, or null when it is a repeated or older change
 * (already applied). A new plan starts a new period with nothing used; a changed limit alone
 * keeps the count. A change that names the subscription's status (billing's events do) also
 * sets whether a payment is owed; one that does not (a payment just confirmed) clears it.
 */
export function planChange(
  user: Pick<User, 'userType' | 'planChangedAt'>,
  userType: UserType,
  reportLimit: number,
  changedAt: string,
  status?: SubscriptionChanged['status'],
): PlanChange | null {
  if (changedAt <= user.planChangedAt) return null;
  const change: PlanChange = { userType, reportLimit, planChangedAt: changedAt, paymentRequired: status === 'past_due' };
  if (userType !== user.userType) Object.assign(change, { reportsUsed: 0, periodStart: changedAt, planStartedAt: changedAt });
  return change;
}
