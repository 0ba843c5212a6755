import * as z from 'zod/mini';

/**
 * The only module that reads Vite's build-time environment. Everything else imports `env`,
 * so pure modules stay free of `import.meta` and run under the Node test runner.
 * zod/mini keeps the parser out of the way of the initial-JavaScript budget.
 */
const EnvSchema = z.object({
  /** Where the API lives; empty means "same origin" (the gateway serves both). */
  API_URL: z._default(z.string(), ''),
  /** Provider-site pages linked from the landing page footer and the sign-up form. */
  TERMS_URL: z._default(z.string(), 'https://citecheck.ai/terms'),
  PRIVACY_URL: z._default(z.string(), 'https://citecheck.ai/privacy'),
  /** Shown in the support-form failure toast when set. */
  SUPPORT_EMAIL: z._default(z.string(), ''),
  /**
   * Where Stripe.js is loaded from. Empty (production) means Stripe's own address, which the
   * loader picks; the browser tests set it to a fake served locally, since they have no network.
   */
  STRIPE_JS_URL: z._default(z.string(), ''),
});

const raw = import.meta.env;

export const env = EnvSchema.parse({
  API_URL: raw.VITE_API_URL || undefined,
  TERMS_URL: raw.VITE_TERMS_URL || undefined,
  PRIVACY_URL: raw.VITE_PRIVACY_URL || undefined,
  SUPPORT_EMAIL: raw.VITE_SUPPORT_EMAIL || undefined,
  STRIPE_JS_URL: raw.VITE_STRIPE_JS_URL || undefined,
});
