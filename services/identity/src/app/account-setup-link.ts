/**
 * The link a paid subscription's first receipt carries while its account has no password yet
 * (the payer closed the page before the account setup): a verification link to the mailed
 * address. Opening it verifies the address if needed and signs its owner in, and the page then
 * asks for the password the paid plan signs in with ('Set Up Your {Plan} Account'). The mail
 * going to the address is what makes the link safe to hand out.
 */
import type { IdentityContext } from './context';
import { issueToken } from './one-time-tokens';

export async function accountSetupLink(ctx: Pick<IdentityContext, 'users' | 'tokens' | 'clock' | 'settings'>, userId: string): Promise<string | null> {
  const user = userId ? await ctx.users.byId(userId) : null;
  if (!user || user.passwordHash) return null;
  const token = await issueToken(ctx, 'verification', user.id);
  return `${ctx.settings.publicUrl}/verify-email?token=${token}`;
}
