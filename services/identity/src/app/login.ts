/**
 * POST /api/auth/login. Free accounts sign in with their e-mail alone; premium and
 * enterprise accounts with a correct password get a password session, and without one a
 * plain session whose documents call answers PASSWORD_REQUIRED. Only verified addresses.
 */
import type { LoginBody } from '@citecheck/proto';
import { badRequest, forbidden, messages, unauthorized } from '../domain/errors';
import { verifyPassword } from '../domain/passwords';
import { isPaidPlan } from '../domain/plans';
import type { IdentityContext } from './context';
import { isKnownDevice, sendSignInLink } from './email-sign-in';
import { openSession, type SessionResult } from './sessions';

export async function login(
  ctx: Pick<IdentityContext, 'users' | 'sessions' | 'clock' | 'settings' | 'loginThrottle' | 'tokens' | 'publish'>,
  input: LoginBody,
  ip: string | null = null,
  /** The browser's device token (cookie): an e-mail-only sign-in succeeds at once only with it. */
  deviceToken: string | null = null,
): Promise<SessionResult & { requiresPassword: boolean }> {
  const { email, password } = input;
  if (!email) throw badRequest(messages.emailRequired, 'missing_email');
  // Only password attempts are throttled: they are what a guesser makes.
  if (password) await ctx.loginThrottle?.check(email, ip);
  try {
    const result = await signIn(ctx, email, password, deviceToken);
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
): Promise<SessionResult & { requiresPassword: boolean }> {
  const user = await ctx.users.byEmail(email);
  if (!user) throw unauthorized(messages.badCredentials, 'invalid_credentials');
  if (!user.isVerified) throw forbidden(messages.notVerified, 'email_not_verified');
  let passwordSession = false;
  if (password) {
    if (user.passwordHash) {
      if (!(await verifyPassword(password, user.passwordHash))) throw unauthorized(messages.badCredentials, 'invalid_credentials');
      passwordSession = true;
    } else if (isPaidPlan(user.userType)) {
      // A paid account without a password yet: a typed password cannot be right.
      throw unauthorized(messages.badCredentials, 'invalid_credentials');
    }
    // A free account without a password ignores a typed one: it signs in by e-mail.
  }
  // Paid accounts too: their session without a password still spends the plan's reports.
  if (!passwordSession && !(await isKnownDevice(ctx, user, deviceToken))) {
    // The address alone, from a browser that never proved it: a link goes to the address instead.
    await sendSignInLink(ctx, user);
    throw forbidden(messages.checkEmailSignIn, 'check_email');
  }
  const session = await openSession(ctx, user, passwordSession);
  return { ...session, requiresPassword: isPaidPlan(user.userType) && !passwordSession };
}
