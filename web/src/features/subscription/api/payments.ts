import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MutationCreateSubscriptionArgs } from '@citecheck/proto/graphql/types';
import { api, isApiError } from '@/lib/api-client';
import { graphqlFailure } from '@/lib/graphql-errors';
import type { PaidPlan } from '@citecheck/proto/plans';

/** Billing's own words when it has no Stripe keys (503). */
export class PaymentsNotConfiguredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentsNotConfiguredError';
  }
}

/**
 * A payment call the server refused, with its code: `already_registered` (the address has a
 * verified account: sign in), `registration_required`, `not_the_payer` (the account already
 * has another password), ...
 */
export class PaymentRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentRefusedError';
  }
}

function codeOf(error: unknown): string | undefined {
  const body = isApiError(error) ? (error.body as { error?: unknown } | undefined) : undefined;
  return typeof body?.error === 'string' ? body.error : undefined;
}

/** The server's error text, else the fallback SPEC's error catalogue gives. */
export function serverErrorOr(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

export interface CreatedSubscription {
  clientSecret: string;
  publishableKey: string | null;
}

const CREATE_SUBSCRIPTION: TypedDocumentNode<
  { createSubscription: { clientSecret: string; publishableKey: string | null } },
  MutationCreateSubscriptionArgs
> = gql`
  mutation CreateSubscription($planType: String!, $name: String, $email: String, $replacing: String) {
    createSubscription(planType: $planType, name: $name, email: $email, replacing: $replacing) {
      clientSecret
      publishableKey
    }
  }
`;

/** Billing's code for a server without Stripe keys (its 503). */
export const PAYMENTS_NOT_CONFIGURED = 'payments_not_configured';

/**
 * SPEC's POST /api/create-subscription, through the supergraph's createSubscription (the same
 * use case): its answer also names the publishable key the payment form needs, so the key is
 * configured once, on the server. A visitor sends the pending registration's name and e-mail,
 * and `replacing`, the client secret of this page's earlier unpaid attempt, which the server
 * then cancels so it does not stay live beside the new one.
 */
export async function createSubscription(planType: PaidPlan, who: { name?: string; email?: string; replacing?: string }): Promise<CreatedSubscription> {
  let answer: { clientSecret: string; publishableKey: string | null } | undefined;
  try {
    const { getApolloClient } = await import('@/lib/apollo');
    const { data } = await getApolloClient().mutate({ mutation: CREATE_SUBSCRIPTION, variables: { planType, ...who } });
    answer = data?.createSubscription;
  } catch (error) {
    const failure = graphqlFailure(error);
    // Only billing's own code means "no Stripe keys"; another 503 (billing unreachable) is a
    // failure to create the subscription, told with the server's words.
    if (failure.code === PAYMENTS_NOT_CONFIGURED) throw new PaymentsNotConfiguredError(failure.message || 'Payments are not configured');
    throw new PaymentRefusedError(failure.message || 'Failed to create subscription', failure.code, { cause: error });
  }
  if (!answer?.clientSecret) throw new Error('No payment intent created - missing client secret');
  return { clientSecret: answer.clientSecret, publishableKey: answer.publishableKey ?? null };
}

/**
 * POST /api/confirm-subscription (signed in). `passwordRequired`: the session was not opened
 * with a password (signed in by e-mail link), which the paid dashboard needs, so the page goes
 * on to the account setup to set one.
 */
export async function confirmSubscription(paymentIntentId: string): Promise<{ passwordRequired: boolean }> {
  let answer: { passwordRequired?: boolean } | undefined;
  try {
    answer = await api.post<{ passwordRequired?: boolean }>('/api/confirm-subscription', { paymentIntentId });
  } catch (error) {
    throw new Error(serverErrorOr(error, 'Failed to activate subscription'), { cause: error });
  }
  return { passwordRequired: answer?.passwordRequired === true };
}

/** POST /api/create-account-after-payment: returns the new account's session token. */
export async function createAccountAfterPayment(body: {
  paymentIntentId: string;
  name: string;
  email: string;
  password: string;
  newsletterOptIn: boolean;
}): Promise<string> {
  let answer: { sessionToken?: string; error?: string } | undefined;
  try {
    answer = await api.post('/api/create-account-after-payment', body);
  } catch (error) {
    throw new PaymentRefusedError(serverErrorOr(error, 'Failed to create account after payment'), codeOf(error), { cause: error });
  }
  if (!answer?.sessionToken) throw new Error(answer?.error || 'Failed to create account after payment');
  return answer.sessionToken;
}

/**
 * POST /api/upgrade-account (signed in, after paying without a password session or back from
 * Stripe's redirect): answers a password session for the account, which replaces the stored one.
 */
export async function upgradeAccount(password: string, userType: PaidPlan): Promise<string | null> {
  try {
    const answer = await api.post<{ sessionToken?: string }>('/api/upgrade-account', { password, userType });
    return answer?.sessionToken ?? null;
  } catch (error) {
    throw new PaymentRefusedError(serverErrorOr(error, 'Failed to complete account setup.'), codeOf(error), { cause: error });
  }
}
