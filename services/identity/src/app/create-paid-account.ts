/**
 * The account a visitor's payment pays for (SPEC: a visitor may pay before having an account).
 * Billing calls this only after Stripe said the PaymentIntent succeeded. The account signs in
 * at once with the password set here (ARCHITECTURE.md, "Deliberate departures"); its address
 * stays unverified until the mailed link is clicked.
 *
 * One account per payment: the PaymentIntent id is claimed before the account is created, so
 * a retry or a concurrent second call finds the claim and, given the same password, gets a
 * session for the same account instead of a second one.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, type PaidAccountRequest, type PaidAccountResult } from '@citecheck/proto';
import { isValidEmail } from '../domain/email';
import { messages } from '../domain/errors';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../domain/passwords';
import { PLAN_LIMITS } from '../domain/plans';
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
  if (!name || !email || !password) return { ok: false, reason: 'invalid_input', message: messages.missingFreeFields };
  if (!isValidEmail(email)) return { ok: false, reason: 'invalid_input', message: messages.invalidEmail };
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, reason: 'invalid_input', message: messages.passwordTooShortSetup };

  // Hashed before the claim, so the claim and the account follow each other closely.
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  if (!(await ctx.paidSignups.claim({ id: request.paymentId, userId, createdAt: isoAt(ctx.clock) }))) {
    return sessionForClaimedPayment(ctx, request);
  }

  let user: User;
  try {
    user = await createUser(ctx, { id: userId, name, email, newsletterOptIn: request.newsletterOptIn, passwordHash });
  } catch (error) {
    await ctx.paidSignups.release(request.paymentId);
    if (error instanceof ApiError && error.code === 'already_registered') return { ok: false, reason: 'already_registered', message: messages.alreadyRegistered };
    throw error;
  }
  await applyPlan(ctx, user, request.userType, PLAN_LIMITS[request.userType], request.paidAt);
  await sendVerification(ctx, user);
  const current = (await ctx.users.byId(user.id)) ?? user;
  return { ok: true, sessionToken: (await openSession(ctx, current, true)).sessionToken, userId: current.id };
}

/** A repeat of a payment already claimed: the same password gets a session, anything else nothing. */
async function sessionForClaimedPayment(ctx: Ctx, request: PaidAccountRequest): Promise<PaidAccountResult> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const signup = await ctx.paidSignups.byPayment(request.paymentId);
    // Released: the first call found the address taken.
    if (!signup) return { ok: false, reason: 'already_registered', message: messages.alreadyRegistered };
    const user = await ctx.users.byId(signup.userId);
    if (user) {
      if (!user.passwordHash || !(await verifyPassword(request.password, user.passwordHash))) {
        return { ok: false, reason: 'not_the_payer', message: messages.badCredentials };
      }
      return { ok: true, sessionToken: (await openSession(ctx, user, true)).sessionToken, userId: user.id };
    }
    if (Date.now() > deadline) throw new Error(`account for payment ${request.paymentId} was claimed but not created`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
