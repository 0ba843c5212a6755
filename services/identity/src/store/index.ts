/** Identity's repositories over the store port it is given. */
import type { Store } from '@citecheck/platform';
import { adminSessionRepository, type AdminSessionRepository } from './admin-sessions';
import { apiKeyRepository, type ApiKeyRepository } from './api-keys';
import { couponUseRepository, type CouponUseRepository } from './coupon-uses';
import { openCollections } from './documents';
import { paidSignupRepository, type PaidSignupRepository } from './paid-signups';
import { pendingPlanRepository, type PendingPlanRepository } from './pending-plans';
import { reservationRepository, type ReservationRepository } from './reservations';
import { sessionRepository, type SessionRepository } from './sessions';
import { tokenRepository, type TokenRepository } from './tokens';
import { userRepository, type UserRepository } from './users';

export type { SessionDoc, TokenDoc, TokenKind, ReservationDoc, PendingPlanDoc } from './documents';
export type { CouponRedemption, UserRepository } from './users';
export type { AdminSessionDoc } from './admin-sessions';
export type { ApiKeyDoc } from './api-keys';
export type { AdminSessionRepository, ApiKeyRepository, SessionRepository, TokenRepository, CouponUseRepository, ReservationRepository, PendingPlanRepository, PaidSignupRepository };

export interface IdentityStore {
  users: UserRepository;
  sessions: SessionRepository;
  tokens: TokenRepository;
  couponUses: CouponUseRepository;
  reservations: ReservationRepository;
  pendingPlans: PendingPlanRepository;
  paidSignups: PaidSignupRepository;
  adminSessions: AdminSessionRepository;
  apiKeys: ApiKeyRepository;
}

export function openIdentityStore(store: Store): IdentityStore {
  const c = openCollections(store);
  return {
    users: userRepository(c.users),
    sessions: sessionRepository(c.sessions),
    tokens: tokenRepository(c.tokens),
    couponUses: couponUseRepository(c.couponUses),
    reservations: reservationRepository(c.reservations),
    pendingPlans: pendingPlanRepository(c.pendingPlans),
    paidSignups: paidSignupRepository(c.paidSignups),
    adminSessions: adminSessionRepository(store),
    apiKeys: apiKeyRepository(store),
  };
}
