/**
 * Identity's REST routes under SPEC.md's /api paths (section 7, "Authentication and
 * accounts", and the admin user calls). Each parses its input with the proto schema, calls
 * one use case and shapes the answer; rate limits are counted here, before any work. ApiErrors
 * are rendered by the host's error middleware as `{message, error, ...}` with their status.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  adminLoginBodySchema,
  applyCouponBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  registerFreeBodySchema,
  registerPaidBodySchema,
  resetPasswordBodySchema,
  SESSION_COOKIE,
  setCouponPasswordBodySchema,
  tokenQuerySchema,
} from '@citecheck/proto';
import { adminLogin, adminLogout } from '../app/admin-session';
import { applyCoupon } from '../app/apply-coupon';
import { authStatus } from '../app/auth-status';
import { checkResetToken } from '../app/check-reset-token';
import { claimSession } from '../app/claim-session';
import type { IdentityContext } from '../app/context';
import { deleteUser } from '../app/delete-user';
import { exportUsersCsv } from '../app/export-users-csv';
import { forgotPassword } from '../app/forgot-password';
import { listUsers } from '../app/list-users';
import { login } from '../app/login';
import { logout } from '../app/logout';
import { registerFree } from '../app/register-free';
import { registerPaid } from '../app/register-paid';
import { registerUser } from '../app/register-user';
import { reportUsage } from '../app/report-usage';
import { resendVerification } from '../app/resend-verification';
import { resetPassword } from '../app/reset-password';
import { setCouponPassword } from '../app/set-coupon-password';
import { verifyEmail } from '../app/verify-email';
import { DEVICE_TTL_MS, looksLikeToken, newToken, VERIFICATION_TTL_MS } from '../domain/tokens';
import { adminCookie, servedOverTls } from './admin-cookie';
import { adminCallerOf, bodyOf, sessionTokenOf } from './http';
import { countCall, type RequestLimits } from './limits';

/** The registering browser's claim on the session its address's verification opens (app/claim-session.ts). */
export const CLAIM_COOKIE = 'citecheck_claim';
/** A browser that proved an address: e-mail-only sign-in to it succeeds at once (app/email-sign-in.ts). */
export const DEVICE_COOKIE = 'citecheck_device';
/**
 * The browser's own random secret, set when it asks to sign in by e-mail: a mailed sign-in
 * link works only in the browser holding it (app/email-sign-in.ts, app/verify-email.ts).
 */
export const SIGN_IN_COOKIE = 'citecheck_signin';
// Sent to the API (not only the claim route): verification and the coupon sign-up's password
// read it to tell the registering browser from any other (app/void-unverified-credentials.ts).
const CLAIM_PATH = '/api';
/** As long as the verification link it waits for. */
const CLAIM_TTL_MS = VERIFICATION_TTL_MS;

export interface RestOptions {
  sessionTtlMs: number;
  limits: RequestLimits;
}

export function addAccountRoutes(router: Router, app: IdentityContext, options: RestOptions): void {
  const limit = (action: string, ctx: Context, email?: string) => countCall(options.limits, action, ctx.ip, email);

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
    // Sent only to the API, only by this site, never readable by scripts.
    ctx.cookies.set(CLAIM_COOKIE, claim, { httpOnly: true, sameSite: 'strict', secure: ctx.secure, maxAge: CLAIM_TTL_MS, path: CLAIM_PATH, overwrite: true });
  };

  const setDeviceCookie = (ctx: Context, token: string) => {
    // The browser that proved the address; read only by the API, never by scripts.
    ctx.cookies.set(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, maxAge: DEVICE_TTL_MS, path: '/api', overwrite: true });
  };

  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  /** The browser's sign-in secret, set now if it has none (each request that may mail a sign-in link). */
  const signInSecretOf = (ctx: Context): string => {
    const held = ctx.cookies.get(SIGN_IN_COOKIE);
    if (looksLikeToken(held)) return held;
    const secret = newToken();
    // Lax: the link is opened from a mail, a top-level navigation; read only by the API.
    ctx.cookies.set(SIGN_IN_COOKIE, secret, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, maxAge: VERIFICATION_TTL_MS, path: '/api', overwrite: true });
    return secret;
  };

  /** A link's answer: the session and device cookies when it signed in; nothing when the user must choose. */
  const answerVerification = (ctx: Context, result: Awaited<ReturnType<typeof verifyEmail>>) => {
    noStore(ctx);
    if (!result.success) {
      ctx.body = result;
      return;
    }
    const { deviceToken, ...answer } = result;
    setSessionCookie(ctx, answer.sessionToken);
    setDeviceCookie(ctx, deviceToken);
    ctx.body = answer;
  };

  // ---------------------------------------------------------------- accounts

  router.post('/api/auth/register', async (ctx) => {
    const input = registerBodySchema.parse(bodyOf(ctx));
    await limit('register', ctx, input.email || undefined);
    const { signInClaim, ...result } = await registerUser(app, input, ctx.cookies.get(DEVICE_COOKIE) ?? null, signInSecretOf(ctx));
    if (result.sessionToken) setSessionCookie(ctx, result.sessionToken);
    if (signInClaim) setClaimCookie(ctx, signInClaim);
    noStore(ctx);
    ctx.body = result;
  });

  router.post('/api/register/free', async (ctx) => {
    const input = registerFreeBodySchema.parse(bodyOf(ctx));
    await limit('register', ctx, input.email || undefined);
    const { signInClaim, ...result } = await registerFree(app, input, ctx.cookies.get(CLAIM_COOKIE) ?? null);
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
    const result = await claimSession(app, ctx.cookies.get(CLAIM_COOKIE) ?? null);
    if (result.verified) {
      setSessionCookie(ctx, result.sessionToken);
      ctx.cookies.set(CLAIM_COOKIE, null, { path: CLAIM_PATH });
    }
    ctx.body = result;
  });

  router.post('/api/register/paid', async (ctx) => {
    const input = registerPaidBodySchema.parse(bodyOf(ctx));
    await limit('register', ctx, input.email || undefined);
    ctx.status = 201;
    ctx.body = await registerPaid(app, input);
  });

  // Opening the link: it signs this browser in unless another account is signed in here, in
  // which case the answer asks the user to choose (app/verify-email.ts) and nothing is used up.
  router.get('/api/verify-email', async (ctx) => {
    const browser = { claim: ctx.cookies.get(CLAIM_COOKIE) ?? null, signInSecret: ctx.cookies.get(SIGN_IN_COOKIE) ?? null, sessionToken: sessionTokenOf(ctx) };
    answerVerification(ctx, await verifyEmail(app, tokenQuerySchema.parse(ctx.query).token, browser));
  });

  // The user's choice, on the page, to leave the account signed in here for the link's. A POST
  // with a JSON body: the public edge takes it from this site's own pages only.
  router.post('/api/verify-email', async (ctx) => {
    const browser = { claim: ctx.cookies.get(CLAIM_COOKIE) ?? null, signInSecret: ctx.cookies.get(SIGN_IN_COOKIE) ?? null, sessionToken: sessionTokenOf(ctx), replaceSession: true };
    answerVerification(ctx, await verifyEmail(app, tokenQuerySchema.parse(bodyOf(ctx)).token, browser));
  });

  router.get('/api/auth/status', async (ctx) => {
    noStore(ctx);
    ctx.body = await authStatus(app, sessionTokenOf(ctx));
  });

  router.post('/api/auth/login', async (ctx) => {
    const input = loginBodySchema.parse(bodyOf(ctx));
    // Per IP only: counting calls per address let anyone keep its owner out. Wrong passwords
    // are slowed down per account by the login throttle instead (app/login-throttle.ts).
    await limit('login', ctx);
    const result = await login(app, input, ctx.ip, ctx.cookies.get(DEVICE_COOKIE) ?? null, input.password ? null : signInSecretOf(ctx));
    setSessionCookie(ctx, result.sessionToken);
    noStore(ctx);
    ctx.body = result;
  });

  router.post('/api/auth/logout', async (ctx) => {
    await logout(app, sessionTokenOf(ctx), ctx.cookies.get(DEVICE_COOKIE) ?? null);
    ctx.cookies.set(SESSION_COOKIE, null, { path: '/' });
    ctx.cookies.set(DEVICE_COOKIE, null, { path: '/api' });
    ctx.body = { success: true, message: 'Logged out' };
  });

  router.post('/api/apply-coupon', async (ctx) => {
    const input = applyCouponBodySchema.parse(bodyOf(ctx));
    await limit('coupon', ctx, input.email || undefined);
    ctx.body = await applyCoupon(app, input, ctx.cookies.get(CLAIM_COOKIE) ?? null);
  });

  router.post('/api/set-coupon-password', async (ctx) => {
    const input = setCouponPasswordBodySchema.parse(bodyOf(ctx));
    await limit('coupon', ctx, input.email || undefined);
    ctx.body = await setCouponPassword(app, input, ctx.cookies.get(CLAIM_COOKIE) ?? null);
  });

  router.post('/api/auth/forgot-password', async (ctx) => {
    const input = forgotPasswordBodySchema.parse(bodyOf(ctx));
    await limit('forgot', ctx, input.email || undefined);
    ctx.body = await forgotPassword(app, input);
  });

  router.get('/api/auth/verify-reset-token', async (ctx) => {
    const result = await checkResetToken(app, tokenQuerySchema.parse(ctx.query).token);
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
    await limit('reset', ctx);
    ctx.body = await resetPassword(app, resetPasswordBodySchema.parse(bodyOf(ctx)));
  });

  router.get('/api/user/report-usage', async (ctx) => {
    const usage = await reportUsage(app, sessionTokenOf(ctx));
    noStore(ctx);
    ctx.body = usage;
  });

  // ---------------------------------------------------------------- admin

  // The same use cases as GraphQL's adminLogin and adminLogout.
  router.post('/api/admin/login', async (ctx) => {
    const input = adminLoginBodySchema.parse(bodyOf(ctx));
    await limit('admin-login', ctx);
    const { token, session } = await adminLogin(app, input, ctx.ip);
    ctx.append('Set-Cookie', adminCookie(token, { maxAgeMs: app.settings.adminSessionTtlMs, secure: servedOverTls(ctx.secure, app.settings.publicUrl) }));
    noStore(ctx);
    ctx.body = session;
  });

  router.post('/api/admin/logout', async (ctx) => {
    await adminLogout(app, ctx.get('cookie') || null, ctx.ip);
    ctx.append('Set-Cookie', adminCookie(null, { maxAgeMs: 0, secure: servedOverTls(ctx.secure, app.settings.publicUrl) }));
    ctx.body = { success: true, message: 'Logged out' };
  });

  router.get('/api/admin/users', async (ctx) => {
    const users = await listUsers(app, adminCallerOf(ctx));
    noStore(ctx);
    ctx.body = { users };
  });

  router.get('/api/admin/users/download', async (ctx) => {
    const csv = await exportUsersCsv(app, adminCallerOf(ctx));
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', 'attachment; filename="user_registrations.csv"');
    noStore(ctx);
    ctx.body = csv;
  });

  router.delete('/api/admin/users/:id', async (ctx) => {
    ctx.body = await deleteUser(app, adminCallerOf(ctx), ctx.params.id);
  });

  router.post('/api/admin/users/:id/resend-verification', async (ctx) => {
    ctx.body = await resendVerification(app, adminCallerOf(ctx), ctx.params.id);
  });
}
