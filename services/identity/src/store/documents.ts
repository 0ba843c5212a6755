/**
 * The documents identity stores, and its collections over the store port. Only the
 * repositories in this folder open them. Documents hold only what identity owns; every
 * secret (session, verification and reset tokens) is stored as its SHA-256, used as the id.
 *
 * Flags are booleans or strings rather than nullable fields because conditional updates
 * match on them (`{ used: false }`), and equality on a plain value means the same in every
 * store adapter, where matching on null does not.
 */
import type { Collection, Store } from '@citecheck/platform';
import type { UserType } from '@citecheck/proto';
import type { User } from '../domain/user';

export interface SessionDoc {
  /** SHA-256 of the bearer token. */
  id: string;
  userId: string;
  passwordSession: boolean;
  revoked: boolean;
  createdAt: string;
  expiresAt: string;
}

/**
 * `claim`: held (as an httpOnly cookie) by the browser that registered, so it can sign in once
 * the address is verified, wherever the link was opened.
 */
/** `device`: long-lived, held (httpOnly cookie) by a browser that proved the address (app/email-sign-in.ts). */
/**
 * `sign-in`: the one-click link mailed when a browser that never proved the address asks to
 * sign in by e-mail alone; it works only in that browser (`browser`, app/email-sign-in.ts).
 */
export type TokenKind = 'verification' | 'reset' | 'claim' | 'device' | 'sign-in';

export interface TokenDoc {
  /** SHA-256 of the token (in the e-mailed link, or the claim cookie). */
  id: string;
  kind: TokenKind;
  userId: string;
  used: boolean;
  createdAt: string;
  expiresAt: string;
  /** `sign-in` links: SHA-256 of the asking browser's own secret (its sign-in cookie). */
  browser?: string;
  /** A `claim` given for an address verified before: it never opens a session (app/claim-session.ts). */
  inert?: boolean;
}

export interface CouponUseDoc {
  /** The coupon code. */
  id: string;
  uses: number;
}

export interface ReservationDoc {
  id: string;
  userId: string;
  /** The period the report was counted in; a release only gives back into that period. */
  periodStart: string;
  status: 'held' | 'released';
  createdAt: string;
}

/** A plan bought before its account exists (SPEC: visitors may pay first); applied on sign-up. */
export interface PendingPlanDoc {
  /** Lower-cased e-mail. */
  id: string;
  userType: UserType;
  reportLimit: number;
  changedAt: string;
}

/** One account per payment: the PaymentIntent id, and the account it created. */
export interface PaidSignupDoc {
  /** The Stripe PaymentIntent id. */
  id: string;
  userId: string;
  createdAt: string;
}

export interface IdentityCollections {
  users: Collection<User>;
  sessions: Collection<SessionDoc>;
  tokens: Collection<TokenDoc>;
  couponUses: Collection<CouponUseDoc>;
  reservations: Collection<ReservationDoc>;
  pendingPlans: Collection<PendingPlanDoc>;
  paidSignups: Collection<PaidSignupDoc>;
}

export function openCollections(store: Store): IdentityCollections {
  return {
    users: store.collection<User>({ name: 'users', indexes: [{ fields: ['emailKey'], unique: true }, { fields: ['createdAt'] }] }),
    sessions: store.collection<SessionDoc>({ name: 'sessions', indexes: [{ fields: ['userId'] }] }),
    tokens: store.collection<TokenDoc>({ name: 'tokens', indexes: [{ fields: ['userId'] }] }),
    couponUses: store.collection<CouponUseDoc>({ name: 'coupon_uses' }),
    reservations: store.collection<ReservationDoc>({ name: 'reservations', indexes: [{ fields: ['userId'] }] }),
    pendingPlans: store.collection<PendingPlanDoc>({ name: 'pending_plans' }),
    paidSignups: store.collection<PaidSignupDoc>({ name: 'paid_signups' }),
  };
}
