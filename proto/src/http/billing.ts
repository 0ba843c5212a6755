import { z } from 'zod';
import { lenientFlag, lenientPassword, lenientText } from './lenient';

/**
 * Bodies of billing's REST calls (SPEC section 7, "Payments and billing"). Lenient like the
 * identity bodies: a missing or mistyped field reads as '' and the use case answers with the
 * specification's wording.
 */
const text = lenientText;
const password = lenientPassword;
const flag = lenientFlag;

/**
 * POST /api/create-subscription. A visitor may send the pending registration's name and
 * e-mail along, so the Stripe customer carries them before the account exists, and
 * `replacing`: the client secret of this browser's earlier unpaid attempt, cancelled for this one.
 */
export const createSubscriptionBodySchema = z.object({ planType: text, name: text, email: text, replacing: text });
/** POST /api/confirm-subscription (signed in). */
export const confirmSubscriptionBodySchema = z.object({ paymentIntentId: text });
/** POST /api/create-account-after-payment: the payment plus the stored pending registration. */
export const createAccountAfterPaymentBodySchema = z.object({
  paymentIntentId: text,
  name: text,
  email: text,
  password,
  newsletterOptIn: flag,
});
/** POST /api/upgrade-account (signed in): SPEC's account setup after a signed-in user paid. */
export const upgradeAccountBodySchema = z.object({ password, userType: text });
/** POST /api/billing/upgrade-subscription (signed in). */
export const upgradeSubscriptionBodySchema = z.object({ planType: text });

export type CreateSubscriptionBody = z.output<typeof createSubscriptionBodySchema>;
export type ConfirmSubscriptionBody = z.output<typeof confirmSubscriptionBodySchema>;
export type CreateAccountAfterPaymentBody = z.output<typeof createAccountAfterPaymentBodySchema>;
export type UpgradeSubscriptionBody = z.output<typeof upgradeSubscriptionBodySchema>;
export type UpgradeAccountBody = z.output<typeof upgradeAccountBodySchema>;

/** GET /api/billing/data (SPEC section 3, "Billing data"). */
export interface BillingData {
  subscription: {
    plan: { nickname: string; amount: number; interval: string };
    status: string;
    /** SPEC's wording for the status: 'Payment Required' while a payment is owed. */
    statusLabel: string;
    currentPeriodStart: number;
    currentPeriodEnd: number;
    cancelAtPeriodEnd: boolean;
  } | null;
  charges: Array<{ id: string; description: string; created: number; amount: number; status: string; receiptUrl: string | null }>;
  customer: { email: string; name: string | null } | null;
}
