/**
 * Admin rights, checked on every admin call against the credentials configured on the server
 * (SPEC's JSON bearer). Failed attempts are counted per IP; past the limit every admin call
 * from that IP answers 429 for the rest of the window, right password or not.
 */
import { checkAdmin as credentialsMatch, parseAdminBearer } from '../domain/admin';
import { forbidden, messages, tooManyRequests, unauthorized } from '../domain/errors';
import type { IdentityContext } from './context';

/** Who is calling an admin operation: the Authorization header as sent, and the client IP. */
export interface AdminCaller {
  authorization: string | null;
  ip: string | null;
}

export type AdminCheck = 'ok' | 'missing' | 'denied' | 'rate_limited' | 'not_configured';

type Deps = Pick<IdentityContext, 'settings' | 'adminFailures' | 'logger'>;

export async function checkAdmin(ctx: Deps, caller: AdminCaller): Promise<AdminCheck> {
  const key = `admin:${caller.ip ?? 'unknown'}`;
  const { admin } = ctx.settings;
  if (ctx.adminFailures.isBlocked(key)) return 'rate_limited';
  const credentials = parseAdminBearer(caller.authorization);
  if (!admin.email || !admin.passwordHash) {
    if (credentials) ctx.logger.warn({ ip: caller.ip }, 'admin call refused: no admin configured (ADMIN_EMAIL, ADMIN_PASSWORD_HASH)');
    return 'not_configured';
  }
  if (!credentials) return 'missing';
  if (await credentialsMatch(credentials, admin)) return 'ok';
  ctx.adminFailures.hit(key);
  // The e-mail tried is logged to spot guessing; the password never is.
  ctx.logger.warn({ ip: caller.ip, email: credentials.email }, 'admin authentication failed');
  return 'denied';
}

/** For other services (ingest's and analytics' admin calls): a yes or no. */
export async function isAdmin(ctx: Deps, caller: AdminCaller): Promise<boolean> {
  return (await checkAdmin(ctx, caller)) === 'ok';
}

/** Throws the error an admin call answers when the caller is not the admin. */
export async function requireAdmin(ctx: Deps, caller: AdminCaller): Promise<void> {
  switch (await checkAdmin(ctx, caller)) {
    case 'ok':
      return;
    case 'rate_limited':
      throw tooManyRequests();
    case 'not_configured':
      throw forbidden(messages.adminNotConfigured, 'admin_not_configured');
    default:
      throw unauthorized(messages.adminRequired, 'admin_unauthorized');
  }
}
