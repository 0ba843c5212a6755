/**
 * The account a signed-out visitor's subscription is for, asked by billing before anything is
 * created at Stripe (ARCHITECTURE.md, "Deliberate departures": no payment starts without a payer
 * the product can give an account to). The visitor's pending registration names it:
 *
 *   - a new address: an unverified account, mailed its verification link as a registration is;
 *   - an address registered and not yet verified: that account (SPEC section 4, a pending
 *     registration becomes the paid account);
 *   - a verified address: refused, with SPEC's wording; its owner signs in and pays from there.
 *
 * The account stays free until Stripe says the payment succeeded (billing then applies the plan).
 */
import type { PayerAccountRequest, PayerAccountResult } from '@citecheck/proto';
import { isValidEmail } from '../domain/email';
import { messages } from '../domain/errors';
import type { IdentityContext } from './context';
import { createUser, sendVerification } from './new-account';

export async function payerAccount(
  ctx: Pick<IdentityContext, 'users' | 'pendingPlans' | 'tokens' | 'publish' | 'clock' | 'settings'>,
  request: PayerAccountRequest,
): Promise<PayerAccountResult> {
  const name = request.name.trim();
  const email = request.email.trim();
  if (!name || !email) return { ok: false, reason: 'invalid_input', message: messages.missingRegistrationFields };
  if (!isValidEmail(email)) return { ok: false, reason: 'invalid_input', message: messages.invalidEmail };
  let user = await ctx.users.byEmail(email);
  if (user?.isVerified) return { ok: false, reason: 'already_registered', message: messages.alreadyRegistered };
  if (!user) {
    try {
      user = await createUser(ctx, { name, email, newsletterOptIn: request.newsletterOptIn, passwordHash: null });
      await sendVerification(ctx, user);
    } catch (error) {
      // Registered a moment ago by a concurrent call: that account, as for any other.
      user = await ctx.users.byEmail(email);
      if (!user) throw error;
      if (user.isVerified) return { ok: false, reason: 'already_registered', message: messages.alreadyRegistered };
    }
  }
  return { ok: true, userId: user.id, name: user.name, email: user.email };
}
