/**
 * Signing in with an e-mail address alone (SPEC's free-user login, and 'Welcome back!' after
 * registering a verified address). Knowing an address must not be enough to enter its
 * account, so it succeeds at once only in a browser that proved the address before: one
 * that opened a verification or sign-in link, or signed in with the password, holds a
 * long-lived httpOnly device token. Anywhere else a one-click sign-in link is mailed to the
 * address and the caller is told to check their e-mail (ARCHITECTURE, deliberate departures).
 */
import type { User } from '../domain/user';
import { hashToken, looksLikeToken, newToken } from '../domain/tokens';
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

/** Forgets a browser's device token (sign-out): that browser signs in by e-mail alone no more. */
export async function forgetDevice(ctx: Pick<IdentityContext, 'tokens'>, deviceToken: string | null): Promise<void> {
  if (looksLikeToken(deviceToken)) await ctx.tokens.remove(hashToken(deviceToken));
}

/**
 * Mails a one-click sign-in link that works only in the browser that asked for it: the link's
 * token records a digest of `browserSecret`, the asking browser's own random secret (an
 * httpOnly cookie the route sets), and verify-email.ts refuses the link anywhere else. Mailed
 * to the attacker's own address and opened in a victim's browser, it signs nobody in (login
 * CSRF, issue 28 finding 2). Without a secret (a caller that cannot set cookies) the link is
 * bound to nothing any browser holds.
 */
export async function sendSignInLink(ctx: Deps, user: User, browserSecret: string | null): Promise<void> {
  // Without one, a fresh secret nobody holds: the link opens in no browser.
  const browser = hashToken(looksLikeToken(browserSecret) ? browserSecret : newToken());
  const token = await issueToken(ctx, 'sign-in', user.id, { browser });
  await requestMail(ctx.publish, user.email, 'sign-in', { name: user.name, link: `${ctx.settings.publicUrl}/verify-email?token=${token}` });
}

/** Whether `browserSecret` is the secret of the browser a sign-in link was asked from. */
export function isAskingBrowser(bound: string | undefined, browserSecret: string | null): boolean {
  return Boolean(bound) && looksLikeToken(browserSecret) && hashToken(browserSecret) === bound;
}
