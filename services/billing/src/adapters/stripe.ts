/**
 * The Stripe client, built once from configuration: Stripe's own API, or another base URL
 * (STRIPE_API_BASE) such as the local stand-in the tests start. Null when the secret key is
 * missing: payments are then not configured.
 */
import Stripe from 'stripe';

export function createStripeClient(secretKey: string | undefined, apiBase: string | undefined): Stripe | null {
  if (!secretKey) return null;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: 'CiteCheck' } };
  if (apiBase) {
    const url = new URL(apiBase);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(secretKey, options);
}
