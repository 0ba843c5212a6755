/**
 * The admin's sign-in (SPEC's /metrics login form): the configured e-mail and password are
 * checked once, on the server, and answer a short-lived session the browser holds as an
 * httpOnly cookie, so the password does not stay in the page. Sessions are stored hashed.
 */
import { adminTokenFrom } from '@citecheck/proto';
import { checkAdmin as credentialsMatch } from '../domain/admin';
import { badRequest, forbidden, messages, tooManyRequests, unauthorized } from '../domain/errors';
import { hashToken, looksLikeToken, newToken } from '../domain/tokens';
import { recordAdminAction } from './audit';
import { adminSessionOf } from './check-admin';
import { isoAt, type IdentityContext } from './context';

export interface AdminSessionView {
  email: string;
  expiresAt: string;
}

/** Longer than any password a person types; scrypt's input is bounded before it runs. */
const MAX_PASSWORD_CHARS = 1024;

type Deps = Pick<IdentityContext, 'settings' | 'adminFailures' | 'adminSessions' | 'clock' | 'logger' | 'publish'>;

/** POST /api/admin/login, `adminLogin`: the session's token (for the cookie) and what the page shows. */
export async function adminLogin(
  ctx: Deps,
  input: { email: string; password: string },
  ip: string | null,
): Promise<{ token: string; session: AdminSessionView }> {
  const { admin } = ctx.settings;
  if (!admin.email || !admin.passwordHash) throw forbidden(messages.adminNotConfigured, 'admin_not_configured');
  // Shared with the bearer check: failed sign-ins and failed bearers count against one budget.
  const key = `admin:${ip ?? 'unknown'}`;
  if (await ctx.adminFailures.isBlocked(key)) throw tooManyRequests();
  // Both fields are required (SPEC section 5); an empty or absurdly long one is refused before any hashing.
  if (!input.email || !input.password || input.email.length > 320 || input.password.length > MAX_PASSWORD_CHARS) {
    throw badRequest(messages.adminRequired, 'admin_unauthorized');
  }
  if (!(await credentialsMatch(input, admin))) {
    await ctx.adminFailures.hit(key);
    ctx.logger.warn({ ip, email: input.email }, 'admin sign-in failed');
    await recordAdminAction(ctx, { action: 'admin.login_failed', actor: input.email, target: input.email, ipAddress: ip });
    throw unauthorized(messages.adminRequired, 'admin_unauthorized');
  }
  const token = newToken();
  const session = { email: admin.email, expiresAt: isoAt(ctx.clock, ctx.settings.adminSessionTtlMs) };
  await ctx.adminSessions.open({ id: hashToken(token), ...session, createdAt: isoAt(ctx.clock) });
  // Ended sessions are refused anyway; dropping them here keeps the collection to a handful.
  await ctx.adminSessions.deleteExpired(isoAt(ctx.clock));
  await recordAdminAction(ctx, { action: 'admin.login', actor: admin.email, target: admin.email, ipAddress: ip });
  return { token, session };
}

/** `adminSession`: the caller's open admin session, or null. */
export async function currentAdminSession(ctx: Pick<Deps, 'settings' | 'adminSessions' | 'clock'>, cookie: string | null): Promise<AdminSessionView | null> {
  const session = await adminSessionOf(ctx, cookie);
  return session ? { email: session.email, expiresAt: session.expiresAt } : null;
}

/** POST /api/admin/logout, `adminLogout`: the session stops working (a no-op without one). */
export async function adminLogout(ctx: Deps, cookie: string | null, ip: string | null): Promise<void> {
  const token = adminTokenFrom(cookie);
  if (!looksLikeToken(token)) return;
  const session = await adminSessionOf(ctx, cookie);
  await ctx.adminSessions.close(hashToken(token));
  if (session) await recordAdminAction(ctx, { action: 'admin.logout', actor: session.email, target: session.email, ipAddress: ip });
}
