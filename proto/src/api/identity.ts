import { z } from 'zod';
import type { LimitReachedBody, PaymentRequiredBody } from '../http/errors';
import type { UserType } from '../events/account';

/**
 * What other services may ask of identity. In embedded mode the gateway hands the identity
 * service's implementation to the others in process; in distributed mode an HTTP client
 * with the same interface (identity-client.ts) calls identity's internal routes below.
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
  | { ok: false; body: LimitReachedBody | PaymentRequiredBody };

export interface IdentityApi {
  /** Resolves a session token (from `Authorization: Bearer` or the session cookie) to its user. */
  authenticate(sessionToken: string | null): Promise<AuthenticatedUser | null>;
  /**
   * Atomically takes one report from the user's limit, or answers SPEC's limit-reached body, or
   * 'Payment Required' while the subscription's last payment has failed.
   */
  reserveReport(userId: string): Promise<ReserveReportResult>;
  /** Gives back a reservation when processing fails (idempotent per reservationId). */
  releaseReport(userId: string, reservationId: string): Promise<void>;
  /**
   * The admin's e-mail address when the caller is the admin, else null: an admin session
   * (the `citecheck_admin` cookie) or SPEC's JSON bearer (`Authorization: Bearer
   * {"email","password"}`), checked on the server once per request and rate-limited per IP.
   */
  adminOf(caller: AdminCallerInfo): Promise<string | null>;
  /**
   * Billing, once Stripe says a visitor's payment succeeded: creates the account on that plan
   * with its password and opens a password session. One account per payment: a retry or a
   * concurrent call with the same payment and password answers a session for the same account.
   */
  createPaidAccount(request: PaidAccountRequest): Promise<PaidAccountResult>;
  /**
   * Billing, once Stripe says a signed-in user's subscription is paid (SPEC's account setup,
   * `POST /api/upgrade-account`): sets the plan and the password paid plans sign in with. The
   * password is set only where none exists; a repeat with the same password succeeds. Answers a
   * password session, so a user who was signed in without one reaches the paid dashboard at once.
   */
  setupPaidPlan(request: PaidPlanSetupRequest): Promise<PaidPlanSetupResult>;
  /**
   * The public API (`/api/v1`, `/mcp`): the owner behind an API key, with one call counted
   * against the key's rate limit (shared by every service and replica, so the limit is per key
   * whatever the endpoint). Refuses a malformed, unknown or revoked key, a key whose owner is
   * gone, and a key over its limit.
   */
  useApiKey(apiKey: string | null): Promise<ApiKeyUse>;
  /**
   * Billing, before a signed-out visitor's subscription is created at Stripe: the account the
   * payment will be for, so no subscription exists without an account that owns it. A new
   * address gets an unverified account (mailed its verification link, as a registration would);
   * an address registered and not yet verified is that account; a verified address is refused
   * (its owner signs in and pays from the account).
   */
  payerAccount(request: PayerAccountRequest): Promise<PayerAccountResult>;
  /**
   * Billing, mailing the receipt of a subscription's first payment: a one-click link to the
   * mailed address that signs its owner in to set the password the paid plan signs in with
   * (an e-mail verification link, which also verifies an address not yet verified). Null when
   * the account has a password already, or no longer exists.
   */
  accountSetupLink(userId: string): Promise<string | null>;
}

export type ApiKeyUse =
  | { ok: true; user: AuthenticatedUser; key: { id: string; name: string } }
  | { ok: false; reason: 'invalid' | 'revoked' | 'rate_limited'; retryAfterSeconds?: number };

/** What an admin call carries: its Authorization and Cookie headers as sent, and the client IP. */
export interface AdminCallerInfo {
  authorization: string | null;
  cookie: string | null;
  ipAddress: string | null;
}

export interface PaidPlanSetupRequest {
  userId: string;
  password: string;
  userType: UserType;
  /** When billing confirmed the payment (ISO): orders this plan change among others. */
  paidAt: string;
}

export type PaidPlanSetupResult = { ok: true; sessionToken: string } | { ok: false; reason: 'invalid_input' | 'password_mismatch' | 'not_found'; message: string };

export interface PayerAccountRequest {
  name: string;
  email: string;
  newsletterOptIn: boolean;
}

export type PayerAccountResult =
  | { ok: true; userId: string; name: string; email: string }
  | { ok: false; reason: 'invalid_input' | 'already_registered'; message: string };

export interface PaidAccountRequest {
  /** The Stripe PaymentIntent id: the key that makes the call idempotent. */
  paymentId: string;
  /**
   * The account the subscription was created for (payerAccount); absent for a subscription
   * started before accounts were made first, whose account is then found or made by e-mail.
   */
  userId?: string | null;
  /**
   * The paying browser's registration claim (its `citecheck_claim` cookie), when it has one:
   * a password set with it survives the address's verification in that browser.
   */
  claim?: string | null;
  name: string;
  email: string;
  password: string;
  newsletterOptIn: boolean;
  userType: UserType;
  /** When Stripe confirmed the payment (ISO): the plan's start. */
  paidAt: string;
}

export type PaidAccountResult =
  | { ok: true; sessionToken: string; userId: string }
  | { ok: false; reason: 'already_registered' | 'invalid_input' | 'not_the_payer' | 'not_found'; message: string };

/** The session cookie identity sets on sign-in and e-mail verification. */
export const SESSION_COOKIE = 'citecheck_session';
/** The admin's session (identity's adminLogin): httpOnly, SameSite=Strict, a few hours. */
export const ADMIN_COOKIE = 'citecheck_admin';

/**
 * The registering browser's claim on its account (identity sets it, httpOnly, on `/api`). Billing
 * reads it to tell identity which browser set a paid account's password.
 */
export const CLAIM_COOKIE = 'citecheck_claim';

/** The admin session token in a Cookie header, or null. */
export function adminTokenFrom(cookie: string | undefined | null): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === ADMIN_COOKIE && value.length > 0) return value.join('=') || null;
  }
  return null;
}

/** The registration claim in a Cookie header, or null. */
export function claimTokenFrom(cookie: string | undefined | null): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CLAIM_COOKIE && value.length > 0) return value.join('=') || null;
  }
  return null;
}

/**
 * The session token a request carries: `Authorization: Bearer <token>` first, then the
 * session cookie. SPEC's admin bearer (a JSON object) is not a session token.
 */
export function sessionTokenFrom(authorization: string | undefined | null, cookie: string | undefined | null): string | null {
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer && !bearer.startsWith('{') && bearer !== 'null' && bearer !== 'undefined') return bearer;
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.length > 0) {
      // A cookie that is not valid percent-encoding (`%`) is no session, not a server error.
      try {
        return decodeURIComponent(value.join('=')) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * Identity's internal routes, serving IdentityApi to other services in distributed mode. All
 * are POST with JSON bodies and the shared secret in the `x-internal-token` header; without a
 * secret configured on identity they answer 404.
 *
 *   authenticate    {sessionToken}              -> {user: AuthenticatedUser | null}
 *   reserve-report  {userId}                    -> ReserveReportResult
 *   release-report  {userId, reservationId}     -> 204 (idempotent)
 *   is-admin        {authorization, cookie, ipAddress}  -> {isAdmin: boolean, email: string | null}
 *   create-paid-account  PaidAccountRequest     -> PaidAccountResult
 *   setup-paid-plan      PaidPlanSetupRequest   -> PaidPlanSetupResult
 *   use-api-key          {apiKey}               -> ApiKeyUse
 *   payer-account        PayerAccountRequest    -> PayerAccountResult
 *   account-setup-link   {userId}               -> {link: string | null}
 */
export const identityInternalPaths = {
  authenticate: '/internal/identity/authenticate',
  reserveReport: '/internal/identity/reserve-report',
  releaseReport: '/internal/identity/release-report',
  isAdmin: '/internal/identity/is-admin',
  createPaidAccount: '/internal/identity/create-paid-account',
  setupPaidPlan: '/internal/identity/setup-paid-plan',
  useApiKey: '/internal/identity/use-api-key',
  payerAccount: '/internal/identity/payer-account',
  accountSetupLink: '/internal/identity/account-setup-link',
} as const;

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

// Lenient like the public bodies: a missing or mistyped field reads as absent, and identity
// answers as it would for an unknown token or user.
const optionalString = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : null));
const id = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() : ''));

export const authenticateRequestSchema = z.object({ sessionToken: optionalString });
export const reserveReportRequestSchema = z.object({ userId: id });
export const releaseReportRequestSchema = z.object({ userId: id, reservationId: id });
export const useApiKeyRequestSchema = z.object({ apiKey: optionalString });
export const isAdminRequestSchema = z.object({ authorization: optionalString, cookie: optionalString, ipAddress: optionalString });

export const paidAccountRequestSchema = z.object({
  paymentId: z.string().min(1),
  userId: z.string().nullable().optional(),
  claim: z.string().nullable().optional(),
  name: z.string(),
  email: z.string(),
  password: z.string(),
  newsletterOptIn: z.boolean(),
  userType: z.enum(['free', 'premium', 'enterprise']),
  paidAt: z.string().datetime(),
});

export const paidPlanSetupRequestSchema = z.object({
  userId: z.string().min(1),
  password: z.string(),
  userType: z.enum(['free', 'premium', 'enterprise']),
  paidAt: z.string().datetime(),
});

export const payerAccountRequestSchema = z.object({
  name: z.string(),
  email: z.string(),
  newsletterOptIn: z.boolean(),
});

export const accountSetupLinkRequestSchema = z.object({ userId: id });
