/**
 * Signing in with an e-mail address alone (SPEC's free-user login, and 'Welcome back!' after
 * registering a verified address). Knowing an address must not be enough to enter its
 * account, so it succeeds at once only in a browser that proved the address before: one
 * that opened a verification or sign-in link, or signed in with the password, holds a
 * long-lived httpOnly device token. Anywhere else a one-click sign-in link is mailed to the
 * address and the caller is told to check their e-mail (ARCHITECTURE, deliberate departures).
 */
import type { User } from '../domain/user';
import type { IdentityContext } from './context';
import { inspectToken, issueToken } from './one-time-tokens';
import { requestMail } from './publish';

type Deps = Pick<IdentityContext, 'tokens' | 'clock' | 'publish' | 'settings'>;

/** True when `deviceToken` was given to a browser that proved `user`'s address. */
export async function isKnownDevice(ctx: Pick<IdentityContext, 'tokens' | 'clock'>, user: User, deviceToken: string | null): Promise<boolean> {
  if (!deviceToken) return false;
  const inspected = await inspectToken(ctx, 'device', deviceToken);
  return inspected.state === 'ok' && inspected.doc?.userId === user.id;
}

/** A device token for the browser that just proved `user`'s address (set as a cookie by the route). */
export function issueDeviceToken(ctx: Pick<IdentityContext, 'tokens' | 'clock'>, user: User): Promise<string> {
  return issueToken(ctx, 'device', user.id);
}

/**
 * Mails a one-click sign-in link. It is a verification link (the same page opens it): for a
 * verified address, using it signs the browser in and gives it a device token.
 */
export async function sendSignInLink(ctx: Deps, user: User): Promise<void> {
  const token = await issueToken(ctx, 'verification', user.id);
  await requestMail(ctx.publish, user.email, 'sign-in', { name: user.name, link: `${ctx.settings.publicUrl}/verify-email?token=${token}` });
}
