import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { env } from '@/config/env';

let injected: Promise<void> | null = null;

/**
 * Puts the configured Stripe.js on the page before the loader runs: the loader uses a
 * `window.Stripe` that is already there instead of fetching its own. Without a configured
 * address (the production build) nothing is injected and the loader fetches from Stripe.
 */
function injectConfiguredScript(url: string): Promise<void> {
  if (!injected) {
    injected = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        injected = null;
        reject(new Error('Stripe.js failed to load'));
      };
      document.head.appendChild(script);
    });
  }
  return injected;
}

const byKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per publishable key, loaded on first use (only the payment view needs it). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = byKey.get(publishableKey);
  if (!stripe) {
    stripe = (env.STRIPE_JS_URL ? injectConfiguredScript(env.STRIPE_JS_URL) : Promise.resolve()).then(() => loadStripe(publishableKey));
    byKey.set(publishableKey, stripe);
  }
  return stripe;
}
