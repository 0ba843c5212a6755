/**
 * POST /api/create-account-after-payment: the visitor who paid first gets the account. It
 * exists only once Stripe says the PaymentIntent succeeded (read here, server-side); identity
 * creates it on the paid plan and makes the call idempotent per payment, so a retried or raced
 * call yields the same single account.
 */
import { ApiError, type CreateAccountAfterPaymentBody } from '@citecheck/proto';
import { messages } from '../domain/billing';
import { paymentsOf, type BillingContext } from './context';
import { paidSubscription } from './paid-subscription';

const REFUSALS = { already_registered: 409, invalid_input: 400, not_the_payer: 403 } as const;

export async function createAccountAfterPayment(
  ctx: Pick<BillingContext, 'stripe' | 'settings' | 'subscriptions' | 'identity' | 'logger'>,
  body: CreateAccountAfterPaymentBody,
): Promise<{ sessionToken: string }> {
  const payments = paymentsOf(ctx);
  const { sub, paidAt } = await paidSubscription(ctx, payments, body.paymentIntentId);
  const result = await ctx.identity.createPaidAccount({
    paymentId: body.paymentIntentId,
    name: body.name || sub.name,
    email: body.email || sub.email,
    password: body.password,
    newsletterOptIn: body.newsletterOptIn,
    userType: sub.plan,
    paidAt: paidAt.toISOString(),
  });
  if (!result.ok) throw new ApiError(REFUSALS[result.reason], result.message || messages.accountCreationFailed, result.reason);

  const linked = await ctx.subscriptions.linkAccount(sub.id, result.userId, body.email || sub.email, body.name || sub.name);
  if (linked) {
    // Receipts and the billing page then name the account's owner.
    await payments.stripe.customers
      .update(sub.customerId, { email: linked.email, name: linked.name, metadata: { userId: result.userId } })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'stripe customer not updated'));
  }
  return { sessionToken: result.sessionToken };
}
