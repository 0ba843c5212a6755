/**
 * Admin rights, checked on every admin call against the credentials configured on the server
 * (SPEC's JSON bearer). Failed attempts are counted per IP; past the limit every admin call
 * from that IP answers 429 for the rest of the window, right password or not.
 */
import { createHash } from 'node:crypto';
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

/**
 * One check per request, and one at a time per set of credentials: a GraphQL request that
 * names an admin field 300 times (aliases), or 300 requests in flight with the same bearer,
 * share one password check and count as one failure. Keyed by the caller object (a request's
 * resolvers share it) and by a digest of the header and IP while a check is pending.
 */
const perCaller = new WeakMap<AdminCaller, Promise<AdminCheck>>();
const pending = new Map<string, Promise<AdminCheck>>();

export function checkAdmin(ctx: Deps, caller: AdminCaller): Promise<AdminCheck> {
  const known = perCaller.get(caller);
  if (known) return known;
  const key = createHash('sha256').update(`${caller.ip ?? ''}\n${caller.authorization ?? ''}`).digest('hex');
  let check = pending.get(key);
  if (!check) {
    check = checkOnce(ctx, caller).finally(() => pending.delete(key));
    pending.set(key, check);
  }
  perCaller.set(caller, check);
  return check;
}

async function checkOnce(ctx: Deps, caller: AdminCaller): Promise<AdminCheck> {
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
