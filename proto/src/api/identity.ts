import type { LimitReachedBody } from '../http/errors';
import type { UserType } from '../events/account';

/**
 * What other services may ask of identity. In embedded mode the gateway hands the identity
 * service's implementation to the others in process; in distributed mode an HTTP client
 * with the same interface calls identity's internal routes (`/internal/identity/...`).
 */
export interface AuthenticatedUser {
  id: string;
  name: string;
  email: string;
  isVerified: boolean;
  userType: UserType;
  reportLimit: number;
  /** True when the session was opened with a password (premium and enterprise need one for the dashboard). */
  passwordSession: boolean;
}

export type ReserveReportResult =
  | { ok: true; reservationId: string; reportsUsed: number; reportLimit: number }
  | { ok: false; body: LimitReachedBody };

export interface IdentityApi {
  /** Resolves a session token (from `Authorization: Bearer` or the session cookie) to its user. */
  authenticate(sessionToken: string | null): Promise<AuthenticatedUser | null>;
  /** Atomically takes one report from the user's limit, or answers SPEC's limit-reached body. */
  reserveReport(userId: string): Promise<ReserveReportResult>;
  /** Gives back a reservation when processing fails (idempotent per reservationId). */
  releaseReport(userId: string, reservationId: string): Promise<void>;
  /** Checks SPEC's admin bearer (`Authorization: Bearer {"email","password"}`) on the server. */
  isAdmin(authorizationHeader: string | null, ipAddress: string | null): Promise<boolean>;
}

/** The session cookie identity sets on sign-in and e-mail verification. */
export const SESSION_COOKIE = 'citecheck_session';

/**
 * The session token a request carries: `Authorization: Bearer <token>` first, then the
 * session cookie. SPEC's admin bearer (a JSON object) is not a session token.
 */
export function sessionTokenFrom(authorization: string | undefined | null, cookie: string | undefined | null): string | null {
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer && !bearer.startsWith('{') && bearer !== 'null' && bearer !== 'undefined') return bearer;
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return null;
}
