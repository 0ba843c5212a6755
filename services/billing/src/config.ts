/**
 * Billing's environment variables, on top of the platform's. Every Stripe variable is
 * optional: without them the payment calls answer that payments are not configured, and
 * start-up names what is missing (loudly in production).
 */
import { z } from 'zod';
import { envInt, envUrl, platformConfigSchema, type Resolved } from '@citecheck/platform';

export const configSchema = platformConfigSchema.extend({
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The Stripe Price (monthly, recurring) of each paid plan. */
  STRIPE_PRICE_PREMIUM: z.string().optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().optional(),
  /** Another Stripe API base URL (a local stand-in for Stripe); default Stripe's own. */
  STRIPE_API_BASE: envUrl().optional(),
  /**
   * Calls per client IP and window on the calls that reach Stripe without an account
   * (create-subscription, create-account-after-payment); the same variables as identity's.
   */
  RATE_LIMIT_WINDOW_MS: envInt(1000, 24 * 60 * 60 * 1000).default(60_000),
  RATE_LIMIT_PER_IP: envInt(1, 1_000_000).default(20),
  /** Distributed mode: identity's base URL (its `/internal/identity/*` routes). */
  IDENTITY_URL: envUrl().optional(),
  /** Distributed mode: shared secret sent to identity's internal routes as `x-internal-token`. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
});

export type BillingConfig = Resolved<z.output<typeof configSchema>>;

/** The variables payments need, in the order start-up names them. */
export const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_ENTERPRISE'] as const;

export function missingStripeVariables(config: Partial<Record<(typeof STRIPE_VARIABLES)[number], string | undefined>>): string[] {
  return STRIPE_VARIABLES.filter((name) => !config[name]);
}
