/** POST /api/register/free: a new free account; an address already registered is refused. */
import { isAcceptableName, type RegisterBody } from '@citecheck/proto';
import { isValidEmail } from '../domain/email';
import { badRequest, conflict, messages } from '../domain/errors';
import type { IdentityContext } from './context';
import { createUser, sendVerification } from './new-account';
import { issueToken } from './one-time-tokens';

export async function registerFree(
  ctx: Pick<IdentityContext, 'users' | 'pendingPlans' | 'tokens' | 'publish' | 'clock' | 'settings'>,
  input: RegisterBody,
): Promise<{ success: true; message: string; signInClaim: string }> {
  const { name, email } = input;
  if (!name || !email) throw badRequest(messages.missingFreeFields, 'missing_fields');
  if (!isValidEmail(email)) throw badRequest(messages.invalidEmail, 'invalid_email');
  // A stranger's name goes into a mail to the address typed: no sentences, no links.
  if (!isAcceptableName(name)) throw badRequest(messages.invalidName, 'invalid_name');
  if (await ctx.users.byEmail(email)) throw conflict(messages.alreadyRegistered, 'already_registered');
  const user = await createUser(ctx, { name, email, newsletterOptIn: input.newsletterOptIn, passwordHash: null });
  await sendVerification(ctx, user);
  // For the registering browser only (a cookie): signs it in once the address is verified (claim-session.ts).
  return { success: true, message: messages.checkEmail, signInClaim: await issueToken(ctx, 'claim', user.id) };
}
