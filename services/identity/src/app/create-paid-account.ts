/**
 * The account a payment pays for (SPEC: a visitor may pay before having an account; a pending
 * registration becomes the paid account). Billing calls this only after Stripe said the
 * PaymentIntent succeeded. The account signs in at once with the password set here
 * (ARCHITECTURE.md, "Deliberate departures"); its address stays unverified until the mailed
 * link is clicked.
 *
 * Which account: the one billing made the subscription for (`userId`, see payer-account.ts);
 * for a subscription started before accounts were made first, the address's account when it is
 * registered and not yet verified, or a new one. A verified address is never taken over here:
 * its owner signs in (and sets the password through the account setup).
 *
 * The password: set when the account has none (with the paying browser's registration claim,
 * so verifying the address in that browser keeps it); an account that has one already is
 * answered only to that same password.
 *
 * One account per payment: the PaymentIntent id is claimed before anything is written, so a
 * retry or a concurrent second call finds the claim and, given the same password, gets a
 * session for the same account instead of a second one.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, type PaidAccountRequest, type PaidAccountResult } from '@citecheck/proto';
import { isValidEmail } from '../domain/email';
import { messages } from '../domain/errors';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../domain/passwords';
import { PLAN_LIMITS } from '../domain/plans';
import { hashToken } from '../domain/tokens';
import type { User } from '../domain/user';
import { applyPlan } from './apply-subscription-change';
import { isoAt, type IdentityContext } from './context';
import { createUser, sendVerification } from './new-account';
import { openSession } from './sessions';

type Ctx = Pick<IdentityContext, 'users' | 'pendingPlans' | 'paidSignups' | 'sessions' | 'tokens' | 'publish' | 'clock' | 'settings'>;

/** How long a second call waits for the first call's account to appear. */
const WAIT_FOR_FIRST_MS = 5000;
const POLL_MS = 50;

export async function createPaidAccount(ctx: Ctx, request: PaidAccountRequest): Promise<PaidAccountResult> {
  const { name, email, password } = request;
  const known = request.userId ? await ctx.users.byId(request.userId) : null;
  if (request.userId && !known) return { ok: false, reason: 'not_found', message: messages.accountCreationFailed };
  if (!known) {
    if (!name || !email || !password) return { ok: false, reason: 'invalid_input', message: messages.missingFreeFields };
    if (!isValidEmail(email)) return { ok: false, reason: 'invalid_input', message: messages.invalidEmail };
  }
  if (!password) return { ok: false, reason: 'invalid_input', message: messages.passwordFieldsRequired };
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, reason: 'invalid_input', message: messages.passwordTooShortSetup };

  // Hashed before the claim, so the claim and the account follow each other closely.
  const passwordHash = await hashPassword(password);
  const existing = known ?? (await ctx.users.byEmail(email));
  // A verified address is its owner's: a payment (anyone's, for that address) never sets its
  // password. Its owner signs in and finishes the setup there (setup-paid-plan.ts); a payer who
  // set the password before the owner verified goes on with it.
  if (existing?.isVerified && !(known && existing.passwordHash)) return { ok: false, reason: 'already_registered', message: messages.alreadyRegistered };
  const userId = existing?.id ?? randomUUID();
  if (!(await ctx.paidSignups.claim({ id: request.paymentId, userId, createdAt: isoAt(ctx.clock) }))) {
    return sessionForClaimedPayment(ctx, request);
  }

  let user: User;
  let created = false;
  if (existing) {
    user = existing;
  } else {
    try {
      user = await createUser(ctx, { id: userId, name, email, newsletterOptIn: request.newsletterOptIn, passwordHash: null });
      created = true;
    } catch (error) {
      await ctx.paidSignups.release(request.paymentId);
      if (error instanceof ApiError && error.code === 'already_registered') return { ok: false, reason: 'already_registered', message: messages.alreadyRegistered };
      throw error;
    }
  }

  if (user.passwordHash) {
    // Set before (an earlier payment's setup, a coupon sign-up): only its holder goes on.
    if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: 'not_the_payer', message: messages.badCredentials };
  } else if (!(await ctx.users.setFirstPassword(user, passwordHash, await ownClaimHash(ctx, user, request.claim)))) {
    // Another call set one a moment ago: the same rule as above, against what it set.
    const now = await ctx.users.byId(user.id);
    if (!now?.passwordHash || !(await verifyPassword(password, now.passwordHash))) return { ok: false, reason: 'not_the_payer', message: messages.badCredentials };
  }
  await applyPlan(ctx, (await ctx.users.byId(user.id)) ?? user, request.userType, PLAN_LIMITS[request.userType], request.paidAt);
  // An account made here has had no link yet; one registered before got its link then.
  if (created) await sendVerification(ctx, user);
  const current = (await ctx.users.byId(user.id)) ?? user;
  return { ok: true, sessionToken: (await openSession(ctx, current, true)).sessionToken, userId: current.id };
}

/**
 * The registration claim of the paying browser, hashed, when it is this account's: a password
 * set with it is kept when the address is verified in that browser (void-unverified-credentials.ts).
 */
async function ownClaimHash(ctx: Pick<IdentityContext, 'tokens'>, user: User, claim: string | null | undefined): Promise<string | null> {
  if (!claim || user.isVerified) return null;
  const hash = hashToken(claim);
  const token = await ctx.tokens.byId(hash);
  return token && token.kind === 'claim' && token.userId === user.id ? hash : null;
}

/** A repeat of a payment already claimed: the same password gets a session, anything else nothing. */
async function sessionForClaimedPayment(ctx: Ctx, request: PaidAccountRequest): Promise<PaidAccountResult> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const signup = await ctx.paidSignups.byPayment(request.paymentId);
    // Released: the first call found the address taken.
    if (!signup) return { ok: false, reason: 'already_registered', message: messages.alreadyRegistered };
    const user = await ctx.users.byId(signup.userId);
    if (user?.passwordHash) {
      if (!(await verifyPassword(request.password, user.passwordHash))) {
        return { ok: false, reason: 'not_the_payer', message: messages.badCredentials };
      }
      // The first call may have stopped at a password it could not match: the plan is applied here too.
      await applyPlan(ctx, user, request.userType, PLAN_LIMITS[request.userType], request.paidAt);
      const current = (await ctx.users.byId(user.id)) ?? user;
      return { ok: true, sessionToken: (await openSession(ctx, current, true)).sessionToken, userId: user.id };
    }
    if (Date.now() > deadline) throw new Error(`account for payment ${request.paymentId} was claimed but not created`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
