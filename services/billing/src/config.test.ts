import { loadConfig } from '@citecheck/platform';
import { configSchema, missingStripeVariables } from './config';

describe('billing configuration', () => {
  it('starts without Stripe and names every variable payments still need', () => {
    const config = loadConfig(configSchema, { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_PREMIUM: 'price_p' });
    expect(missingStripeVariables(config)).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ENTERPRISE']);
  });

  it('needs nothing more once all five are set', () => {
    const config = loadConfig(configSchema, {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PREMIUM: 'price_p',
      STRIPE_PRICE_ENTERPRISE: 'price_e',
    });
    expect(missingStripeVariables(config)).toEqual([]);
  });

  it('refuses a Stripe API base that is not a URL', () => {
    expect(() => loadConfig(configSchema, { STRIPE_API_BASE: 'localhost:12111' })).toThrow(/STRIPE_API_BASE/);
  });
});
