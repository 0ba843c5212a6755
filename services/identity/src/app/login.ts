/**
 * POST /api/auth/login. Free accounts sign in with their e-mail alone; premium and
 * enterprise accounts with a correct password get a password session, and without one a
 * plain session whose documents call answers PASSWORD_REQUIRED. Only verified addresses.
 * The answers never say whether an address has an account, verified or not (issue 28, Low).
 */
import type { LoginBody } from '@citecheck/proto';
import { badRequest, forbidden, messages, unauthorized } from '../domain/errors';
import { verifyPassword } from '../domain/passwords';
import { isPaidPlan } from '../domain/plans';
import type { IdentityContext } from './context';
import { isKnownDevice, sendSignInLink } from './email-sign-in';
import { sendVerification } from './new-account';
import { openSession, type SessionResult } from './sessions';

export async function login(
  ctx: Pick<IdentityContext, 'users' | 'sessions' | 'clock' | 'settings' | 'loginThrottle' | 'tokens' | 'publish'>,
  input: LoginBody,
  ip: string | null = null,
  /** The browser's device token (cookie): an e-mail-only sign-in succeeds at once only with it. */
  deviceToken: string | null = null,
  /** The browser's sign-in secret (cookie): a mailed sign-in link works only where it is held. */
  signInSecret: string | null = null,
): Promise<SessionResult & { requiresPassword: boolean }> {
  const { email, password } = input;
  if (!email) throw badRequest(messages.emailRequired, 'missing_email');
  // Only password attempts are throttled: they are what a guesser makes.
  if (password) await ctx.loginThrottle?.check(email, ip);
  try {
    const result = await signIn(ctx, email, password, deviceToken, signInSecret);
    if (password) await ctx.loginThrottle?.succeeded(email, ip);
    return result;
  } catch (error) {
    if (password && (error as { status?: number }).status === 401) await ctx.loginThrottle?.failed(email, ip);
    throw error;
  }
}

async function signIn(
  ctx: Pick<IdentityContext, 'users' | 'sessions' | 'clock' | 'settings' | 'tokens' | 'publish'>,
  email: string,
  password: string | undefined,
  deviceToken: string | null,
  signInSecret: string | null,
): Promise<SessionResult & { requiresPassword: boolean }> {
  const user = await ctx.users.byEmail(email);
  let passwordSession = false;
  if (password) {
    // One answer for an unknown address, a wrong password and an account without one: a typed
    // password is right or it is not, and which address exists is not said. Only the holder of
    // the right password learns that the address still waits for verification.
    if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) throw unauthorized(messages.badCredentials, 'invalid_credentials');
    if (!user.isVerified) throw forbidden(messages.notVerified, 'email_not_verified');
    passwordSession = true;
  } else if (!user || !user.isVerified || !(await isKnownDevice(ctx, user, deviceToken))) {
    // The address alone, from a browser that never proved it: one answer whether the address
    // is unknown, waiting for verification or verified. The owner of a verified address gets a
    // sign-in link for this browser, of a waiting one a fresh verification link; a stranger's
    // address gets nothing.
    if (user?.isVerified) await sendSignInLink(ctx, user, signInSecret);
    else if (user) await sendVerification(ctx, user);
    throw forbidden(messages.checkEmailSignIn, 'check_email');
  }
  // Paid accounts too: their session without a password still spends the plan's reports.
  const session = await openSession(ctx, user, passwordSession);
  return { ...session, requiresPassword: isPaidPlan(user.userType) && !passwordSession };
}
