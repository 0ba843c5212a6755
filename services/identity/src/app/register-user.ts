/**
 * POST /api/auth/register (the registration dialog): creates or finds the user. A verified
 * address is signed in at once ('Welcome back!') in a browser that proved it before; an
 * unverified one gets a fresh link. Anywhere else the answer is the same whether the address
 * is new, waiting or verified: 'Check Your Email' in one wording, with a claim cookie
 * (for a verified address an inert one, which never opens a session: claim-session.ts).
 */
import { isAcceptableName, type RegisterBody } from '@citecheck/proto';
import { isValidEmail } from '../domain/email';
import { badRequest, messages } from '../domain/errors';
import type { IdentityContext } from './context';
import { createUser, sendVerification } from './new-account';
import { issueToken } from './one-time-tokens';
import { isKnownDevice, sendSignInLink } from './email-sign-in';
import { openSession } from './sessions';

export interface RegisterResult {
  alreadyVerified: boolean;
  message: string;
  sessionToken?: string;
  user?: { name: string };
  /** For the registering browser only (a cookie): signs it in once the address is verified (claim-session.ts). */
  signInClaim?: string;
}

export async function registerUser(
  ctx: Pick<IdentityContext, 'users' | 'pendingPlans' | 'sessions' | 'tokens' | 'publish' | 'clock' | 'settings'>,
  input: RegisterBody,
  /** The browser's device token (cookie): 'Welcome back!' signs in at once only with it. */
  deviceToken: string | null = null,
  /** The browser's sign-in secret (cookie): a mailed sign-in link works only where it is held. */
  signInSecret: string | null = null,
): Promise<RegisterResult> {
  const { email } = input;
  const name = input.name.trim();
  if (!name || !email) throw badRequest(messages.missingRegistrationFields, 'missing_fields');
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmail, 'invalid_email');
  // A stranger's name goes into a mail to the address typed: no sentences, no links.
  if (!isAcceptableName(name)) throw badRequest(messages.invalidName, 'invalid_name');
  let user = await ctx.users.byEmail(email);
  if (user?.isVerified && !(await isKnownDevice(ctx, user, deviceToken))) {
    // Registering someone else's verified address must not sign anyone in: the owner gets a
    // link for this browser. The answer, claim cookie included, is a new address's.
    await sendSignInLink(ctx, user, signInSecret);
    return { alreadyVerified: false, message: messages.checkEmailSignIn, signInClaim: await issueToken(ctx, 'claim', user.id, { inert: true }) };
  }
  if (user?.isVerified) {
    // Free accounts sign in with their e-mail alone (SPEC section 5); a paid account gets a
    // session without password rights, so its documents still ask for the password.
    const session = await openSession(ctx, user, false);
    return { alreadyVerified: true, message: messages.welcomeBack, sessionToken: session.sessionToken, user: { name: user.name } };
  }
  if (!user) {
    try {
      user = await createUser(ctx, { name, email, newsletterOptIn: input.newsletterOptIn, passwordHash: null });
    } catch (error) {
      // The same address registered a moment ago by a concurrent call: carry on with it.
      const raced = await ctx.users.byEmail(email);
      if (!raced) throw error;
      user = raced;
    }
  }
  await sendVerification(ctx, user);
  return { alreadyVerified: false, message: messages.checkEmailSignIn, signInClaim: await issueToken(ctx, 'claim', user.id) };
}
