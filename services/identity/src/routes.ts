/**
 * Identity's REST routes under SPEC.md's /api paths (section 7, "Authentication and
 * accounts", and the admin user calls). Thin: parse the request, check rate limits and
 * rights, call Accounts, shape the answer. ApiErrors thrown here are rendered by the host's
 * error middleware as `{message, error, ...}` with their status.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError, SESSION_COOKIE, sessionTokenFrom } from '@citecheck/proto';
import type { Accounts } from './accounts';
import { text } from './accounts';
import { safeEqual } from './domain/admin';
import { emailKey } from './domain/email';
import { forbidden, messages, tooManyRequests, unauthorized } from './domain/errors';
import { RateLimiter } from './domain/rate-limit';
import { VERIFICATION_TTL_MS } from './domain/tokens';

/** The registering browser's claim on the session its address's verification opens (see Accounts.claimSession). */
export const CLAIM_COOKIE = 'citecheck_claim';
const CLAIM_PATH = '/api/auth/claim';
/** As long as the verification link it waits for. */
const CLAIM_TTL_MS = VERIFICATION_TTL_MS;

export interface RouteOptions {
  sessionTtlMs: number;
  /** Secret for the `/internal/identity/*` routes; without one they do not exist. */
  internalToken?: string;
  limits: { perIp: RateLimiter; perEmail: RateLimiter };
}

function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function sessionTokenOf(ctx: Context): string | null {
  return sessionTokenFrom(ctx.get('authorization') || null, ctx.get('cookie') || null);
}

export function createRoutes(accounts: Accounts, options: RouteOptions): Router {
  const router = new Router();
  const { perIp, perEmail } = options.limits;

  /** Per IP and, when the call names one, per e-mail address: both must be under their limit. */
  const limit = (action: string, ctx: Context, email?: string) => {
    const ipOk = perIp.hit(`${action}:${ctx.ip}`);
    const emailOk = email ? perEmail.hit(`${action}:${emailKey(email)}`) : true;
    if (!ipOk || !emailOk) throw tooManyRequests();
  };

  const setSessionCookie = (ctx: Context, token: string) => {
    // httpOnly: scripts cannot read it; SameSite=Lax: not sent on cross-site POSTs.
    ctx.cookies.set(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      maxAge: options.sessionTtlMs,
      path: '/',
      overwrite: true,
    });
  };

  const setClaimCookie = (ctx: Context, claim: string) => {
    // Sent only to the claim route, only by this site, never readable by scripts.
    ctx.cookies.set(CLAIM_COOKIE, claim, { httpOnly: true, sameSite: 'strict', secure: ctx.secure, maxAge: CLAIM_TTL_MS, path: CLAIM_PATH, overwrite: true });
  };

  const requireUser = async (ctx: Context) => {
    const user = await accounts.authenticate(sessionTokenOf(ctx));
    if (!user) throw unauthorized();
    return user;
  };

  const requireAdmin = async (ctx: Context) => {
    switch (await accounts.checkAdmin(ctx.get('authorization') || null, ctx.ip)) {
      case 'ok':
        return;
      case 'rate_limited':
        throw tooManyRequests();
      case 'not_configured':
        throw forbidden(messages.adminNotConfigured, 'admin_not_configured');
      default:
        throw unauthorized(messages.adminRequired, 'admin_unauthorized');
    }
  };

  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  // ---------------------------------------------------------------- accounts

  router.post('/api/auth/register', async (ctx) => {
    const body = bodyOf(ctx);
    limit('register', ctx, text(body.email) || undefined);
    const { signInClaim, ...result } = await accounts.register(body);
    if (result.sessionToken) setSessionCookie(ctx, result.sessionToken);
    if (signInClaim) setClaimCookie(ctx, signInClaim);
    noStore(ctx);
    ctx.body = result;
  });

  router.post('/api/register/free', async (ctx) => {
    const body = bodyOf(ctx);
    limit('register', ctx, text(body.email) || undefined);
    const { signInClaim, ...result } = await accounts.registerFree(body);
    setClaimCookie(ctx, signInClaim);
    ctx.status = 201;
    ctx.body = result;
  });

  /**
   * The registering browser polls this while it waits for the address to be verified. Not rate
   * limited: it only ever answers about the claim the browser holds (a 256-bit secret).
   */
  router.post('/api/auth/claim', async (ctx) => {
    noStore(ctx);
    const result = await accounts.claimSession(ctx.cookies.get(CLAIM_COOKIE) ?? null);
    if (result.verified) {
      setSessionCookie(ctx, result.sessionToken);
      ctx.cookies.set(CLAIM_COOKIE, null, { path: CLAIM_PATH });
    }
    ctx.body = result;
  });

  router.post('/api/register/paid', async (ctx) => {
    const body = bodyOf(ctx);
    limit('register', ctx, text(body.email) || undefined);
    ctx.status = 201;
    ctx.body = await accounts.registerPaid(body);
  });

  router.get('/api/verify-email', async (ctx) => {
    const result = await accounts.verifyEmail(text(ctx.query.token));
    setSessionCookie(ctx, result.sessionToken);
    noStore(ctx);
    ctx.body = result;
  });

  router.get('/api/auth/status', async (ctx) => {
    noStore(ctx);
    ctx.body = await accounts.status(sessionTokenOf(ctx));
  });

  router.post('/api/auth/login', async (ctx) => {
    const body = bodyOf(ctx);
    limit('login', ctx, text(body.email) || undefined);
    const result = await accounts.login(body);
    setSessionCookie(ctx, result.sessionToken);
    noStore(ctx);
    ctx.body = result;
  });

  router.post('/api/auth/logout', async (ctx) => {
    await accounts.logout(sessionTokenOf(ctx));
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
    ctx.body = { success: true, message: 'Logged out' };
  });

  router.post('/api/apply-coupon', async (ctx) => {
    const body = bodyOf(ctx);
    limit('coupon', ctx, text(body.email) || undefined);
    ctx.body = await accounts.applyCoupon(body);
  });

  router.post('/api/set-coupon-password', async (ctx) => {
    const body = bodyOf(ctx);
    limit('coupon', ctx, text(body.email) || undefined);
    ctx.body = await accounts.setCouponPassword(body);
  });

  router.post('/api/auth/forgot-password', async (ctx) => {
    const body = bodyOf(ctx);
    limit('forgot', ctx, text(body.email) || undefined);
    ctx.body = await accounts.forgotPassword(body);
  });

  router.get('/api/auth/verify-reset-token', async (ctx) => {
    const result = await accounts.checkResetToken(text(ctx.query.token));
    noStore(ctx);
    if (!result.valid) {
      ctx.status = 400;
      ctx.body = { ...result, message: result.error };
      return;
    }
    ctx.body = result;
  });

  router.post('/api/auth/reset-password', async (ctx) => {
    // Counted per IP only: the body names a token, not an address.
    limit('reset', ctx);
    ctx.body = await accounts.resetPassword(bodyOf(ctx));
  });

  router.get('/api/user/report-usage', async (ctx) => {
    const user = await requireUser(ctx);
    noStore(ctx);
    ctx.body = await accounts.reportUsage(user.id);
  });

  // ---------------------------------------------------------------- admin

  router.get('/api/admin/users', async (ctx) => {
    await requireAdmin(ctx);
    noStore(ctx);
    ctx.body = { users: await accounts.listUsers() };
  });

  router.get('/api/admin/users/download', async (ctx) => {
    await requireAdmin(ctx);
    const csv = await accounts.usersCsv();
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', 'attachment; filename="user_registrations.csv"');
    noStore(ctx);
    ctx.body = csv;
  });

  router.delete('/api/admin/users/:id', async (ctx) => {
    await requireAdmin(ctx);
    ctx.body = await accounts.deleteUser(ctx.params.id);
  });

  router.post('/api/admin/users/:id/resend-verification', async (ctx) => {
    await requireAdmin(ctx);
    ctx.body = await accounts.resendVerification(ctx.params.id);
  });

  // ---------------------------------------------------------------- internal (distributed mode)
  // IdentityApi over HTTP for other services (ingest's identity client). Never public: they
  // need the shared INTERNAL_TOKEN, and without one configured they answer 404.

  const requireInternal = (ctx: Context) => {
    const token = ctx.get('x-internal-token');
    if (!options.internalToken || !token || !safeEqual(token, options.internalToken)) throw new ApiError(404, 'Not Found', 'not_found');
  };

  router.post('/internal/identity/authenticate', async (ctx) => {
    requireInternal(ctx);
    const token = bodyOf(ctx).sessionToken;
    ctx.body = { user: await accounts.authenticate(typeof token === 'string' ? token : null) };
  });

  router.post('/internal/identity/reserve-report', async (ctx) => {
    requireInternal(ctx);
    ctx.body = await accounts.reserveReport(text(bodyOf(ctx).userId));
  });

  router.post('/internal/identity/release-report', async (ctx) => {
    requireInternal(ctx);
    const body = bodyOf(ctx);
    await accounts.releaseReport(text(body.userId), text(body.reservationId));
    ctx.status = 204;
  });

  router.post('/internal/identity/is-admin', async (ctx) => {
    requireInternal(ctx);
    const body = bodyOf(ctx);
    const authorization = typeof body.authorization === 'string' ? body.authorization : null;
    const ip = typeof body.ipAddress === 'string' ? body.ipAddress : null;
    ctx.body = { isAdmin: await accounts.isAdmin(authorization, ip) };
  });

  return router;
}

