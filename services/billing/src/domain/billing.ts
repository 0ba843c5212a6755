/**
 * Billing's pure rules: which Stripe price is which plan, how a subscription's status reads
 * to the user (SPEC section 4: a payment owed shows 'Payment Required'), and how amounts and
 * dates are written in mails (SPEC section 9: cents over 100 with two decimals, 'MMM dd, yyyy').
 */
import { ApiError, PLANS, type PaidPlan } from '@citecheck/proto';

export interface PriceIds {
  premium: string;
  enterprise: string;
}

export function planOfPrice(prices: PriceIds, priceId: string | null | undefined): PaidPlan | null {
  if (priceId === prices.premium) return 'premium';
  if (priceId === prices.enterprise) return 'enterprise';
  return null;
}

/** Stripe statuses in which the customer owes a payment. */
const PAYMENT_OWED = new Set(['incomplete', 'past_due', 'unpaid']);

export const PAYMENT_REQUIRED = 'Payment Required';

export function statusLabel(status: string): string {
  return PAYMENT_OWED.has(status) ? PAYMENT_REQUIRED : status;
}

/**
 * A renewal that failed and is still owed (Stripe's past_due, then unpaid): the plan stays,
 * its reports do not until the invoice is paid (the webhook's invoice.paid says so). Paying
 * something else (the first invoice's PaymentIntent again, an account setup) never settles it.
 */
export function renewalOwed(status: string | null | undefined): boolean {
  return status === 'past_due' || status === 'unpaid';
}

/** Statuses in which the plan's reports are available. */
export function grantsPlan(status: string): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

export function formatAmount(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Epoch seconds as 'Nov 24, 2026' (UTC). */
export function formatDate(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()}`;
}

export function planName(plan: PaidPlan): string {
  return PLANS[plan].name;
}

/** SPEC section 8's wording where it has some; plain sentences where it has none. */
export const messages = {
  notConfigured: 'Payments are not configured on this server.',
  registrationRequired: 'Failed to create subscription: register with your name and e-mail address first, so the plan you pay for has an account.',
  unknownPlan: 'Failed to create subscription: choose the Premium or Enterprise plan.',
  createFailed: 'Failed to create subscription',
  noClientSecret: 'No payment intent created - missing client secret',
  accountCreationFailed: 'Failed to create account after payment',
  paymentNotSucceeded: 'Failed to create account after payment: the payment has not succeeded.',
  activationFailed: 'Failed to activate subscription',
  authRequired: 'Please sign in to continue.',
  noBilling: 'No Billing Information',
  billingFetchFailed: 'Failed to fetch billing data',
  cancelFailed: 'Failed to cancel subscription. Please try again.',
  setupFailed: 'Failed to complete account setup.',
  alreadySubscribed: 'You already have a subscription. Upgrade it from the billing page.',
  upgradeFailed: 'Failed to upgrade subscription: only Premium can move up to Enterprise.',
  badSignature: 'Webhook signature verification failed',
} as const;

export const errors = {
  notConfigured: () => new ApiError(503, messages.notConfigured, 'payments_not_configured'),
  unknownPlan: () => new ApiError(400, messages.unknownPlan, 'unknown_plan'),
  registrationRequired: () => new ApiError(400, messages.registrationRequired, 'registration_required'),
  authRequired: () => new ApiError(401, messages.authRequired, 'auth_required'),
  noBilling: () => new ApiError(404, messages.noBilling, 'no_billing'),
  paymentNotFound: () => new ApiError(400, messages.accountCreationFailed, 'payment_not_found'),
  paymentNotSucceeded: () => new ApiError(402, messages.paymentNotSucceeded, 'payment_not_succeeded'),
  activationFailed: () => new ApiError(402, messages.activationFailed, 'activation_failed'),
  alreadySubscribed: () => new ApiError(409, messages.alreadySubscribed, 'already_subscribed'),
  upgradeFailed: () => new ApiError(409, messages.upgradeFailed, 'upgrade_not_allowed'),
  badSignature: () => new ApiError(400, messages.badSignature, 'bad_signature'),
};
