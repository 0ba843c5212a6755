/**
 * Admin rights, checked on every admin call on the server. The admin is recognised by an
 * admin session (the `citecheck_admin` cookie adminLogin sets, app/admin-session.ts) or by
 * SPEC's JSON bearer carrying the configured e-mail and password. Failed attempts are counted
 * per IP; past the limit every admin call from that IP answers 429 for the rest of the window,
 * right password or not (a valid session is a 256-bit secret and is not held back by it).
 */
import { createHash } from 'node:crypto';
import { adminTokenFrom } from '@citecheck/proto';
import { checkAdmin as credentialsMatch, parseAdminBearer, safeEqual } from '../domain/admin';
import { emailKey } from '../domain/email';
import { forbidden, messages, tooManyRequests, unauthorized } from '../domain/errors';
import { hashToken, looksLikeToken } from '../domain/tokens';
import type { IdentityContext } from './context';

/** Who is calling an admin operation: the Authorization and Cookie headers as sent, and the client IP. */
export interface AdminCaller {
  authorization: string | null;
  cookie?: string | null;
  ip: string | null;
}

export type AdminCheck = 'ok' | 'missing' | 'denied' | 'rate_limited' | 'not_configured';

type Deps = Pick<IdentityContext, 'settings' | 'adminFailures' | 'logger' | 'adminSessions' | 'clock'>;

/**
 * One check per request, and one at a time per set of credentials: a GraphQL request that
 * names an admin field 300 times (aliases), or 300 requests in flight with the same bearer,
 * share one password check and count as one failure. Keyed by the caller object (a request's
 * resolvers share it) and by a digest of the headers and IP while a check is pending.
 */
const perCaller = new WeakMap<AdminCaller, Promise<AdminCheck>>();
const pending = new Map<string, Promise<AdminCheck>>();

export function checkAdmin(ctx: Deps, caller: AdminCaller): Promise<AdminCheck> {
  const known = perCaller.get(caller);
  if (known) return known;
  const key = createHash('sha256').update(`${caller.ip ?? ''}\n${caller.authorization ?? ''}\n${adminTokenFrom(caller.cookie) ?? ''}`).digest('hex');
  let check = pending.get(key);
  if (!check) {
    check = checkOnce(ctx, caller).finally(() => pending.delete(key));
    pending.set(key, check);
  }
  perCaller.set(caller, check);
  return check;
}

/** The open session the cookie names, or null (unknown, expired, or opened for another admin e-mail). */
export async function adminSessionOf(ctx: Pick<Deps, 'settings' | 'adminSessions' | 'clock'>, cookie: string | null | undefined) {
  const token = adminTokenFrom(cookie);
  const { email } = ctx.settings.admin;
  if (!email || !ctx.settings.admin.passwordHash || !looksLikeToken(token)) return null;
  const session = await ctx.adminSessions.byId(hashToken(token));
  if (!session || session.expiresAt <= ctx.clock.now().toISOString()) return null;
  return safeEqual(emailKey(session.email), emailKey(email)) ? session : null;
}

async function checkOnce(ctx: Deps, caller: AdminCaller): Promise<AdminCheck> {
  if (await adminSessionOf(ctx, caller.cookie)) return 'ok';
  const key = `admin:${caller.ip ?? 'unknown'}`;
  const { admin } = ctx.settings;
  if (await ctx.adminFailures.isBlocked(key)) return 'rate_limited';
  const credentials = parseAdminBearer(caller.authorization);
  if (!admin.email || !admin.passwordHash) {
    if (credentials) ctx.logger.warn({ ip: caller.ip }, 'admin call refused: no admin configured (ADMIN_EMAIL, ADMIN_PASSWORD_HASH)');
    return 'not_configured';
  }
  if (!credentials) return 'missing';
  if (await credentialsMatch(credentials, admin)) return 'ok';
  await ctx.adminFailures.hit(key);
  // The e-mail tried is logged to spot guessing; the password never is.
  ctx.logger.warn({ ip: caller.ip, email: credentials.email }, 'admin authentication failed');
  return 'denied';
}

/** For other services (ingest's and analytics' admin calls): the admin's e-mail, or null. */
export async function adminOf(ctx: Deps, caller: AdminCaller): Promise<string | null> {
  return (await checkAdmin(ctx, caller)) === 'ok' ? (ctx.settings.admin.email ?? null) : null;
}

/** Throws the error an admin call answers when the caller is not the admin; the admin's e-mail otherwise. */
export async function requireAdmin(ctx: Deps, caller: AdminCaller): Promise<string> {
  switch (await checkAdmin(ctx, caller)) {
    case 'ok':
      return ctx.settings.admin.email!;
    case 'rate_limited':
      throw tooManyRequests();
    case 'not_configured':
      throw forbidden(messages.adminNotConfigured, 'admin_not_configured');
    default:
      throw unauthorized(messages.adminRequired, 'admin_unauthorized');
  }
}
