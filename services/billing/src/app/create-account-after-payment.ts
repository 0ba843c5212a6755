/**
 * POST /api/create-account-after-payment: SPEC's account setup for a visitor who paid before
 * signing in. It goes on only once Stripe says the PaymentIntent succeeded (read here,
 * server-side), and only for an attempt a signed-out visitor started: a signed-in user's payment
 * is set up through upgrade-account, with their session.
 *
 * The account is the one the subscription was made for (create-subscription asked identity
 * first); identity sets its password if it has none, applies the paid plan and answers a
 * password session. One account per payment: a retried or raced call with the same password
 * answers a session for the same account, any other password nothing.
 */
import { ApiError, type CreateAccountAfterPaymentBody } from '@citecheck/proto';
import { errors, messages } from '../domain/billing';
import { startedByVisitor } from './abandoned-payments';
import { paymentsOf, type BillingContext } from './context';
import { paidSubscription } from './paid-subscription';

const REFUSALS = { already_registered: 409, invalid_input: 400, not_the_payer: 403, not_found: 404 } as const;

export async function createAccountAfterPayment(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'identity' | 'logger'>,
  body: CreateAccountAfterPaymentBody,
  /** The calling browser's registration claim (cookie), handed to identity with the password. */
  claim: string | null = null,
): Promise<{ sessionToken: string }> {
  const payments = paymentsOf(ctx);
  const { sub, paidAt } = await paidSubscription(ctx, payments, body.paymentIntentId);
  if (!startedByVisitor(sub)) throw errors.paymentNotFound();
  const result = await ctx.identity.createPaidAccount({
    paymentId: body.paymentIntentId,
    userId: sub.userId || null,
    claim,
    name: body.name || sub.name,
    email: body.email || sub.email,
    password: body.password,
    newsletterOptIn: body.newsletterOptIn,
    userType: sub.plan,
    paidAt: paidAt.toISOString(),
  });
  if (!result.ok) throw new ApiError(REFUSALS[result.reason], result.message || messages.accountCreationFailed, result.reason);

  // Records from before accounts were made first: the account is linked now.
  const linked = await ctx.subscriptions.linkAccount(sub.id, result.userId, body.email || sub.email, body.name || sub.name);
  if (linked) {
    // Receipts and the billing page then name the account's owner.
    await payments.stripe.customers
      .update(sub.customerId, { email: linked.email, name: linked.name, metadata: { userId: result.userId } })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'stripe customer not updated'));
  }
  return { sessionToken: result.sessionToken };
}
