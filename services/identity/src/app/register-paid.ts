/**
 * POST /api/register/paid: only meaningful after payment. Billing owns the payment; identity
 * creates the account as free with its password, and billing upgrades it by publishing
 * `subscription.changed` once the payment is confirmed. A payment confirmed before this call
 * is kept as a pending plan and applied when the account is created.
 */
import { isAcceptableName, type RegisterPaidBody } from '@citecheck/proto';
import { isValidEmail } from '../domain/email';
import { badRequest, conflict, messages } from '../domain/errors';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../domain/passwords';
import type { IdentityContext } from './context';
import { createUser, sendVerification } from './new-account';

export async function registerPaid(
  ctx: Pick<IdentityContext, 'users' | 'pendingPlans' | 'tokens' | 'publish' | 'clock' | 'settings'>,
  input: RegisterPaidBody,
): Promise<{ success: true; message: string }> {
  const { name, email, password } = input;
  if (!name || !email || !password) throw badRequest(messages.missingFreeFields, 'missing_fields');
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmail, 'invalid_email');
  // A stranger's name goes into a mail to the address typed: no sentences, no links.
  if (!isAcceptableName(name)) throw badRequest(messages.invalidName, 'invalid_name');
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.passwordTooShortSetup, 'password_too_short');
  if (await ctx.users.byEmail(email)) throw conflict(messages.alreadyRegistered, 'already_registered');
  const user = await createUser(ctx, { name, email, newsletterOptIn: input.newsletterOptIn, passwordHash: await hashPassword(password) });
  await sendVerification(ctx, user);
  return { success: true, message: messages.checkEmail };
}
