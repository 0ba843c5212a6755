/** Billing renewed a paid period (`subscription.renewed`, after Stripe's `invoice.paid`): the month's count restarts. */
import type { SubscriptionRenewed } from '@citecheck/proto';
import type { IdentityContext } from './context';

export async function renewPeriod(ctx: Pick<IdentityContext, 'users'>, event: SubscriptionRenewed): Promise<void> {
  const user = (event.userId ? await ctx.users.byId(event.userId) : null) ?? (await ctx.users.byEmail(event.email));
  // No account yet (paid before signing up): the account starts its own period when created.
  if (!user) return;
  // Conditional on an older period: a repeated or out-of-order renewal changes nothing.
  await ctx.users.renewPeriod(user.id, event.periodStart);
}
