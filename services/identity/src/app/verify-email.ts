/**
 * GET /api/verify-email?token=: single use, 24 hours; signs the user in. The same page opens
 * the mailed one-click sign-in link (email-sign-in.ts): for an address verified before, the
 * answer says so (`alreadyVerified`), so the page tells the user they are signed in rather than
 * verified, and an expired one asks them to sign in again rather than register.
 *
 * A link must not sign anyone in behind their back (login CSRF, issue 28 finding 2: an
 * attacker mails themself a link to their own account and sends a signed-in victim's browser
 * to it, whose next brief then lands on the attacker's dashboard):
 * - a sign-in link works only in the browser that asked for it (its sign-in cookie);
 * - a link never replaces a session of another account without the user's choice: the GET
 *   answers `requiresChoice` (who is signed in, whom the link is for) and uses nothing up; the
 *   page asks, and only the user's click sends the POST (`replaceSession`), which the public
 *   edge accepts from this site alone.
 */
import { badRequest, forbidden, messages } from '../domain/errors';
import { authenticate } from './authenticate';
import { isoAt, type IdentityContext } from './context';
import { consumeToken, inspectToken, type TokenState } from './one-time-tokens';
import { requestMail } from './publish';
import { isAskingBrowser, issueDeviceToken } from './email-sign-in';
import { openSession } from './sessions';
import { voidUnverifiedCredentials } from './void-unverified-credentials';

export interface VerifyBrowser {
  /** The verifying browser's sign-in claim (cookie), if it is the one that registered. */
  claim?: string | null;
  /** The browser's own sign-in secret (cookie): sign-in links work only where it was set. */
  signInSecret?: string | null;
  /** The session the browser holds now (bearer or cookie), if any. */
  sessionToken?: string | null;
  /** The user chose, on the page, to leave the session it holds for the link's account. */
  replaceSession?: boolean;
}

export type VerifyResult =
  | { success: true; user: { name: string }; sessionToken: string; deviceToken: string; alreadyVerified: boolean }
  | {
      success: false;
      requiresChoice: true;
      message: string;
      /** Who this browser is signed in as. */
      signedInAs: { name: string; email: string };
      /** Whom the link would sign in. */
      linkFor: { name: string; email: string };
    };

type Deps = Pick<IdentityContext, 'tokens' | 'users' | 'sessions' | 'couponUses' | 'publish' | 'clock' | 'settings' | 'logger'>;

export async function verifyEmail(ctx: Deps, token: string, browser: VerifyBrowser = {}): Promise<VerifyResult> {
  if (!token) throw badRequest(messages.verificationMissing, 'invalid_link');
  // A sign-in link or a verification link: the same page opens both.
  let kind: 'sign-in' | 'verification' = 'sign-in';
  let inspected: TokenState = await inspectToken(ctx, 'sign-in', token);
  if (inspected.state === 'invalid') {
    kind = 'verification';
    inspected = await inspectToken(ctx, 'verification', token);
  }
  if (inspected.state === 'expired') {
    const owner = inspected.doc ? await ctx.users.byId(inspected.doc.userId) : null;
    throw badRequest(kind === 'sign-in' || owner?.isVerified ? messages.signInLinkExpired : messages.verificationExpired, 'link_expired');
  }
  if (inspected.state === 'used') throw badRequest(messages.verificationUsed, 'link_used');
  if (inspected.state !== 'ok' || !inspected.doc) throw badRequest(messages.verificationFailed, 'invalid_link');
  // Before anything is used up: a link opened in the wrong browser stays good in the right one.
  if (kind === 'sign-in' && !isAskingBrowser(inspected.doc.browser, browser.signInSecret ?? null)) {
    throw forbidden(messages.signInLinkOtherBrowser, 'other_browser');
  }
  let user = await ctx.users.byId(inspected.doc.userId);
  if (!user) throw badRequest(messages.verificationFailed, 'invalid_link');
  const current = browser.sessionToken ? await authenticate(ctx, browser.sessionToken) : null;
  if (current && current.id !== user.id && !browser.replaceSession) {
    return {
      success: false,
      requiresChoice: true,
      message: messages.otherAccountSignedIn,
      signedInAs: { name: current.name, email: current.email },
      linkFor: { name: user.name, email: user.email },
    };
  }
  const result = await consumeToken(ctx, kind, token);
  if (result.state === 'used') throw badRequest(messages.verificationUsed, 'link_used');
  if (result.state !== 'ok' || !result.doc) throw badRequest(messages.verificationFailed, 'invalid_link');
  const verifiedAt = isoAt(ctx.clock);
  // Two links clicked at once verify (and welcome) once.
  const verified = await ctx.users.markVerified(user.id, verifiedAt);
  if (verified) {
    // The owner has just proven the address: what anyone set before now is void.
    user = await voidUnverifiedCredentials(ctx, verified, browser.claim ?? null);
    await ctx.publish('user.verified', user.id, { userId: user.id, email: user.email, verifiedAt });
    await requestMail(ctx.publish, user.email, 'welcome', { name: user.name });
  }
  const session = await openSession(ctx, user, false);
  // This browser opened a link mailed to the address: it may sign in by e-mail alone from now on.
  const deviceToken = await issueDeviceToken(ctx, user);
  return { success: true, user: { name: user.name }, sessionToken: session.sessionToken, deviceToken, alreadyVerified: !verified };
}
